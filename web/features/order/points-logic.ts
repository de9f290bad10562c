/** The points orders' statuses in the order an operator works through them (core_api/points/order/service.py). */
export const POINTS_STATUSES = ["to_ship", "shipped", "completed", "cancelled"] as const;
export type PointsStatus = (typeof POINTS_STATUSES)[number];

/** The list call answers a RuoYi table page; its total is what a status card shows. */
export function totalOf(page: { total?: number } | null | undefined): number {
  return typeof page?.total === "number" && Number.isFinite(page.total) ? page.total : 0;
}

/** The list's query for one status card: the list call with a page of one row, only its total is read. */
export function statusQuery(status: PointsStatus): Record<string, string> {
  return { status, pageNum: "1", pageSize: "1" };
}
