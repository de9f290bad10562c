import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { PAY_CODE_PAGE_SIZE } from "./query";
import { PayCodeView } from "./pay-code-view";

/** 收款码: the recent codes and the wallet provider from the BFF's pay-code screen. */
export async function PayCodeScreen() {
  const result = await loadScreen<components["schemas"]["PayCodeScreen"]>(`/bff/screens/finance/pay-code?pageSize=${PAY_CODE_PAGE_SIZE}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <PayCodeView data={result.data} />;
}
