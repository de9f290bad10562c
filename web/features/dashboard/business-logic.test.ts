import { describe, expect, it } from "vitest";
import { chartMoney, chartRows, presetOf, presetRange, rangeProblem } from "./business-logic";

describe("business report logic", () => {
  it("builds the preset ranges ending today", () => {
    expect(presetRange("2026-03-10", 7)).toEqual(["2026-03-04", "2026-03-10"]);
    expect(presetRange("2026-03-01", 30)).toEqual(["2026-01-31", "2026-03-01"]);
    expect(presetOf(["2026-03-04", "2026-03-10"], "2026-03-10")).toBe(7);
    expect(presetOf(["2026-03-05", "2026-03-10"], "2026-03-10")).toBeNull();
    expect(presetOf(["2026-03-04", "2026-03-10"], "2026-03-11")).toBeNull();
  });

  it("words range problems as the server does", () => {
    expect(rangeProblem("2026-03-02", "2026-03-01")).toBe("开始日期不能晚于结束日期");
    expect(rangeProblem("2025-01-01", "2026-01-02")).toBe("日期范围不能超过366天");
    expect(rangeProblem("2025-01-01", "2026-01-01")).toBeNull();
    expect(rangeProblem("", "2026-01-01")).toBeNull();
  });

  it("labels the chart rows by month and day", () => {
    const rows = chartRows([{ day: "2026-03-10", orders: 2, paidFen: 1050, refundFen: 0 }]);
    expect(rows[0]).toMatchObject({ label: "03-10", paidYuan: 10.5, refundYuan: 0 });
  });

  it("shows a tooltip's money as the row's exact fen in yuan", () => {
    const [row] = chartRows([{ day: "2026-03-10", orders: 1, paidFen: 123456789, refundFen: 29 }]);
    expect(chartMoney("paidYuan", row)).toBe("¥1,234,567.89");
    expect(chartMoney("refundYuan", row)).toBe("¥0.29");
  });
});
