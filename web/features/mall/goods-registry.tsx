import type { View } from "@/features/registry";
import { AttrScreen } from "./goods/attr-screen";
import { GoodsEditScreen } from "./goods/goods-edit-screen";
import { ReviewScreen } from "./goods/review-screen";

/** The mall goods area's hand-written screens (issue 13 §2); the goods and category lists are declared. */
export const mallGoodsViews: Readonly<Record<string, View>> = {
  "mall/goods/edit": async ({ searchParams }) => {
    const raw = (await searchParams).id;
    const id = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : null;
    return <GoodsEditScreen key={id ?? "new"} id={id} />;
  },
  "mall/review/index": () => <ReviewScreen />,
  "mall/attr/index": () => <AttrScreen />,
};
