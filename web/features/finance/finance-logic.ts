/** Money on the finance screens: integer fen in, yuan text out; never a float on the way in. */

/** 12345 → "123.45"; -5 → "-0.05". */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** What the operator typed as yuan ("12", "12.5", "12.50") → the exact text the core accepts, or null. */
export function yuanInput(text: string): string | null {
  const value = text.trim();
  return /^(0|[1-9]\d{0,7})(\.\d{1,2})?$/.test(value) && !/^0(\.0{1,2})?$/.test(value) ? value : null;
}

/** Seconds left until a deadline in this browser's milliseconds (received as seconds left: the browser's clock
 * and zone may differ from the console's), never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 75 → "01:15". */
export function countdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

export type WithdrawalStatus = "applied" | "reviewing" | "approved" | "paying" | "paid" | "failed" | "rejected";

/** The row actions a status offers (the core checks again). */
export function actionsFor(status: WithdrawalStatus): ("approve" | "reject" | "pay")[] {
  switch (status) {
    case "applied":
    case "reviewing":
      return ["approve", "reject"];
    case "approved":
      return ["pay", "reject"];
    case "paying":
      return ["pay"];
    default:
      return [];
  }
}
