import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { ShopInfoEditor } from "./shop-info-form";

/** 店铺详情: the shop of /bff/screens/mall/shop/info (a shop account without an id: its own shop). */
export async function ShopInfoScreen({ id }: { id?: string }) {
  const result = await loadScreen<components["schemas"]["ShopInfoScreen"]>(`/bff/screens/mall/shop/info${id ? `?id=${id}` : ""}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <ShopInfoEditor info={result.data.shop} />;
}
