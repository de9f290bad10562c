/** Pure helpers of the mall content screens (ad category goods, supply chain). */

/** "1, 2，3 3" → "1,2,3": the goods ids typed in a box, deduplicated; null when any part is not an id. */
export function goodsIds(text: string): string | null {
  const parts = text.split(/[\s,，]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^\d{1,18}$/.test(p))) return null;
  return [...new Set(parts.map((p) => String(Number(p))))].join(",");
}
