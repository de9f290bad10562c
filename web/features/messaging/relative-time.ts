/**
 * Relative times of the chat (spec §9): months ago (a month is 30 days), weeks, days, hours, minutes
 * ago, else 'just now'; a time in the future shows nothing. The result is a message key and a count so
 * that each language words it (messages: chat.relative.*).
 */
import { toDate } from "@/lib/time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

export type RelativeUnit = "months" | "weeks" | "days" | "hours" | "minutes" | "now";

export interface RelativeTime {
  unit: RelativeUnit;
  count: number;
}

type TimeInput = Date | string | number | null | undefined;

const STEPS: [number, Exclude<RelativeUnit, "now">][] = [
  [MONTH, "months"],
  [WEEK, "weeks"],
  [DAY, "days"],
  [HOUR, "hours"],
  [MINUTE, "minutes"],
];

export function relativeParts(time: TimeInput, now: number = Date.now()): RelativeTime | null {
  const date = toDate(time);
  if (!date) return null;
  const diff = now - date.getTime();
  if (diff < 0) return null;
  for (const [size, unit] of STEPS) {
    const count = Math.floor(diff / size);
    if (count >= 1) return { unit, count };
  }
  return { unit: "now", count: 0 };
}

/** Between two messages further apart than this a time separator is shown. */
export const SEPARATOR_GAP = 5 * MINUTE;

/**
 * For messages oldest first: the indexes before which a time separator goes (the first message, and
 * every one more than the gap after the one before it).
 */
export function separatorIndexes(times: readonly TimeInput[], gap: number = SEPARATOR_GAP): Set<number> {
  const out = new Set<number>();
  let previous: number | null = null;
  times.forEach((time, index) => {
    const at = toDate(time)?.getTime() ?? null;
    if (index === 0 || (at !== null && (previous === null || at - previous > gap))) out.add(index);
    if (at !== null) previous = at;
  });
  return out;
}
