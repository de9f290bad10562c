/** What the finance screens derive: the amount of a pay code, the countdown to its expiry, a withdrawal's actions. */
import type { components } from "@/lib/api/bff-types";
import { yuanToFen } from "@/lib/money";

/** The amount of a pay code as the operator typed it in yuan ("12", "12.5", "12.50") → fen, or null when it is
 * not a positive amount with at most two decimals (the core checks its own range again). */
export function payCodeFen(text: string): number | null {
  const fen = yuanToFen(text);
  return fen && fen > 0 ? fen : null;
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

export type WithdrawalStatus = components["schemas"]["WithdrawalRow"]["status"];

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
