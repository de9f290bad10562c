import type { ComponentType } from "react";
import type { View } from "@/features/registry";
import type { ResourceScreenData } from "@/lib/api/types";
import { screenQuery } from "@/lib/list-query";
import { loadScreen } from "@/lib/session";
import { PointsOrderDetailScreen } from "./points-detail-screen";
import { LIST_VIEW } from "./points-logic";
import { PointsStatusPanel } from "./points-status-panel";

/**
 * Points orders (issue 14 §4): the points orders and the points ledger are declared lists (core_api/points/order,
 * drawn by features/resources, ship and cancel as row actions); the orders' list gains the per-status counts.
 */
export const pointsPanels: Readonly<Record<string, ComponentType>> = {
  "order/integral/index": PointsStatusPanel,
};

/**
 * The points order detail (积分订单详情, hidden, order:integral:query), opened with ?id= from a row of the list: its
 * actions and dictionaries are the list's declaration (one screen call with a page of one row); a user who may
 * not read the list still sees the order, without actions.
 */
export const pointsViews: Readonly<Record<string, View>> = {
  "order/integral/detail": async ({ searchParams }) => {
    const raw = (await searchParams).id;
    const id = typeof raw === "string" ? raw : undefined;
    const list = await loadScreen<ResourceScreenData>(`/bff/screens/resource?${screenQuery({ pageNum: 1, pageSize: 1 }, { view: LIST_VIEW })}`);
    return <PointsOrderDetailScreen key={id ?? ""} id={id} meta={list.ok ? list.data.meta : null} dicts={list.ok ? list.data.dicts : {}} />;
  },
};
