import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadListScreen } from "@/lib/list-screen";
import { withdrawalParsers } from "./query";
import { WithdrawalView } from "./withdrawal-view";

/** 提现管理: the queue and the ledger from the BFF's withdrawal screen. */
export async function WithdrawalScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<components["schemas"]["WithdrawalScreen"], typeof withdrawalParsers>(
    "/bff/screens/finance/withdrawal",
    withdrawalParsers,
    searchParams,
  );
  if (!result.ok) return <ScreenFailure result={result} />;
  return <WithdrawalView data={result.data} />;
}
