import { describe, expect, it } from "vitest";
import { bffPoolPath, isPoolPath, poolFrameSrc, poolLocation } from "./monitor-pool";

describe("the pool page's pass-through", () => {
  it("opens the frame with the ticket", () => {
    expect(poolFrameSrc("a-b_c")).toBe("/pool/open?ticket=a-b_c");
    expect(poolFrameSrc("a+b/c")).toBe("/pool/open?ticket=a%2Bb%2Fc");
  });

  it("accepts only plain path segments", () => {
    expect(isPoolPath([])).toBe(true);
    expect(isPoolPath(["open"])).toBe(true);
    expect(isPoolPath(["data"])).toBe(true);
    expect(isPoolPath([".."])).toBe(false);
    expect(isPoolPath(["a.b"])).toBe(false);
    expect(isPoolPath([""])).toBe(false);
    expect(isPoolPath(["a", "b", "c", "d", "e"])).toBe(false);
  });

  it("maps to the BFF's address", () => {
    expect(bffPoolPath([], "")).toBe("/bff/pages/monitor/pool/");
    expect(bffPoolPath(["open"], "?ticket=x")).toBe("/bff/pages/monitor/pool/open?ticket=x");
  });

  it("keeps redirects on the mount", () => {
    expect(poolLocation("/pool/")).toBe("/pool");
    expect(poolLocation("/pool")).toBe("/pool");
    expect(poolLocation("/pool/data")).toBe("/pool/data");
    expect(poolLocation("https://evil.example/")).toBe("/pool");
    expect(poolLocation("/poolside")).toBe("/pool");
    expect(poolLocation(null)).toBeNull();
  });
});
