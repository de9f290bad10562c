/**
 * Money in the console: integer fen on the wire, yuan with two decimals on the screen. Both directions go
 * through the digits, never through a float product (0.29 * 100 is 28.999999999999996).
 */

/** A yuan amount as typed: an optional minus, at most 13 whole digits without a leading zero, at most 2
 * decimals. 13 digits keep the fen below 2^53, where a number still holds every integer exactly. */
const YUAN = /^(-)?(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/**
 * Integer fen as yuan: 123456 → "1234.56", -1230 → "-12.30", 0 → "0.00"; `grouped` puts a comma between
 * thousands ("1,234.56", as the business report shows its totals). Nothing (null, undefined, NaN) → "".
 * A fraction of a fen, which no answer should carry, is rounded to the nearest fen, half away from zero.
 */
export function fenToYuan(fen: number | null | undefined, { grouped = false }: { grouped?: boolean } = {}): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return "";
  const abs = BigInt(Math.round(Math.abs(fen)));
  const sign = fen < 0 && abs > 0n ? "-" : "";
  const whole = String(abs / 100n);
  const cents = String(abs % 100n).padStart(2, "0");
  return `${sign}${grouped ? whole.replace(/\B(?=(\d{3})+$)/g, ",") : whole}.${cents}`;
}

/**
 * What an operator typed as yuan → integer fen, exactly: "12.3" → 1230, "0.29" → 29, "-0.5" → -50 (spaces
 * around are ignored). Empty → null (the caller decides whether an amount may be left out); anything else —
 * three decimals, a thousands comma, a leading zero, text — → undefined. Callers that need a positive amount
 * check `fen > 0` themselves.
 */
export function yuanToFen(text: string): number | null | undefined {
  const typed = text.trim();
  if (typed === "") return null;
  const match = YUAN.exec(typed);
  if (!match) return undefined;
  const fen = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] && fen !== 0 ? -fen : fen;
}
