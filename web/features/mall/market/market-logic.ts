/** Group prices and odds on the marketing screens: yuan typed by the operator → integer fen; weights out of 10 000. */
import { yuanToFen } from "@/lib/money";

export const ODDS_TOTAL = 10_000;

export type GroupPriceProblem = "missing" | "bad" | "notBelow";

/** Why a group price typed for a SKU of `skuPriceFen` cannot be sent, or null when it can (the core checks again). */
export function groupPriceProblem(text: string, skuPriceFen: number): GroupPriceProblem | null {
  if (!text.trim()) return "missing";
  const fen = yuanToFen(text);
  if (fen === null || fen === undefined || fen <= 0) return "bad";
  return fen >= skuPriceFen ? "notBelow" : null;
}

export interface Weighted {
  id?: number;
  kind: string;
  weight: number;
}

/** The odds as they would be after saving `edited` (a new gift, or one replacing the gift of its id). */
export function oddsTotal(gifts: readonly Weighted[], edited?: Weighted): number {
  const rest = edited ? gifts.filter((g) => edited.id === undefined || g.id !== edited.id) : gifts;
  return [...rest, ...(edited ? [edited] : [])].reduce((sum, g) => sum + g.weight, 0);
}

/** A turntable may go on shelf: weights total exactly 10 000 with a "no prize" slot. */
export function oddsReady(gifts: readonly Weighted[]): boolean {
  return oddsTotal(gifts) === ODDS_TOTAL && gifts.some((g) => g.kind === "none");
}

/** 1250 of 10 000 → "12.50%". */
export function percent(weight: number): string {
  return `${(Math.round((weight * 10_000) / ODDS_TOTAL) / 100).toFixed(2)}%`;
}
