import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadListScreen } from "@/lib/list-screen";
import { payCodeParsers } from "./query";
import { PayCodeView } from "./pay-code-view";

/** 收款码: a page of the recent codes and the wallet provider from the BFF's pay-code screen. */
export async function PayCodeScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<components["schemas"]["PayCodeScreen"], typeof payCodeParsers>("/bff/screens/finance/pay-code", payCodeParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <PayCodeView data={result.data} />;
}
