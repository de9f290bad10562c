import { describe, expect, it } from "vitest";
import { relativeParts, separatorIndexes } from "./relative-time";

const now = new Date(2026, 5, 30, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("relativeParts", () => {
  it("counts months of 30 days, then weeks, days, hours, minutes", () => {
    expect(relativeParts(ago(65 * DAY), now)).toEqual({ unit: "months", count: 2 });
    expect(relativeParts(ago(30 * DAY), now)).toEqual({ unit: "months", count: 1 });
    expect(relativeParts(ago(29 * DAY), now)).toEqual({ unit: "weeks", count: 4 });
    expect(relativeParts(ago(7 * DAY), now)).toEqual({ unit: "weeks", count: 1 });
    expect(relativeParts(ago(6 * DAY), now)).toEqual({ unit: "days", count: 6 });
    expect(relativeParts(ago(125 * MIN), now)).toEqual({ unit: "hours", count: 2 });
    expect(relativeParts(ago(59 * MIN), now)).toEqual({ unit: "minutes", count: 59 });
    expect(relativeParts(ago(MIN), now)).toEqual({ unit: "minutes", count: 1 });
  });

  it("is 'just now' under a minute and nothing in the future", () => {
    expect(relativeParts(ago(59_000), now)).toEqual({ unit: "now", count: 0 });
    expect(relativeParts(now, now)).toEqual({ unit: "now", count: 0 });
    expect(relativeParts(now + 1000, now)).toBeNull();
    expect(relativeParts(null, now)).toBeNull();
    expect(relativeParts("not a time", now)).toBeNull();
  });

  it("reads the core's 'yyyy-MM-dd HH:mm:ss' times", () => {
    expect(relativeParts("2026-06-30 11:00:00", now)).toEqual({ unit: "hours", count: 1 });
  });
});

describe("separatorIndexes", () => {
  it("puts a separator before the first message and after gaps of more than five minutes", () => {
    const times = [ago(60 * MIN), ago(58 * MIN), ago(50 * MIN), ago(49 * MIN), ago(MIN)];
    expect([...separatorIndexes(times)]).toEqual([0, 2, 4]);
    expect([...separatorIndexes([])]).toEqual([]);
  });
});
