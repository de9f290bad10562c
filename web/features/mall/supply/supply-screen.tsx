import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadListScreen } from "@/lib/list-screen";
import { supplyParsers } from "./query";
import { SupplyView } from "./supply-view";

/** 供应链 (mall/supply/index): the provider's shops and a page of its cloud goods from the BFF's supply screen. */
export async function SupplyScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<components["schemas"]["SupplyScreen"], typeof supplyParsers>("/bff/screens/mall/supply", supplyParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <SupplyView data={result.data} />;
}
