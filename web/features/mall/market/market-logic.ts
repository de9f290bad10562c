/** Money and odds on the marketing screens: yuan typed by the operator ↔ integer fen; weights out of 10 000. */

export const ODDS_TOTAL = 10_000;

/** "12", "12.5", "12.50" → 1250 fen; anything else (negative, three decimals, text, zero) → null. No float math. */
export function yuanToFen(text: string): number | null {
  const match = /^(0|[1-9]\d{0,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return fen > 0 ? fen : null;
}

/** 12345 → "123.45". */
export function fenToYuan(fen: number): string {
  const abs = Math.abs(Math.trunc(fen));
  return `${fen < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export type GroupPriceProblem = "missing" | "bad" | "notBelow";

/** Why a group price typed for a SKU of `skuPriceFen` cannot be sent, or null when it can (the core checks again). */
export function groupPriceProblem(text: string, skuPriceFen: number): GroupPriceProblem | null {
  if (!text.trim()) return "missing";
  const fen = yuanToFen(text);
  if (fen === null) return "bad";
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
