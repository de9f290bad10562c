import { describe, expect, it } from "vitest";
import { decodeRing, fitted, mercator, ringsToPath } from "./geo";
import { countsByProvince, defaultRange, rangeProblem, shadeFill, shadeStep, shortProvince } from "./logic";

describe("the date range", () => {
  it("defaults to the last 30 days, month and year boundaries included", () => {
    expect(defaultRange("2026-03-15")).toEqual(["2026-02-14", "2026-03-15"]);
    expect(defaultRange("2026-01-10")).toEqual(["2025-12-12", "2026-01-10"]);
  });

  it("refuses a reversed range and one over 366 days, as the server does", () => {
    expect(rangeProblem("2026-03-05", "2026-03-01")).toBe("开始日期不能晚于结束日期");
    expect(rangeProblem("2025-03-03", "2026-03-03")).toBeNull(); // 366 days
    expect(rangeProblem("2025-03-02", "2026-03-03")).toBe("日期范围不能超过366天");
    expect(rangeProblem("2026-03-01", "2026-03-01")).toBeNull();
    expect(rangeProblem("", "")).toBeNull();
  });
});

describe("provinces on the map", () => {
  it("matches full names to the map's short ones and leaves unknown ones out", () => {
    expect(["广东省", "内蒙古自治区", "广西壮族自治区", "香港特别行政区", "北京市", "北京"].map(shortProvince)).toEqual([
      "广东", "内蒙古", "广西", "香港", "北京", "北京"]);
    const counts = countsByProvince(
      [
        { province: "广东", count: 3, cities: [] },
        { province: "北京市", count: 2, cities: [] },
        { province: "北京", count: 1, cities: [] },
        { province: "未知", count: 4, cities: [] },
      ],
      ["广东", "北京", "上海"],
    );
    expect([...counts]).toEqual([["广东", 3], ["北京", 3]]);
  });

  it("shades by the share of the largest count", () => {
    expect([0, 1, 4, 25, 100].map((n) => shadeStep(n, 100))).toEqual([0, 1, 1, 3, 5]);
    expect(shadeStep(5, 0)).toBe(0);
    expect(shadeFill(0)).toBe("var(--muted)");
    expect(shadeFill(5)).toContain("100%");
  });
});

describe("the projection", () => {
  it("decodes ECharts' zig-zag deltas", () => {
    // "@@" is no step; "B@" one unit east (zig-zag 2 → +1), "A@" one unit west (1 → -1).
    expect(decodeRing("@@B@A@", [1024, 2048])).toEqual([[1, 2], [1 + 1 / 1024, 2], [1, 2]]);
  });

  it("is Mercator: a degree of latitude grows away from the equator", () => {
    expect(mercator([120, 0])[0]).toBe(120);
    expect(mercator([120, 0])[1]).toBeCloseTo(0, 9);
    const low = mercator([0, 11])[1] - mercator([0, 10])[1];
    const high = mercator([0, 51])[1] - mercator([0, 50])[1];
    expect(high).toBeGreaterThan(low * 1.4);
  });

  it("fits the bounds to the width, north up", () => {
    const { project, height } = fitted([[100, 20], [120, 40]], 200);
    expect(project([100, 40])).toEqual([0, 0]);
    const [x, y] = project([120, 20]);
    expect(x).toBeCloseTo(200);
    expect(y).toBeCloseTo(height, 0);
    expect(height).toBeGreaterThan(200); // Mercator stretches 20° of latitude there beyond 20° of longitude
  });

  it("writes closed relative paths, dropping repeated and degenerate rings", () => {
    const identity = (p: [number, number]): [number, number] => p;
    expect(ringsToPath([[[0, 0], [10, 0], [10, 0.2], [10, 10]], [[1, 1], [2, 2]]], identity)).toBe("M0 0l10 0 0 10z");
  });
});
