/** Pure helpers of the mall content screens (ad category goods, supply chain). */

/** Integer fen as yuan with two decimals, never through a float sum. */
export function fenToYuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return "";
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "1, 2，3 3" → "1,2,3": the goods ids typed in a box, deduplicated; null when any part is not an id. */
export function goodsIds(text: string): string | null {
  const parts = text.split(/[\s,，]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^\d{1,18}$/.test(p))) return null;
  return [...new Set(parts.map((p) => String(Number(p))))].join(",");
}
