import type { View } from "@/features/registry";
import { PayCodeScreen } from "./pay-code-screen";
import { WithdrawalScreen } from "./withdrawal-screen";

/** The finance area's hand-written screens (issue 12 §2). */
export const financeViews: Readonly<Record<string, View>> = {
  "finance/payCode/index": PayCodeScreen,
  "finance/withdrawal/index": WithdrawalScreen,
};
