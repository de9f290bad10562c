import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, parseSettings, parseSize, windowTitle } from "./settings";

describe("parseSettings", () => {
  it("falls back to the defaults", () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings("{not json")).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: "#409EFF",
      sideTheme: "dark",
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
    });
  });

  it("keeps valid saved values and drops invalid ones", () => {
    const saved = JSON.stringify({ theme: "#11a983", sideTheme: "light", topNav: true, tagsView: "no", theme2: 1 });
    expect(parseSettings(saved)).toEqual({ ...DEFAULT_SETTINGS, theme: "#11a983", sideTheme: "light", topNav: true });
    expect(parseSettings(JSON.stringify({ theme: "red", sideTheme: "blue" }))).toEqual(DEFAULT_SETTINGS);
  });
});

describe("parseSize", () => {
  it("accepts the four sizes, medium by default", () => {
    expect(parseSize("mini")).toBe("mini");
    expect(parseSize("huge")).toBe("medium");
    expect(parseSize(undefined)).toBe("medium");
  });
});

describe("windowTitle", () => {
  const base = { productName: "安信", systemName: "安信管理系统", pageTitle: "用户管理" };

  it("shows the page title with dynamic titles on (the default), the product name on a page without one", () => {
    expect(DEFAULT_SETTINGS.dynamicTitle).toBe(true);
    expect(windowTitle({ ...base, dynamicTitle: true })).toBe("用户管理 - 安信管理系统");
    expect(windowTitle({ ...base, dynamicTitle: true, pageTitle: undefined })).toBe("安信");
  });

  it("shows the fixed system name on every page with dynamic titles off", () => {
    expect(windowTitle({ ...base, dynamicTitle: false })).toBe("安信管理系统");
    expect(windowTitle({ ...base, dynamicTitle: false, pageTitle: undefined })).toBe("安信管理系统");
  });
});
