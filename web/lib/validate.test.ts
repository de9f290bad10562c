import { describe, expect, it } from "vitest";
import { isExternal, isNumeric, isNumericId, loginAgainPath, safeRedirect } from "./validate";

describe("isNumeric", () => {
  it.each(["0", "12", "-3.5", "0.25", 7, -1])("accepts %s", (value) => {
    expect(isNumeric(value)).toBe(true);
  });

  it.each(["012", "1.", "abc", "", "-", "1e3", " 1", "+2", null])("rejects %s", (value) => {
    expect(isNumeric(value)).toBe(false);
  });
});

describe("isNumericId", () => {
  it("accepts digits only", () => {
    expect(isNumericId("12")).toBe(true);
    expect(isNumericId("12a")).toBe(false);
    expect(isNumericId("-1")).toBe(false);
    expect(isNumericId(undefined)).toBe(false);
  });
});

describe("isExternal", () => {
  it("knows links that leave the console", () => {
    expect(isExternal("https://ruoyi.vip")).toBe(true);
    expect(isExternal("mailto:a@b.c")).toBe(true);
    expect(isExternal("/system/user")).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site relative paths", () => {
    expect(safeRedirect("/system/user?pageNum=2")).toBe("/system/user?pageNum=2");
  });

  it("refuses anything else", () => {
    expect(safeRedirect("https://evil.example/")).toBe("/index");
    expect(safeRedirect("//evil.example/")).toBe("/index");
    expect(safeRedirect("/\\evil.example")).toBe("/index");
    expect(safeRedirect("system/user")).toBe("/index");
    expect(safeRedirect("/login?redirect=/x")).toBe("/index");
    expect(safeRedirect(null)).toBe("/index");
  });
});

describe("loginAgainPath", () => {
  it("comes back to the page the operator was on, query included", () => {
    expect(loginAgainPath("/system/user?userName=ry")).toBe("/login?redirect=%2Fsystem%2Fuser%3FuserName%3Dry");
  });

  it("sends anything else to the bare sign-in page", () => {
    for (const from of ["https://evil.example/", "//evil.example/", "/login?redirect=/x", "/session-ended?reason=expired", "", null]) {
      expect(loginAgainPath(from)).toBe("/login");
    }
  });
});
