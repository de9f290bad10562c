import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { components } from "@/lib/api/bff-types";
import { loadListScreen } from "@/lib/list-screen";
import { FinanceRefundView, RefundListView } from "./aftersale-refund-view";
import { financeRefundParsers, refundParsers } from "./query";

type Schemas = components["schemas"];

/** 退款订单 (order side): a page of refunds from the BFF's refund screen. */
export async function RefundListScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<Schemas["RefundScreen"], typeof refundParsers>("/bff/screens/order/refund", refundParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <RefundListView data={result.data} />;
}

/** 财务退款: a page of the approved after-sales awaiting or past execution, from the BFF's finance refund screen. */
export async function FinanceRefundScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<Schemas["FinanceRefundScreen"], typeof financeRefundParsers>("/bff/screens/finance/refund", financeRefundParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <FinanceRefundView data={result.data} />;
}
