import { ScreenFailure } from "@/components/screen-error";
import type { View, ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadListScreen } from "@/lib/list-screen";
import { AdGoods, NoCategory } from "./ad/ad-goods-screen";
import { adGoodsParsers } from "./ad/query";
import { SupplyScreen } from "./supply/supply-screen";

/** The ad category's goods (/bff/screens/mall/ad/goods): the category comes in the query (?id=), as the list's
 * "goods" action links it. */
async function AdGoodsScreen({ searchParams }: ViewProps) {
  const raw = (await searchParams).id;
  const id = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isInteger(id) || id <= 0) return <NoCategory />;
  const { result } = await loadListScreen<components["schemas"]["AdGoodsScreen"], typeof adGoodsParsers>("/bff/screens/mall/ad/goods", adGoodsParsers, searchParams, { categoryId: String(id) });
  if (!result.ok) return <ScreenFailure result={result} />;
  return <AdGoods key={id} categoryId={id} data={result.data} />;
}

/** The mall content area's hand-written screens (issue 13 §2, §4); the rest are declared resources. */
export const mallContentViews: Readonly<Record<string, View>> = {
  "mall/adCategory/goods": AdGoodsScreen,
  "mall/supply/index": SupplyScreen,
};
