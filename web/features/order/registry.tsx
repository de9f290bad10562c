import type { View, ViewProps } from "@/features/registry";
import { OrderDetailScreen } from "./order-detail-screen";

async function query(searchParams: ViewProps["searchParams"], name: string): Promise<string | undefined> {
  const value = (await searchParams)[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * Orders (issue 14): the lists (main orders, shop orders, to ship, payments, comments) are declared resources
 * (features/resources) with their ship and pick-up dialogs; the detail pages are written here.
 */
export const orderViews: Readonly<Record<string, View>> = {
  "order/detail/index": async ({ searchParams }) => {
    const orderNo = await query(searchParams, "orderNo");
    return <OrderDetailScreen key={orderNo ?? ""} orderNo={orderNo} />;
  },
  "order/shop/detail": async ({ searchParams }) => {
    const id = await query(searchParams, "id");
    return <OrderDetailScreen key={id ?? ""} id={id} />;
  },
};
