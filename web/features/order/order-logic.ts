/** Orders (issue 14): what the order detail shows, computed from the core's info page. */
import type { components } from "@/lib/api/bff-types";

type Schemas = components["schemas"];
export type OrderDetail = Schemas["OrderDetail"];
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
