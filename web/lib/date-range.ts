/**
 * The value handling of the date-range picker (components/date-range-picker.tsx): days are the
 * contract's "yyyy-MM-dd" strings, computed in UTC so that no time zone shifts a day.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface Month {
  year: number;
  /** 1–12 */
  month: number;
}

export interface CalendarDay {
  day: string;
  inMonth: boolean;
}

export function isDay(value: string | null | undefined): value is string {
  return !!value && DAY.test(value);
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The browser's own today, as a day. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function monthOf(day: string): Month {
  const [, y, m] = DAY.exec(day) ?? [];
  return { year: Number(y), month: Number(m) };
}

export function addMonths({ year, month }: Month, count: number): Month {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Six weeks from the Sunday on or before the 1st: the month's days and the neighbours' that fill the grid. */
export function monthGrid({ year, month }: Month): CalendarDay[] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const start = Date.UTC(year, month - 1, 1 - first.getUTCDay());
  return Array.from({ length: 42 }, (_, i) => {
    const date = new Date(start + i * 86_400_000);
    return { day: format(date), inMonth: date.getUTCMonth() === month - 1 };
  });
}

/** The month the calendar opens on: the chosen beginning's, else today's. */
export function openingMonth(begin: string, now: string): Month {
  return monthOf(isDay(begin) ? begin : now);
}

/**
 * A click on a day: the first click marks one end (pending), the second completes the range in order
 * (the same day twice is a one-day range).
 */
export function pickDay(pending: string | null, day: string): { pending: string | null; range: [string, string] | null } {
  if (pending === null) return { pending: day, range: null };
  return { pending: null, range: pending <= day ? [pending, day] : [day, pending] };
}

/** How a day is drawn: an end of the range, inside it, or neither (a pending first click is an end). */
export function dayRole(day: string, begin: string, end: string, pending: string | null): "end" | "inside" | null {
  if (pending !== null) return day === pending ? "end" : null;
  if (!isDay(begin) || !isDay(end)) return null;
  if (day === begin || day === end) return "end";
  return day > begin && day < end ? "inside" : null;
}

/** The trigger's text: "begin 至 end", or empty when no range is chosen. */
export function rangeText(begin: string, end: string, separator: string): string {
  if (!isDay(begin) && !isDay(end)) return "";
  return `${isDay(begin) ? begin : ""} ${separator} ${isDay(end) ? end : ""}`;
}
