/** What the sign-in charts compute on the page: the range, provinces matched to the map, the shades. */

import type { components as CoreComponents } from "@/lib/api/core-types";

/** The core's answers (core_api/account/charts/routes.py), as its OpenAPI describes them. */
export type ChartDay = CoreComponents["schemas"]["ChartDay"];
export type ChartLogin = CoreComponents["schemas"]["ChartLoginData"];
export type ProvinceCount = CoreComponents["schemas"]["ProvinceCount"];
export type ChartProvinces = CoreComponents["schemas"]["ChartProvinceData"];

export const MAX_DAYS = 366;
export const DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;
}

function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `DEFAULT_DAYS` days up to `today` (yyyy-MM-dd), both ends included. */
export function defaultRange(today: string): [string, string] {
  return [dayText(dayNumber(today) - (DEFAULT_DAYS - 1)), today];
}

/** The range's problem, as the server words it, or null: the server checks the same. */
export function rangeProblem(begin: string, end: string): string | null {
  if (!begin || !end) return null;
  if (begin > end) return "开始日期不能晚于结束日期";
  if (dayNumber(end) - dayNumber(begin) + 1 > MAX_DAYS) return `日期范围不能超过${MAX_DAYS}天`;
  return null;
}

const SUFFIXES = ["维吾尔自治区", "壮族自治区", "回族自治区", "特别行政区", "自治区", "省", "市"];

/** 广东省 → 广东, 新疆维吾尔自治区 → 新疆: the map's names (the server keeps them so already). */
export function shortProvince(name: string): string {
  const text = name.trim();
  for (const suffix of SUFFIXES) if (text.endsWith(suffix) && text.length > suffix.length + 1) return text.slice(0, -suffix.length);
  return text;
}

/** Sign-ins per map province name; names the map does not know (未知, abroad) are left to the list. */
export function countsByProvince(provinces: ProvinceCount[], mapNames: readonly string[]): Map<string, number> {
  const known = new Set(mapNames);
  const counts = new Map<string, number>();
  for (const p of provinces) {
    const name = shortProvince(p.province);
    if (known.has(name)) counts.set(name, (counts.get(name) ?? 0) + p.count);
  }
  return counts;
}

/** 0 for none, else 1..steps by the share of the largest count (a square-root scale, so small ones show). */
export function shadeStep(count: number, max: number, steps = 5): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(1, Math.min(steps, Math.ceil(Math.sqrt(count / max) * steps)));
}

/** The fill of a shade step: the theme's primary colour, more opaque for more sign-ins. */
export function shadeFill(step: number, steps = 5): string {
  if (step <= 0) return "var(--muted)";
  return `color-mix(in oklab, var(--primary) ${Math.round(20 + (80 * step) / steps)}%, transparent)`;
}
