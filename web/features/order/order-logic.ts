/** Orders (issue 14): what the order detail shows, computed from the core's info page; its actions (issue 28 §1). */
import type { components } from "@/lib/api/bff-types";
import type { ResourceActionMeta, ResourceMeta } from "@/lib/api/types";
import { detailActions } from "./points-logic";

type Schemas = components["schemas"];
export type OrderDetailScreen = Schemas["OrderDetailScreen"];
export type ShopOrder = Schemas["ShopOrderView"];

/** The shop orders in the order shown: the one a message or a list row opened first. */
export function ordered<S extends { id: number }>(detail: { focus: number | null; shops: S[] }): S[] {
  if (detail.focus === null) return detail.shops;
  return [...detail.shops].sort((a, b) => Number(b.id === detail.focus) - Number(a.id === detail.focus));
}

/** A line's discounts as shown: "coupon + points", empty when none. */
export function lineDiscount(line: Pick<Schemas["OrderLineView"], "couponFen" | "pointsFen">): number {
  return line.couponFen + line.pointsFen;
}

/** What the detail is asked by: a number (main or shop order, from a message) or a shop order's id; null: neither. */
export function detailQuery(params: { orderNo?: string; id?: string }): { orderNo: string } | { id: string } | null {
  const no = params.orderNo?.trim();
  if (no && /^[A-Za-z0-9]{1,32}$/.test(no)) return { orderNo: no };
  if (params.id && /^[1-9]\d{0,17}$/.test(params.id)) return { id: params.id };
  return null;
}

// ---- the detail's actions (issue 28 §1): the lists' own, under the same permissions and server rules

/** The shop orders' list: its declaration's ship, edit-logistics and pick-up calls are the detail's. */
export const SHOP_VIEW = "order/shop/index";
/** The main orders' list: its edit writes the remark. */
export const MAIN_VIEW = "order/main/index";
/** The after-sale list a held order links to (its status tab). */
export const AFTER_SALE_VIEW = "order/afterSale/index";
/** Closing an unpaid shop order (GET /admin/common/status_operate, action=close). */
export const CLOSE_PERM = "order:shop:status";
export const CLOSE_REASON_MAX = 200;

/**
 * A shop order's actions from its list's declaration (null: the user may not read that list): the calls whose
 * `when` the order matches (ship: to ship by express with no open after-sale; edit logistics: shipped; pick-up:
 * to pick up) and whose permission the user holds. The core applies the same rules again.
 */
export function shopActions(meta: Pick<ResourceMeta, "actions"> | null | undefined, shop: Readonly<Record<string, unknown>>, allowed: (perm: string) => boolean): ResourceActionMeta[] {
  if (!meta) return [];
  return detailActions(meta.actions, shop, allowed);
}

/** Closing is offered for an unpaid shop order to whoever holds the close permission (the core refuses the rest). */
export function canClose(shop: Pick<ShopOrder, "status">, allowed: (perm: string) => boolean): boolean {
  return shop.status === "unpaid" && allowed(CLOSE_PERM);
}

/** What is wrong with a close reason (a message key under order.detail), null when it may go. */
export function closeProblem(reason: string): "reasonRequired" | "reasonTooLong" | null {
  const text = reason.trim();
  if (!text) return "reasonRequired";
  return text.length > CLOSE_REASON_MAX ? "reasonTooLong" : null;
}

/** The remark is edited by whoever may edit the main orders (their declaration's edit; operators only). */
export function canRemark(meta: Pick<ResourceMeta, "perm" | "editable"> | null | undefined, allowed: (perm: string) => boolean): boolean {
  return !!meta && meta.editable && allowed(`${meta.perm}:edit`);
}

/** Where a held order's after-sale is handled: the user's after-sale list on that state's tab; null without it. */
export function afterSaleHref(entries: readonly { path: string; component: string }[], shop: Pick<ShopOrder, "afterSale">): string | null {
  if (!shop.afterSale) return null;
  const entry = entries.find((e) => e.component === AFTER_SALE_VIEW);
  return entry ? `${entry.path}?${new URLSearchParams({ status: shop.afterSale }).toString()}` : null;
}
