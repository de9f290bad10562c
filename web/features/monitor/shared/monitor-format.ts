/** How the monitor screens show their figures: sizes, percentages, durations, the cache charts' data. */

const DASH = "-";

function finite(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** 12.3456 → "12.35%"; anything not a number → "-". */
export function formatPercent(value: unknown, digits = 2): string {
  return finite(value) ? `${value.toFixed(digits)}%` : DASH;
}

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"] as const;

/** Bytes in the largest unit that keeps the number at or above 1 (1536 → "1.50 KB"). */
export function formatBytes(bytes: unknown, digits = 2): string {
  if (!finite(bytes) || bytes < 0) return DASH;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** A figure the server gives already in a unit (memory in GB, the runtime in MB). */
export function formatAmount(value: unknown, unit: "GB" | "MB", digits = 2): string {
  return finite(value) ? `${value.toFixed(digits)} ${unit}` : DASH;
}

/** A usage the screens mark in red, as RuoYi's server page does above 80 %. */
export function isHighUsage(percent: unknown, threshold = 80): boolean {
  return finite(percent) && percent > threshold;
}

/** Milliseconds as "850 ms", "1.25 s" or "2 min 5 s"; negative lateness (early) keeps its sign. */
export function formatMs(ms: unknown): string {
  if (!finite(ms)) return DASH;
  const sign = ms < 0 ? "-" : "";
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  if (abs < 60_000) return `${sign}${(abs / 1000).toFixed(2)} s`;
  const minutes = Math.floor(abs / 60_000);
  const seconds = Math.round((abs % 60_000) / 1000);
  return `${sign}${minutes} min ${seconds} s`;
}

const HUMAN_UNITS: Record<string, number> = { B: 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4, P: 1024 ** 5 };

/** Redis's "human" sizes ("862.45K", "1.02M", "0B") in bytes; null when it is not one. */
export function parseHumanSize(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([BKMGTP])?B?\s*$/i.exec(text);
  if (!match) return null;
  return Number(match[1]) * HUMAN_UNITS[(match[2] ?? "B").toUpperCase()];
}

/** The next "nice" scale end above a value: 1, 2 or 5 times a power of ten (45.3 → 50, 120 → 200). */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (value <= step * power) return step * power;
  }
  return 10 * power;
}

export interface Gauge {
  /** the used memory in the gauge's unit */
  value: number;
  /** the end of the scale, in the same unit */
  max: number;
  unit: string;
  percent: number;
  /** the text under the needle: Redis's own used_memory_human */
  label: string;
}

/**
 * The memory gauge of RuoYi's cache page: the used memory on a scale up to maxmemory when Redis has
 * one, else up to the next nice number of the used memory's own unit.
 */
export function memoryGauge(usedHuman: unknown, maxHuman?: unknown): Gauge | null {
  const used = parseHumanSize(usedHuman);
  if (used === null) return null;
  const unitLetter = (/([KMGTP])/i.exec(String(usedHuman))?.[1] ?? "B").toUpperCase();
  const factor = HUMAN_UNITS[unitLetter];
  const value = used / factor;
  const max = parseHumanSize(maxHuman);
  const end = max && max > 0 ? max / factor : niceCeiling(value);
  return {
    value: Math.round(value * 100) / 100,
    max: Math.round(end * 100) / 100,
    unit: unitLetter === "B" ? "B" : `${unitLetter}B`,
    percent: end > 0 ? Math.min(100, (value / end) * 100) : 0,
    label: String(usedHuman),
  };
}

export interface Slice {
  name: string;
  value: number;
}

/** The command statistics pie: counts as numbers, largest first, the tail folded into one slice. */
export function commandSlices(stats: readonly { name: string; value: string | number }[], otherLabel: string, keep = 10): Slice[] {
  const slices = stats
    .map((stat) => ({ name: stat.name, value: Number(stat.value) }))
    .filter((slice) => Number.isFinite(slice.value) && slice.value > 0)
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  if (slices.length <= keep) return slices;
  const rest = slices.slice(keep).reduce((sum, slice) => sum + slice.value, 0);
  return [...slices.slice(0, keep), { name: otherLabel, value: rest }];
}
