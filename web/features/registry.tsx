import type { ComponentType, ReactNode } from "react";
import { LoginCharts } from "@/features/account/charts/login-charts-panel";
import { contentViews } from "@/features/content/registry";
import { financeViews } from "@/features/finance/registry";
import { mallContentViews } from "@/features/mall/content-registry";
import { generatedViews } from "@/features/generated/registry";
import { shopViews } from "@/features/mall/shops-registry";
import { mallGoodsViews } from "@/features/mall/goods-registry";
import { marketPanels } from "@/features/mall/market-registry";
import { pointsPanels, pointsViews } from "@/features/order/points-registry";
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
 * View path of a declared business resource (drawn by features/resources) → a piece the screen shows
 * above the standard list: a chart, a summary. The list itself stays the declaration's.
 */
export const resourcePanels: Readonly<Record<string, ComponentType>> = {
  "account/chartLogin/index": LoginCharts,
  ...marketPanels,
  ...pointsPanels,
};
