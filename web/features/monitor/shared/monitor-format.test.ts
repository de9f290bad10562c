import { describe, expect, it } from "vitest";
import {
  commandSlices,
  formatAmount,
  formatBytes,
  formatMs,
  formatPercent,
  isHighUsage,
  memoryGauge,
  niceCeiling,
  parseHumanSize,
} from "./monitor-format";

describe("figures", () => {
  it("formats percentages", () => {
    expect(formatPercent(12.3456)).toBe("12.35%");
    expect(formatPercent(0)).toBe("0.00%");
    expect(formatPercent(100, 0)).toBe("100%");
    expect(formatPercent(undefined)).toBe("-");
    expect(formatPercent(Number.NaN)).toBe("-");
  });

  it("formats bytes in the largest fitting unit", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.50 KB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.00 GB");
    expect(formatBytes(-1)).toBe("-");
    expect(formatBytes(null)).toBe("-");
  });

  it("formats amounts the server already sized", () => {
    expect(formatAmount(15.534, "GB")).toBe("15.53 GB");
    expect(formatAmount(80, "MB")).toBe("80.00 MB");
    expect(formatAmount("x", "MB")).toBe("-");
  });

  it("marks a usage above 80 %", () => {
    expect(isHighUsage(80)).toBe(false);
    expect(isHighUsage(80.01)).toBe(true);
    expect(isHighUsage(undefined)).toBe(false);
  });

  it("formats durations and lateness", () => {
    expect(formatMs(0)).toBe("0 ms");
    expect(formatMs(850.4)).toBe("850 ms");
    expect(formatMs(1250)).toBe("1.25 s");
    expect(formatMs(125_000)).toBe("2 min 5 s");
    expect(formatMs(-12)).toBe("-12 ms");
    expect(formatMs(null)).toBe("-");
  });
});

describe("cache charts", () => {
  it("reads Redis human sizes", () => {
    expect(parseHumanSize("800B")).toBe(800);
    expect(parseHumanSize("862.5K")).toBe(862.5 * 1024);
    expect(parseHumanSize("1.5M")).toBe(1.5 * 1024 ** 2);
    expect(parseHumanSize("2G")).toBe(2 * 1024 ** 3);
    expect(parseHumanSize("0")).toBe(0);
    expect(parseHumanSize("-")).toBeNull();
    expect(parseHumanSize(12)).toBeNull();
  });

  it("rounds a scale up to a nice number", () => {
    expect(niceCeiling(45.3)).toBe(50);
    expect(niceCeiling(120)).toBe(200);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(0.3)).toBe(0.5);
    expect(niceCeiling(0)).toBe(1);
  });

  it("builds the memory gauge on maxmemory or a nice scale", () => {
    expect(memoryGauge("45.3M")).toEqual({ value: 45.3, max: 50, unit: "MB", percent: (45.3 / 50) * 100, label: "45.3M" });
    expect(memoryGauge("1.5M", "0B")).toMatchObject({ value: 1.5, max: 2, unit: "MB" });
    expect(memoryGauge("512M", "1G")).toMatchObject({ value: 512, max: 1024, percent: 50 });
    expect(memoryGauge("-")).toBeNull();
  });

  it("turns command statistics into pie slices, largest first, the tail folded", () => {
    const stats = [
      { name: "get", value: "10" },
      { name: "set", value: "30" },
      { name: "del", value: "0" },
      { name: "info", value: "5" },
    ];
    expect(commandSlices(stats, "其他")).toEqual([
      { name: "set", value: 30 },
      { name: "get", value: 10 },
      { name: "info", value: 5 },
    ]);
    expect(commandSlices(stats, "其他", 1)).toEqual([
      { name: "set", value: 30 },
      { name: "其他", value: 15 },
    ]);
  });
});
