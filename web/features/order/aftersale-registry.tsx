import type { View } from "@/features/registry";
import { FinanceRefundScreen, RefundListScreen } from "./aftersale-refund-screen";
import { AfterSaleScreen } from "./aftersale-screen";

/** After-sale and refunds (issue 14 §2): the staff's decisions, the order-side refund list, finance's execution. */
export const afterSaleViews: Readonly<Record<string, View>> = {
  "order/afterSale/index": AfterSaleScreen,
  "order/refund/index": RefundListScreen,
  "finance/refund/index": FinanceRefundScreen,
};
