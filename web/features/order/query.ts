import { parseAsStringLiteral } from "nuqs/server";
import { pagingParsers } from "@/lib/list-parsers";
import { AFTER_SALE_STATUSES } from "./aftersale-logic";

/** The after-sale screen's URL state: the page and the status (its tab, or the query panel's select). */
export const afterSaleParsers = { ...pagingParsers, status: parseAsStringLiteral(AFTER_SALE_STATUSES) };
export const AFTER_SALE_FILTERS = ["status"] as const;

/** 财务退款's URL state: the page and the status filter (the queue's four states). */
export const FINANCE_REFUND_STATUSES = ["awaiting_refund", "refunding", "refund_failed", "refunded"] as const;
export const financeRefundParsers = { ...pagingParsers, status: parseAsStringLiteral(FINANCE_REFUND_STATUSES) };
export const FINANCE_REFUND_FILTERS = ["status"] as const;

/** 退款订单's URL state: the page and the refund's status. */
export const REFUND_STATUSES = ["refunding", "refunded", "failed"] as const;
export const refundParsers = { ...pagingParsers, status: parseAsStringLiteral(REFUND_STATUSES) };
export const REFUND_FILTERS = ["status"] as const;
