import { describe, expect, it } from "vitest";
import { shopHomeLinks } from "./shop-home-logic";

describe("shopHomeLinks", () => {
  it("opens each figure's list filtered as the figure counts", () => {
    const links = Object.fromEntries(shopHomeLinks({ day: "2026-11-29", lowStockThreshold: 10 }).map((l) => [l.key, l.href]));
    expect(links).toEqual({
      ordersToday: "/order/shop?beginCreateTime=2026-11-29&endCreateTime=2026-11-29",
      toShip: "/order/logistics",
      afterSalesOpen: "/order/afterSale",
      lowStock: "/mall/goods?endStock=10",
    });
  });
});
