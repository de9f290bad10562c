/**
 * The message centre's pure rules (spec §2.6, §4.2): system and order messages, 10 a page, a click on
 * an unread one marks it read and takes one off the matching counter; order messages of type 1901 open
 * the order's detail.
 */
import type { components } from "@/lib/api/core-types";
import type { MessageCounts } from "./chat-rooms";

/** A message of the list, as the core answers it. */
export type CentreMessage = components["schemas"]["CentreMessage"];

/** A message in full (message_info): a notice's message carries the notice's sanitised HTML. */
export type CentreMessageDetail = components["schemas"]["CentreMessageDetail"];

export type CentreTab = "sys" | "order";

export const ORDER_DETAIL_TYPE = 1901;
export const MESSAGE_PAGE_SIZE = 10;

/** The body of POST /api/msg/v1/list for a tab and page. */
export function listBody(tab: CentreTab, pageNo: number) {
  return { pageNo, pageSize: MESSAGE_PAGE_SIZE, orderMsg: tab === "order" };
}

/** A loaded page: page 1 replaces, later pages add what is not there yet. */
export function mergeMessages(items: readonly CentreMessage[], page: readonly CentreMessage[], pageNo: number): CentreMessage[] {
  if (pageNo <= 1) return [...page];
  const seen = new Set(items.map((item) => item.objId));
  return [...items, ...page.filter((item) => !seen.has(item.objId))];
}

/** Does a click need the read call? Only for an unread message. */
export function needsRead(item: CentreMessage): boolean {
  return !item.readed;
}

export function markRead(items: readonly CentreMessage[], objId: number): CentreMessage[] {
  return items.map((item) => (item.objId === objId ? { ...item, readed: true } : item));
}

/** One less on the tab's counter (never below zero). */
export function decrementCount(counts: MessageCounts, tab: CentreTab): MessageCounts {
  const key = tab === "order" ? "orderMsgNum" : "sysMsgNum";
  return { ...counts, [key]: Math.max(0, (counts[key] ?? 0) - 1) };
}

/** Where a click on an order message goes, or null when it opens nothing. */
export function orderDetailPath(item: Pick<CentreMessage, "messageType" | "typeNo">): string | null {
  if (Number(item.messageType) !== ORDER_DETAIL_TYPE || !item.typeNo) return null;
  return `/myMenu/orderDetail?orderNo=${encodeURIComponent(item.typeNo)}`;
}

const EXPORT_READY_TYPE = 1801;

/** The export whose file a finished background export's message offers (its typeNo is the export's id), or null. */
export function exportJobOf(item: Pick<CentreMessage, "messageType" | "typeNo">): number | null {
  if (Number(item.messageType) !== EXPORT_READY_TYPE || !item.typeNo || !/^\d{1,15}$/.test(item.typeNo)) return null;
  return Number(item.typeNo);
}
