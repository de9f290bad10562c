import type { components as CoreComponents } from "@/lib/api/core-types";
import { fenToYuan } from "@/lib/money";

export type BusinessData = CoreComponents["schemas"]["BusinessData"];
export type BusinessDay = CoreComponents["schemas"]["BusinessDay"];

export const PRESETS = [7, 30, 90] as const;
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days up to `today` (yyyy-MM-dd), both ends included. */
export function presetRange(today: string, days: number): [string, string] {
  return [dayText(dayNumber(today) - (days - 1)), today];
}

/** Which preset a range is (ending today), or null for a custom range. */
export function presetOf(range: [string, string], today: string): number | null {
  if (range[1] !== today) return null;
  const days = dayNumber(range[1]) - dayNumber(range[0]) + 1;
  return (PRESETS as readonly number[]).includes(days) ? days : null;
}

/** The range's problem, as the server words it, or null: the server checks the same. */
export function rangeProblem(begin: string, end: string): string | null {
  if (!begin || !end) return null;
  if (begin > end) return "开始日期不能晚于结束日期";
  if (dayNumber(end) - dayNumber(begin) + 1 > MAX_DAYS) return `日期范围不能超过${MAX_DAYS}天`;
  return null;
}

/** Chart rows: the day's label and the money in yuan (lib/money.ts, through the digits), a chart's scale only:
 * cards and tooltips show the row's own fen through fenToYuan (`chartMoney`). */
export function chartRows(days: BusinessDay[]) {
  return days.map((d) => ({ ...d, label: d.day.slice(5), paidYuan: Number(fenToYuan(d.paidFen)), refundYuan: Number(fenToYuan(d.refundFen)) }));
}

/** A chart tooltip's money: the row's fen of the line (paidYuan → paidFen) as ¥ yuan with two decimals. */
export function chartMoney(dataKey: unknown, row: Partial<Record<string, unknown>> | undefined): string {
  const fen = row?.[String(dataKey).replace(/Yuan$/, "Fen")];
  return typeof fen === "number" ? `¥${fenToYuan(fen, { grouped: true })}` : "";
}
