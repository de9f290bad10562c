import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { loadScreen } from "@/lib/session";
import { FinanceRefundView, RefundListView } from "./aftersale-refund-view";
import { ORDER_PAGE_SIZE } from "./query";

type Schemas = components["schemas"];

/** 退款订单 (order side): the refunds from the BFF's refund screen. */
export async function RefundListScreen() {
  const result = await loadScreen<Schemas["RefundScreen"]>(`/bff/screens/order/refund?pageSize=${ORDER_PAGE_SIZE}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <RefundListView data={result.data} />;
}

/** 财务退款: the approved after-sales awaiting or past execution, from the BFF's finance refund screen. */
export async function FinanceRefundScreen() {
  const result = await loadScreen<Schemas["FinanceRefundScreen"]>(`/bff/screens/finance/refund?pageSize=${ORDER_PAGE_SIZE}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <FinanceRefundView data={result.data} />;
}
