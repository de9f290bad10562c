import type { View } from "@/features/registry";
import { PointsOrderDetailScreen } from "./points-detail-screen";

/**
 * The points order detail (积分订单详情, hidden, order:integral:query), opened with ?id= from a row of the points
 * orders' list (a declared list, core_api/points/order, drawn by features/resources; its per-status counts are the
 * list screen's panel): the order, and the list's ship and cancel calls that the order's status allows; a user who
 * may not read the list still sees the order, without actions.
 */
export const pointsViews: Readonly<Record<string, View>> = {
  "order/integral/detail": async ({ searchParams }) => {
    const raw = (await searchParams).id;
    const id = typeof raw === "string" ? raw : undefined;
    return <PointsOrderDetailScreen key={id ?? ""} id={id} />;
  },
};
