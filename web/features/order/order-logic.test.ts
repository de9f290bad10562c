import { describe, expect, it } from "vitest";
import { detailQuery, lineDiscount, ordered } from "./order-logic";

describe("order detail logic", () => {
  it("puts the shop order a message opened first", () => {
    const detail = { focus: 2, shops: [{ id: 1 }, { id: 2 }, { id: 3 }] };
    expect(ordered(detail).map((s) => s.id)).toEqual([2, 1, 3]);
    expect(ordered({ ...detail, focus: null }).map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it("adds a line's coupon and points shares", () => {
    expect(lineDiscount({ couponFen: 300, pointsFen: 200 })).toBe(500);
  });

  it("loads by order number or shop order id, refusing anything else", () => {
    expect(detailQuery({ orderNo: "S123" })).toEqual({ orderNo: "S123" });
    expect(detailQuery({ id: "12" })).toEqual({ id: "12" });
    expect(detailQuery({ orderNo: "a b" })).toBeNull();
    expect(detailQuery({ id: "0" })).toBeNull();
    expect(detailQuery({})).toBeNull();
  });
});
