import type { components } from "@/lib/api/bff-types";

/** The points orders' statuses in the order an operator works through them (core_api/points/order/service.py). */
export const POINTS_STATUSES = ["to_ship", "shipped", "completed", "cancelled"] as const;
export type PointsStatus = (typeof POINTS_STATUSES)[number];

/** The count of one status card: the core's per-status counts (GET /admin/order_integral/status_counts). */
export function statusCount(counts: components["schemas"]["PointsStatusCounts"], status: PointsStatus): number {
  const keys = { to_ship: "toShip", shipped: "shipped", completed: "completed", cancelled: "cancelled" } as const;
  return counts[keys[status]];
}

// ---- the points order detail (order/integral/detail?id=, opened from the list's row)

/** The list the detail is opened from: its declaration gives the detail its actions and dictionaries. */
export const LIST_VIEW = "order/integral/index";

/** GET /admin/order_integral/info_page: the order as redeemed, its shipment, its points entries and log. */
export type PointsOrderDetail = components["schemas"]["PointsOrderDetail"];

/** The detail's order id from the address (?id=): a positive integer, else nothing is asked. */
export function detailId(id: string | undefined): string | null {
  const text = id?.trim() ?? "";
  return /^[1-9]\d{0,17}$/.test(text) ? text : null;
}

/** Whether the logistics are shown: once shipped (a completed order keeps them), never before. */
export function showsLogistics(order: Pick<PointsOrderDetail, "status" | "trackingNo">): boolean {
  return (order.status === "shipped" || order.status === "completed") && order.trackingNo !== "";
}

interface ActionLike {
  key: string;
  method: string;
  perm: string;
  when?: Record<string, string[]> | null;
}

/**
 * The actions the detail offers for the order as it now is: the list's declared calls (not its links) whose
 * `when` the order matches (ship or edit logistics: to ship or shipped; cancel: to ship) and whose permission
 * the user holds.
 */
export function detailActions<A extends ActionLike>(actions: readonly A[], order: Record<string, unknown>, allowed: (perm: string) => boolean): A[] {
  return actions.filter(
    (a) =>
      a.method !== "LINK" &&
      allowed(a.perm) &&
      Object.entries(a.when ?? {}).every(([field, values]) => values.includes(String(order[field] ?? ""))),
  );
}

/** The key (orderPoints.detail.*) of the "ship" button's text: a shipped order has its logistics edited. */
export function actionTextKey(actionKey: string, status: PointsStatus): string {
  if (actionKey === "ship") return status === "shipped" ? "editLogistics" : "ship";
  return actionKey;
}

const TRACKING_NO = /^[A-Za-z0-9-]{4,64}$/;

/**
 * What is wrong with an action's dialog values before they are sent, as a message key (orderPoints.detail.*) in
 * the operator's language; null when they may go. The core checks again (the same rules).
 */
export function actionProblem(actionKey: string, values: Record<string, unknown>, carriers: readonly string[]): string | null {
  if (actionKey === "ship") {
    const carrier = String(values.carrier ?? "").trim();
    if (!carrier) return "carrierRequired";
    if (carriers.length > 0 && !carriers.includes(carrier)) return "carrierUnknown";
    if (!TRACKING_NO.test(String(values.trackingNo ?? "").trim())) return "trackingInvalid";
  }
  if (actionKey === "cancel") {
    const reason = String(values.reason ?? "").trim();
    if (!reason) return "reasonRequired";
    if (reason.length > 200) return "reasonTooLong";
  }
  return null;
}

/** The body sent: the order's id and the dialog's values, trimmed. */
export function actionBody(id: number, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id };
  for (const [name, value] of Object.entries(values)) out[name] = typeof value === "string" ? value.trim() : value;
  return out;
}
