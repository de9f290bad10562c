/** After-sale states and what staff and finance may do in each (mirrors core_api/order/aftersale/service.py). */

import type { components } from "@/lib/api/core-types";

export const AFTER_SALE_STATUSES = [
  "applied",
  "awaiting_return",
  "return_shipped",
  "awaiting_refund",
  "refunding",
  "refund_failed",
  "refunded",
  "rejected",
  "return_rejected",
  "cancelled",
] as const;

export type AfterSaleStatus = (typeof AFTER_SALE_STATUSES)[number] | "received";
export type Decision = "approve" | "reject" | "receive";

/** The decisions a shop or operator may take: approve / reject an application, receive / reject a return. */
export function decisionsFor(status: AfterSaleStatus): Decision[] {
  if (status === "applied") return ["approve", "reject"];
  if (status === "return_shipped") return ["receive", "reject"];
  return [];
}

/** Finance executes an awaiting refund, and retries a failed one (with the same refund number). */
export function executable(status: AfterSaleStatus): boolean {
  return status === "awaiting_refund" || status === "refund_failed";
}

/** The decision's body: a reason is required to reject, a receipt says whether the goods can be sold again. */
export function decisionBody(id: number, action: Decision, reason: string, sellable: boolean): components["schemas"]["OperateBody"] | null {
  if (action === "reject") {
    const text = reason.trim();
    return text ? { id, action, reason: text } : null;
  }
  if (action === "receive") return { id, action, sellable };
  return { id, action };
}

/** The badge colour of an after-sale's status. */
export function statusBadge(status: AfterSaleStatus): "danger" | "success" | "warning" {
  if (status === "refunded") return "success";
  if (status === "rejected" || status === "return_rejected" || status === "refund_failed" || status === "cancelled") return "danger";
  return "warning";
}
