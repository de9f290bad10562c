import type { ComponentType } from "react";
import { PointsStatusPanel } from "./points-status-panel";

/**
 * Points orders (issue 14 §4): the points orders and the points ledger are declared lists (core_api/points/order,
 * drawn by features/resources, ship and cancel as row actions); the orders' list gains the per-status counts.
 */
export const pointsPanels: Readonly<Record<string, ComponentType>> = {
  "order/integral/index": PointsStatusPanel,
};
