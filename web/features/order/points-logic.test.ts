import { describe, expect, it } from "vitest";
import { POINTS_STATUSES, statusQuery, totalOf } from "./points-logic";

describe("points orders panel logic", () => {
  it("reads the page total", () => {
    expect(totalOf({ total: 12 })).toBe(12);
    expect(totalOf({})).toBe(0);
    expect(totalOf(null)).toBe(0);
    expect(totalOf({ total: Number.NaN })).toBe(0);
  });

  it("asks for one row per status", () => {
    expect(POINTS_STATUSES[0]).toBe("to_ship");
    expect(statusQuery("shipped")).toEqual({ status: "shipped", pageNum: "1", pageSize: "1" });
  });
});
