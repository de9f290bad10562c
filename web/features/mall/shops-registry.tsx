import type { View } from "@/features/registry";
import { ShopInfoScreen } from "./shop/shop-info-screen";

/** The shops area's hand-written screens (issue 13 §1): the shops, settlement applications and shop accounts
 * lists are drawn from their declarations (features/resources). */
export const shopViews: Readonly<Record<string, View>> = {
  "mall/shop/info": async ({ searchParams }) => {
    const params = await searchParams;
    const id = typeof params.id === "string" && /^\d{1,18}$/.test(params.id) ? params.id : undefined;
    return <ShopInfoScreen id={id} />;
  },
};
