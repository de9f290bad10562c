import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { GoodsEditor } from "./goods-editor";

/**
 * 商品编辑 (mall/goods/edit, ?id=): the item, its SKUs and specs, the categories and attributes from the BFF's goods
 * editor screen. The editor is keyed by the item's version: a save or a submission read again (router.refresh())
 * starts it from what was stored.
 */
export async function GoodsEditScreen({ id }: { id: number | null }) {
  const result = await loadScreen<components["schemas"]["GoodsEditPage"]>(`/bff/screens/mall/goods/edit${id ? `?id=${id}` : ""}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <GoodsEditor key={result.data.goods?.version ?? "new"} id={id} page={result.data} />;
}
