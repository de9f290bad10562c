import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadListScreen } from "@/lib/list-screen";
import { AfterSaleView } from "./aftersale-view";
import { afterSaleParsers } from "./query";

/** 售后订单: the after-sales of a status and the counts of every status, from the BFF's after-sale screen. */
export async function AfterSaleScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<components["schemas"]["AfterSaleScreen"], typeof afterSaleParsers>(
    "/bff/screens/order/after-sale",
    afterSaleParsers,
    searchParams,
  );
  if (!result.ok) return <ScreenFailure result={result} />;
  return <AfterSaleView data={result.data} />;
}
