import { describe, expect, it } from "vitest";
import nextConfig from "../next.config";

describe("the web server's answers", () => {
  it("do not name the software (no X-Powered-By: Next.js)", () => {
    expect(nextConfig.poweredByHeader).toBe(false);
  });
});
