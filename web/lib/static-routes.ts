import { findRoute, type RouteEntry } from "@/lib/routes";

export const HOME_PATH = "/index";
export const HOME_TITLE = "首页";
const PROFILE_PATH = "/user/profile";
const PROFILE_TITLE = "个人中心";

/** The hidden pages of spec §2.2: reachable only with their permission, highlighting their menu. */
export interface GuardedRoute {
  /** the page's address with ':id' standing for a numeric parameter */
  pattern: string;
  /** RuoYi's view path for the page, the key of its screen in features/registry.tsx */
  view: string;
  title: string;
  permission: string;
  activeMenu: string;
}

export const GUARDED_ROUTES = {
  userAuthRole: {
    pattern: "/system/user-auth/role/:id",
    view: "system/user/authRole",
    title: "分配角色",
    permission: "system:user:edit",
    activeMenu: "/system/user",
  },
  roleAuthUser: {
    pattern: "/system/role-auth/user/:id",
    view: "system/role/authUser",
    title: "分配用户",
    permission: "system:role:edit",
    activeMenu: "/system/role",
  },
  dictData: {
    pattern: "/system/dict-data/index/:id",
    view: "system/dict/data",
    title: "字典数据",
    permission: "system:dict:list",
    activeMenu: "/system/dict",
  },
  jobLog: {
    pattern: "/monitor/job-log/index",
    view: "monitor/job/log",
    title: "调度日志",
    permission: "monitor:job:list",
    activeMenu: "/monitor/job",
  },
  genEdit: {
    pattern: "/tool/gen-edit/index",
    view: "tool/gen/editTable",
    title: "修改生成配置",
    permission: "tool:gen:edit",
    activeMenu: "/tool/gen",
  },
  /** the edit page of one imported table (RuoYi's /tool/gen-edit/index/:tableId) */
  genEditTable: {
    pattern: "/tool/gen-edit/index/:id",
    view: "tool/gen/editTable",
    title: "修改生成配置",
    permission: "tool:gen:edit",
    activeMenu: "/tool/gen",
  },
} satisfies Record<string, GuardedRoute>;

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split("/");
  const have = pathname.split("/");
  return want.length === have.length && want.every((part, i) => part === ":id" || part === have[i]);
}

export function guardedRouteFor(pathname: string): GuardedRoute | undefined {
  return Object.values(GUARDED_ROUTES).find((route) => matches(route.pattern, pathname));
}

/** What the shell shows for a path: tab and window title, breadcrumb trail, highlighted menu. */
export interface RouteDescription {
  title: string;
  chain: string[];
  activeMenu: string;
}

export function describeRoute(pathname: string, entries: readonly RouteEntry[]): RouteDescription | undefined {
  if (pathname === HOME_PATH) return { title: HOME_TITLE, chain: [], activeMenu: HOME_PATH };
  if (pathname === PROFILE_PATH) return { title: PROFILE_TITLE, chain: [], activeMenu: PROFILE_PATH };
  const guarded = guardedRouteFor(pathname);
  if (guarded) {
    const menu = findRoute(entries, guarded.activeMenu);
    return { title: guarded.title, chain: menu ? [...menu.chain] : [], activeMenu: guarded.activeMenu };
  }
  const entry = findRoute(entries, pathname);
  if (entry) return { title: entry.title, chain: entry.chain, activeMenu: entry.path };
  return undefined;
}

/**
 * Breadcrumb titles, always starting at Home, each level once: a hidden directory that only holds one page under
 * the page's own name (the seed's 订单详情 directory /myMenu, holding 订单详情 at the fixed route /myMenu/orderDetail
 * that order messages open) is not a level of its own.
 */
export function breadcrumbTrail(description: RouteDescription | undefined): string[] {
  if (!description || description.activeMenu === HOME_PATH) return [HOME_TITLE];
  const trail = [HOME_TITLE, ...description.chain, description.title];
  return trail.filter((title, index) => index === 0 || title !== trail[index - 1]);
}
