import { describe, expect, it } from "vitest";
import { addMonths, dayRole, monthGrid, openingMonth, pickDay, rangeText, today } from "./date-range";

describe("date-range picker values", () => {
  it("lays a month out in six weeks from the Sunday on or before the 1st", () => {
    const grid = monthGrid({ year: 2026, month: 11 }); // 1 November 2026 is a Sunday
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ day: "2026-11-01", inMonth: true });
    expect(grid[29]).toEqual({ day: "2026-11-30", inMonth: true });
    expect(grid[30]).toEqual({ day: "2026-12-01", inMonth: false });
    const february = monthGrid({ year: 2028, month: 2 }); // a leap year, the 1st a Tuesday
    expect(february.slice(0, 3).map((d) => d.day)).toEqual(["2028-01-30", "2028-01-31", "2028-02-01"]);
    expect(february.filter((d) => d.inMonth).at(-1)?.day).toBe("2028-02-29");
  });

  it("moves between months across years", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(openingMonth("2025-03-09", "2026-11-23")).toEqual({ year: 2025, month: 3 });
    expect(openingMonth("", "2026-11-23")).toEqual({ year: 2026, month: 11 });
  });

  it("takes two clicks for a range, in either order", () => {
    expect(pickDay(null, "2026-11-20")).toEqual({ pending: "2026-11-20", range: null });
    expect(pickDay("2026-11-20", "2026-11-03")).toEqual({ pending: null, range: ["2026-11-03", "2026-11-20"] });
    expect(pickDay("2026-11-03", "2026-11-20")).toEqual({ pending: null, range: ["2026-11-03", "2026-11-20"] });
    expect(pickDay("2026-11-03", "2026-11-03")).toEqual({ pending: null, range: ["2026-11-03", "2026-11-03"] });
  });

  it("marks the ends and the days between", () => {
    expect(dayRole("2026-11-03", "2026-11-03", "2026-11-20", null)).toBe("end");
    expect(dayRole("2026-11-10", "2026-11-03", "2026-11-20", null)).toBe("inside");
    expect(dayRole("2026-11-21", "2026-11-03", "2026-11-20", null)).toBeNull();
    expect(dayRole("2026-11-10", "", "", null)).toBeNull();
    // while the second click is awaited only the first is marked
    expect(dayRole("2026-11-10", "2026-11-03", "2026-11-20", "2026-11-15")).toBeNull();
    expect(dayRole("2026-11-15", "2026-11-03", "2026-11-20", "2026-11-15")).toBe("end");
  });

  it("shows the range on the trigger and the browser's local today", () => {
    expect(rangeText("2026-11-03", "2026-11-20", "至")).toBe("2026-11-03 至 2026-11-20");
    expect(rangeText("", "", "至")).toBe("");
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});
