import type { ComponentType } from "react";
import { GroupBuyPanel } from "./market/group-buy-panel";
import { TurntableGiftsPanel } from "./market/turntable-gifts-panel";

/**
 * Marketing (issue 13 §3, §5): group buys and turntables keep their declared lists (features/resources) and
 * gain a panel above them: the "add activity" dialog, and a turntable's gifts with the live odds total.
 */
export const marketPanels: Readonly<Record<string, ComponentType>> = {
  "mall/market/index": GroupBuyPanel,
  "mall/turntable/index": TurntableGiftsPanel,
};
