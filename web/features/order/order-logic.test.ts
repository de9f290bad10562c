import { describe, expect, it } from "vitest";
import { detailSource, lineDiscount, ordered, type OrderDetail } from "./order-logic";

describe("order detail logic", () => {
  it("puts the shop order a message opened first", () => {
    const detail = { focus: 2, shops: [{ id: 1 }, { id: 2 }, { id: 3 }] } as unknown as OrderDetail;
    expect(ordered(detail).map((s) => s.id)).toEqual([2, 1, 3]);
    expect(ordered({ ...detail, focus: null }).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it("adds a line's coupon and points shares", () => {
    expect(lineDiscount({ couponFen: 300, pointsFen: 200 })).toBe(500);
  });

  it("loads by order number or shop order id, refusing anything else", () => {
    expect(detailSource({ orderNo: "S123" })).toEqual({ path: "api/admin/OrderMain/info_page", params: { orderNo: "S123" } });
    expect(detailSource({ id: "12" })).toEqual({ path: "api/admin/order_mall/info_page", params: { id: "12" } });
    expect(detailSource({ orderNo: "a b" })).toBeNull();
    expect(detailSource({ id: "0" })).toBeNull();
    expect(detailSource({})).toBeNull();
  });
});
