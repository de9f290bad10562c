import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { SupplyView } from "./supply-view";

const PAGE_SIZE = 20;

/** 供应链 (mall/supply/index): the provider's shops and the first page of its cloud goods from the BFF's supply screen. */
export async function SupplyScreen() {
  const result = await loadScreen<components["schemas"]["SupplyScreen"]>(`/bff/screens/mall/supply?pageSize=${PAGE_SIZE}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <SupplyView data={result.data} pageSize={PAGE_SIZE} />;
}
