import type { ShopHomeData } from "@/lib/api/types";

export type ShopHomeFigure = "ordersToday" | "toShip" | "afterSalesOpen" | "lowStock";

/** Each figure of the shop home and the list it counts: today's orders by their placing day, the to-ship list,
 * the after-sales (their status tabs), the goods at or below the low-stock threshold. */
export function shopHomeLinks(data: Pick<ShopHomeData, "day" | "lowStockThreshold">): { key: ShopHomeFigure; href: string }[] {
  const today = new URLSearchParams({ beginCreateTime: data.day, endCreateTime: data.day });
  return [
    { key: "ordersToday", href: `/order/shop?${today}` },
    { key: "toShip", href: "/order/logistics" },
    { key: "afterSalesOpen", href: "/order/afterSale" },
    { key: "lowStock", href: `/mall/goods?${new URLSearchParams({ endStock: String(data.lowStockThreshold) })}` },
  ];
}
