import { describe, expect, it } from "vitest";
import type { ResourceActionMeta } from "@/lib/api/types";
import { afterSaleHref, canClose, canRemark, closeProblem, detailQuery, lineDiscount, ordered, shopActions, type ShopOrder } from "./order-logic";

const action = (key: string, perm: string, when: Record<string, string[]> | null, method: ResourceActionMeta["method"] = "POST"): ResourceActionMeta =>
  ({ key, label: key, perm, method, path: "x", row: true, params: {}, fields: [], when });
const META = {
  actions: [
    action("detail", "order:shop:query", null, "LINK"),
    action("pickup", "order:shop:pickup", { status: ["to_pickup"] }, "GET"),
    action("ship", "order:logistics:ship", { status: ["to_ship"], delivery: ["express"], afterSale: [""] }),
    action("editLogistics", "order:logistics:ship", { status: ["shipped"] }),
  ],
};
const shop = (over: Partial<ShopOrder>) => ({ status: "to_ship", delivery: "express", afterSale: null, ...over });

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

  it("offers the list's calls the order's state and the user's permissions allow", () => {
    const all = () => true;
    expect(shopActions(META, shop({}), all).map((a) => a.key)).toEqual(["ship"]);
    expect(shopActions(META, shop({ afterSale: "applied" }), all)).toEqual([]);
    expect(shopActions(META, shop({ status: "shipped" }), all).map((a) => a.key)).toEqual(["editLogistics"]);
    expect(shopActions(META, shop({ status: "to_pickup", delivery: "pickup" }), all).map((a) => a.key)).toEqual(["pickup"]);
    expect(shopActions(META, shop({}), (p) => p !== "order:logistics:ship")).toEqual([]);
    expect(shopActions(null, shop({}), all)).toEqual([]);
  });

  it("closes unpaid orders only, with a reason, for whoever may", () => {
    expect(canClose({ status: "unpaid" }, () => true)).toBe(true);
    expect(canClose({ status: "to_ship" }, () => true)).toBe(false);
    expect(canClose({ status: "unpaid" }, () => false)).toBe(false);
    expect(closeProblem("  ")).toBe("reasonRequired");
    expect(closeProblem("x".repeat(201))).toBe("reasonTooLong");
    expect(closeProblem("买家要求")).toBeNull();
  });

  it("edits the remark by the main orders' edit, and links a held order to its after-sale tab", () => {
    const main = { perm: "order:main", editable: true };
    expect(canRemark(main, (p) => p === "order:main:edit")).toBe(true);
    expect(canRemark(main, () => false)).toBe(false);
    expect(canRemark(null, () => true)).toBe(false);
    const entries = [{ path: "/order/afterSale", component: "order/afterSale/index" }];
    expect(afterSaleHref(entries, { afterSale: "applied" })).toBe("/order/afterSale?status=applied");
    expect(afterSaleHref(entries, { afterSale: null })).toBeNull();
    expect(afterSaleHref([], { afterSale: "applied" })).toBeNull();
  });
});
