/** Orders (issue 14): what the order detail shows, computed from the core's info page. */

export interface OrderLine {
  id: number;
  goodsName: string;
  spec: string;
  priceFen: number;
  quantity: number;
  amountFen: number;
  couponFen: number;
  pointsFen: number;
  payFen: number;
  refundedFen: number;
}

export interface OrderLogRow {
  id: number;
  action: string;
  actionLabel: string;
  fromStatus: string;
  toStatus: string;
  actorKind: string;
  actorName: string;
  note: string;
  createTime: string;
}

export interface ShopOrder {
  id: number;
  orderNo: string;
  shopName: string;
  status: string;
  statusLabel: string;
  delivery: string;
  goodsFen: number;
  freightFen: number;
  couponFen: number;
  pointsFen: number;
  payFen: number;
  refundedFen: number;
  receiverName: string;
  receiverPhone: string;
  receiverArea: string;
  receiverAddress: string;
  carrier: string;
  trackingNo: string;
  pickupStatus: string;
  createTime: string;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  lines: OrderLine[];
  logs: OrderLogRow[];
}

export interface OrderPayRow {
  id: number;
  kind: string;
  outNo: string;
  tradeNo: string;
  amountFen: number;
  payWay: string;
  createTime: string;
}

export interface OrderDetail {
  main: { id: number; orderNo: string; uid: number; payStatus: string; payFen?: number; goodsFen?: number; freightFen?: number; couponFen?: number; pointsFen?: number; paidAt: string | null; createTime: string; remark?: string };
  shops: ShopOrder[];
  pays: OrderPayRow[];
  focus: number | null;
}

/** The shop orders in the order shown: the one a message or a list row opened first. */
export function ordered(detail: OrderDetail): ShopOrder[] {
  if (detail.focus === null) return detail.shops;
  return [...detail.shops].sort((a, b) => Number(b.id === detail.focus) - Number(a.id === detail.focus));
}

/** A line's discounts as shown: "coupon + points", empty when none. */
export function lineDiscount(line: Pick<OrderLine, "couponFen" | "pointsFen">): number {
  return line.couponFen + line.pointsFen;
}

/** Where the detail is loaded from: a number (main or shop order, from a message) or a shop order's id. */
export function detailSource(params: { orderNo?: string; id?: string }): { path: string; params: Record<string, string> } | null {
  const no = params.orderNo?.trim();
  if (no && /^[A-Za-z0-9]{1,32}$/.test(no)) return { path: "api/admin/OrderMain/info_page", params: { orderNo: no } };
  if (params.id && /^[1-9]\d{0,17}$/.test(params.id)) return { path: "api/admin/order_mall/info_page", params: { id: params.id } };
  return null;
}
