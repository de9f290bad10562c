import { describe, expect, it } from "vitest";
import { mountedCookie, onlyCookie } from "./embedded-page";

describe("embedded pages", () => {
  it("pass on only the page's own cookie", () => {
    expect(onlyCookie("next-auth.session-token=secret; console_pool=abc==; other=1", "console_pool")).toBe("console_pool=abc==");
    expect(onlyCookie("next-auth.session-token=secret", "console_pool")).toBeNull();
    expect(onlyCookie("console_pool=", "console_pool")).toBeNull();
    expect(onlyCookie(null, "console_docs")).toBeNull();
  });

  it("scope the page's cookie to its mount", () => {
    expect(mountedCookie("console_pool=abc; HttpOnly; Path=/; SameSite=Lax", "/pool")).toBe("console_pool=abc; HttpOnly; SameSite=Lax; Path=/pool");
    expect(mountedCookie("console_docs=x; path=/docs", "/api-docs")).toBe("console_docs=x; Path=/api-docs");
    expect(mountedCookie("console_docs=x", "/api-docs")).toBe("console_docs=x; Path=/api-docs");
  });
});
