import { describe, expect, it } from "vitest";
import { parseTime, relativeTime } from "./time";

describe("parseTime", () => {
  it("formats with the default pattern", () => {
    expect(parseTime(new Date(2024, 0, 5, 8, 3, 9))).toBe("2024-01-05 08:03:09");
  });

  it("treats a 10-digit number as seconds and a longer one as milliseconds", () => {
    const date = new Date(2023, 10, 14, 22, 13, 20);
    const seconds = Math.floor(date.getTime() / 1000);
    expect(parseTime(seconds)).toBe("2023-11-14 22:13:20");
    expect(parseTime(date.getTime())).toBe("2023-11-14 22:13:20");
    expect(parseTime(String(seconds))).toBe("2023-11-14 22:13:20");
  });

  it("reads the server's 'yyyy-MM-dd HH:mm:ss' and ISO strings", () => {
    expect(parseTime("2024-03-01 12:30:00", "{y}/{m}/{d} {h}:{i}")).toBe("2024/03/01 12:30");
    expect(parseTime("2024-03-01T12:30:00.123", "{h}:{i}:{s}")).toBe("12:30:00");
  });

  it("shows the weekday in Chinese", () => {
    expect(parseTime(new Date(2024, 5, 2), "{y}-{m}-{d} 星期{a}")).toBe("2024-06-02 星期日");
    expect(parseTime(new Date(2024, 5, 3), "{a}")).toBe("一");
    expect(parseTime(new Date(2024, 5, 8), "{a}")).toBe("六");
  });

  it("gives null for nothing or an invalid time", () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime("")).toBeNull();
    expect(parseTime("not a date")).toBeNull();
  });
});

describe("relativeTime", () => {
  const now = new Date(2024, 6, 1, 12, 0, 0).getTime();
  const minutes = (n: number) => now - n * 60_000;
  const days = (n: number) => now - n * 86_400_000;

  it("counts months of 30 days, then weeks, days, hours and minutes", () => {
    expect(relativeTime(days(65), now)).toBe("2个月前");
    expect(relativeTime(days(30), now)).toBe("1个月前");
    expect(relativeTime(days(29), now)).toBe("4周前");
    expect(relativeTime(days(7), now)).toBe("1周前");
    expect(relativeTime(days(3), now)).toBe("3天前");
    expect(relativeTime(minutes(125), now)).toBe("2小时前");
    expect(relativeTime(minutes(59), now)).toBe("59分钟前");
  });

  it("says 刚刚 under a minute and nothing for the future", () => {
    expect(relativeTime(now - 30_000, now)).toBe("刚刚");
    expect(relativeTime(now, now)).toBe("刚刚");
    expect(relativeTime(now + 60_000, now)).toBe("");
  });
});
