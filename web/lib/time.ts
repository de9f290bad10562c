const WEEKDAYS = ["日", "一", "二", "三", "四", "五", "六"];
const DEFAULT_TIME_PATTERN = "{y}-{m}-{d} {h}:{i}:{s}";

type TimeInput = Date | string | number | null | undefined;

/** Turns the inputs the back end sends (Date, ms or 10-digit seconds, 'yyyy-MM-dd HH:mm:ss') into a Date. */
export function toDate(time: TimeInput): Date | null {
  if (time === null || time === undefined || time === "") return null;
  if (time instanceof Date) return Number.isNaN(time.getTime()) ? null : time;
  let value: string | number = time;
  if (typeof value === "string") {
    value = /^\d+$/.test(value)
      ? Number.parseInt(value, 10)
      : value.replace(/-/g, "/").replace("T", " ").replace(/\.\d{3}/g, "");
  }
  if (typeof value === "number" && String(value).length === 10) value *= 1000;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Formats a time with '{y}-{m}-{d} {h}:{i}:{s}' placeholders; '{a}' is the weekday in Chinese. */
export function parseTime(time: TimeInput, pattern = DEFAULT_TIME_PATTERN): string | null {
  const date = toDate(time);
  if (!date) return null;
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return pattern.replace(/\{([ymdhisa])+\}/g, (_match, key: string) => {
    const value = parts[key];
    if (key === "a") return WEEKDAYS[value];
    return value < 10 ? `0${value}` : String(value);
  });
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

/** '3个月前', '2周前', '5天前', '4小时前', '10分钟前' or '刚刚'; a time in the future gives ''. */
export function relativeTime(time: TimeInput, now: number = Date.now()): string {
  const date = toDate(time);
  if (!date) return "";
  const diff = now - date.getTime();
  if (diff < 0) return "";
  const steps: [number, string][] = [
    [MONTH, "个月前"],
    [WEEK, "周前"],
    [DAY, "天前"],
    [HOUR, "小时前"],
    [MINUTE, "分钟前"],
  ];
  for (const [size, suffix] of steps) {
    const count = Math.floor(diff / size);
    if (count >= 1) return `${count}${suffix}`;
  }
  return "刚刚";
}
