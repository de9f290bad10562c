import type { ReactNode } from "react";
import { LazyLoginCharts } from "@/features/account/charts/login-charts-lazy";
import { contentViews } from "@/features/content/registry";
import { financeViews } from "@/features/finance/registry";
import { mallContentViews } from "@/features/mall/content-registry";
import { generatedViews } from "@/features/generated/registry";
import { shopViews } from "@/features/mall/shops-registry";
import { mallGoodsViews } from "@/features/mall/goods-registry";
import { GroupBuyPanel } from "@/features/mall/market/group-buy-panel";
import { TurntableGiftsPanel } from "@/features/mall/market/turntable-gifts-panel";
import { pointsViews } from "@/features/order/points-registry";
import { PointsStatusPanel } from "@/features/order/points-status-panel";
import { monitorViews } from "@/features/monitor/registry";
import { orderViews } from "@/features/order/registry";
import { afterSaleViews } from "@/features/order/aftersale-registry";
import { settingViews } from "@/features/setting/registry";
import { RegionScreen } from "@/features/region/region-screen";
import { ConfigScreen } from "@/features/system/config/config-screen";
import { DeptScreen } from "@/features/system/dept/dept-screen";
import { DictDataScreen } from "@/features/system/dict/dict-data-screen";
import { DictTypeScreen } from "@/features/system/dict/dict-type-screen";
import { MenuScreen } from "@/features/system/menu/menu-screen";
import { NoticeScreen } from "@/features/system/notice/notice-screen";
import { PostScreen } from "@/features/system/post/post-screen";
import { AuthUserScreen } from "@/features/system/role/auth-user-screen";
import { RoleScreen } from "@/features/system/role/role-screen";
import { AuthRoleScreen } from "@/features/system/user/auth-role-screen";
import { UserScreen } from "@/features/system/user/user-screen";
import { toolViews } from "@/features/tools/registry";
import type { ResourcePanel } from "@/lib/api/types";
import type { ScreenSearchParams } from "@/lib/list-screen";

/** What a registered view receives: the query, and the numeric id of a hidden page's address. */
export interface ViewProps {
  searchParams: ScreenSearchParams;
  id?: string;
}

export type View = (props: ViewProps) => ReactNode | Promise<ReactNode>;

/**
 * View path (the `component` of a getRouters node, e.g. 'system/user/index', or the view of a
 * hidden page in lib/static-routes.ts) → the screen that renders it. A page whose view path is
 * missing here shows the "not built yet" panel.
 * Each feature adds its screens here as they are written.
 */
export const views: Readonly<Record<string, View>> = {
  "system/user/index": UserScreen,
  "system/user/authRole": AuthRoleScreen,
  "system/role/index": RoleScreen,
  "system/role/authUser": AuthUserScreen,
  "system/menu/index": MenuScreen,
  "system/dept/index": DeptScreen,
  "system/post/index": PostScreen,
  "system/dict/index": DictTypeScreen,
  "system/dict/data": DictDataScreen,
  "system/config/index": ConfigScreen,
  "system/notice/index": NoticeScreen,
  ...monitorViews,
  ...toolViews,
  ...generatedViews,
  ...contentViews,
  ...settingViews,
  "region/index": RegionScreen,
  ...financeViews,
  ...shopViews,
  ...mallContentViews,
  ...mallGoodsViews,
  ...orderViews,
  ...afterSaleViews,
  ...pointsViews,
};

/**
 * The piece a declared business resource's screen (features/resources) shows above its standard list: a chart, a
 * summary. Its data comes in the screen's one answer (`panel`, chosen by the BFF for the view); the list itself
 * stays the declaration's.
 */
export function ResourcePanelView({ panel }: { panel: ResourcePanel }) {
  switch (panel.kind) {
    case "loginCharts":
      return <LazyLoginCharts initial={panel} />;
    case "groupBuy":
      return <GroupBuyPanel goods={panel.goods} />;
    case "turntable":
      return <TurntableGiftsPanel turntables={panel.turntables} />;
    case "pointsStatus":
      return <PointsStatusPanel counts={panel.counts} />;
  }
}
