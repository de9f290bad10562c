import { describe, expect, it } from "vitest";
import { createRouteSearch, MAX_PATTERN_LENGTH, ROUTE_SEARCH_OPTIONS } from "./route-search";
import { searchItems } from "./routes";
import { ROUTERS } from "./routers.fixture";

describe("route search", () => {
  const search = createRouteSearch(searchItems(ROUTERS));

  it("uses the spec's fuzzy options", () => {
    expect(ROUTE_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(ROUTE_SEARCH_OPTIONS.keys).toEqual([
      { name: "title", weight: 0.7 },
      { name: "path", weight: 0.3 },
    ]);
    expect(MAX_PATTERN_LENGTH).toBe(32);
  });

  it("finds a page by title and by path", () => {
    expect(search("操作日志")[0].path).toBe("/system/log/operlog");
    expect(search("gen")[0].path).toBe("/tool/gen");
  });

  it("tolerates a typo but not nonsense", () => {
    expect(search("opurlog")[0]?.path).toBe("/system/log/operlog");
    expect(search("zzzzqqqq")).toEqual([]);
  });

  it("gives nothing for a blank query and cuts long ones", () => {
    expect(search("   ")).toEqual([]);
    expect(search(`operlog${"x".repeat(60)}`)).toEqual(search(`operlog${"x".repeat(25)}`));
  });
});
