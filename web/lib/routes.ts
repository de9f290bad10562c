import type { RouterNode } from "@/lib/api/types";
import { isExternal, isHttp } from "@/lib/validate";

const LAYOUT = "Layout";
export const PARENT_VIEW = "ParentView";
export const INNER_LINK = "InnerLink";

/** A page the user's menu grants, with its full path. */
export interface RouteEntry {
  path: string;
  title: string;
  /** titles of the directories above it, top first */
  chain: string[];
  component: string;
  link?: string;
  query?: string;
}

function normalise(path: string): string {
  const joined = `/${path}`.replace(/\/{2,}/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

/** path.resolve for menu paths: absolute and external paths win, '' keeps the base. */
export function resolvePath(base: string, path: string): string {
  if (isExternal(path)) return path;
  if (isExternal(base)) return base;
  if (path.startsWith("/")) return normalise(path);
  if (!path) return normalise(base || "/");
  return normalise(`${base}/${path}`);
}

interface Flat {
  node: RouterNode;
  path: string;
  chain: string[];
}

function ancestorsOf(parent: Flat | undefined): string[] {
  if (!parent) return [];
  const title = parent.node.meta?.title;
  return title ? [...parent.chain, title] : parent.chain;
}

/**
 * RuoYi's filterChildren: the children of a ParentView directory are lifted to its level with
 * combined paths ('log' + '/' + 'operlog'), recursively. Nothing is mutated.
 */
export function filterChildren(children: readonly RouterNode[], parent?: Flat): Flat[] {
  const out: Flat[] = [];
  for (const el of children) {
    if (el.children?.length && el.component === PARENT_VIEW && !parent) {
      const dir: Flat = { node: el, path: el.path, chain: [] };
      for (const child of el.children) {
        const item: Flat = { node: child, path: `${el.path}/${child.path}`, chain: ancestorsOf(dir) };
        if (child.children?.length) out.push(...filterChildren(child.children, item));
        else out.push(item);
      }
      continue;
    }
    if (parent) {
      const item: Flat = { node: el, path: `${parent.path}/${el.path}`, chain: ancestorsOf(parent) };
      if (el.children?.length) out.push(...filterChildren(el.children, item));
      else out.push(item);
      continue;
    }
    out.push({ node: el, path: el.path, chain: [] });
  }
  return out;
}

function isView(component: string | null | undefined): component is string {
  return !!component && component !== LAYOUT && component !== PARENT_VIEW;
}

function toEntry(node: RouterNode, path: string, chain: string[]): RouteEntry[] {
  const entries: RouteEntry[] = [];
  if (isView(node.component) && !isExternal(path)) {
    entries.push({
      path,
      title: node.meta?.title ?? "",
      chain,
      component: node.component,
      link: node.meta?.link ?? undefined,
      query: node.query ?? undefined,
    });
  }
  if (node.children?.length) {
    const below = node.meta?.title ? [...chain, node.meta.title] : chain;
    for (const item of filterChildren(node.children)) {
      entries.push(...toEntry(item.node, resolvePath(path, item.path), [...below, ...item.chain]));
    }
  }
  return entries;
}

/** Every page of the menu tree with its full path, as the router registers them. */
export function flattenRoutes(routers: readonly RouterNode[]): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const top of routers) {
    if (isExternal(top.path)) continue;
    const path = resolvePath("/", top.path);
    if (top.children?.length) {
      const chain = top.meta?.title ? [top.meta.title] : [];
      for (const item of filterChildren(top.children)) {
        entries.push(...toEntry(item.node, resolvePath(path, item.path), [...chain, ...item.chain]));
      }
    } else {
      entries.push(...toEntry(top, path, []));
    }
  }
  return entries;
}

export function findRoute(entries: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  const wanted = resolvePath("/", pathname);
  return entries.find((entry) => entry.path === wanted);
}

/** One entry of the sidebar: a link, or a submenu with children. */
export interface MenuItem {
  key: string;
  title: string;
  icon?: string;
  path: string;
  query?: string;
  external: boolean;
  children?: MenuItem[];
}

/** RuoYi's SidebarItem: hidden entries skipped; a lone visible child replaces its parent unless alwaysShow. */
export function toMenuItem(node: RouterNode, basePath: string): MenuItem | null {
  if (node.hidden) return null;
  const showing = (node.children ?? []).filter((child) => !child.hidden);
  const single: RouterNode | null =
    showing.length === 1 ? showing[0] : showing.length === 0 ? { ...node, path: "", children: undefined } : null;
  if (single && !single.children?.length && !node.alwaysShow) {
    if (!single.meta) return null;
    const path = resolvePath(basePath, single.path);
    return {
      key: path,
      title: single.meta.title,
      icon: single.meta.icon || node.meta?.icon || undefined,
      path,
      query: single.query ?? undefined,
      external: isExternal(path),
    };
  }
  const children = (node.children ?? [])
    .map((child) => toMenuItem(child, resolvePath(basePath, child.path)))
    .filter((item): item is MenuItem => item !== null);
  return {
    key: basePath,
    title: node.meta?.title ?? "",
    icon: node.meta?.icon || undefined,
    path: basePath,
    external: false,
    children,
  };
}

/** The sidebar for a list of top-level routers (each resolves against its own path). */
export function sidebarMenu(routers: readonly RouterNode[], basePath?: string): MenuItem[] {
  return routers
    .map((node) => toMenuItem(node, basePath === undefined ? node.path : resolvePath(basePath, node.path)))
    .filter((item): item is MenuItem => item !== null);
}

/** A menu link's address with its `query` (a JSON object string) as search parameters. */
export function menuHref(path: string, query?: string | null): string {
  if (!query) return path;
  try {
    const params = new URLSearchParams(JSON.parse(query) as Record<string, string>);
    const text = params.toString();
    return text ? `${path}?${text}` : path;
  } catch {
    return path;
  }
}

/** The sidebar's first page (depth first; hidden entries and external links skipped) as a link, or null: where an
 * operator lands who may not read the home dashboard (shop staff, issue 28). */
export function firstMenuHref(routers: readonly RouterNode[]): string | null {
  const walk = (items: readonly MenuItem[]): string | null => {
    for (const item of items) {
      const found = item.children ? walk(item.children) : item.external ? null : menuHref(item.path, item.query);
      if (found) return found;
    }
    return null;
  };
  return walk(sidebarMenu(routers));
}

export interface SearchItem {
  path: string;
  title: string[];
  query?: string;
}

/** RuoYi's HeaderSearch list: every titled, non-hidden node with its title trail. */
export function searchItems(nodes: readonly RouterNode[], basePath = "/", prefix: string[] = []): SearchItem[] {
  const items: SearchItem[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const data: SearchItem = {
      path: isHttp(node.path) ? node.path : resolvePath(basePath, node.path),
      title: [...prefix],
      query: node.query ?? undefined,
    };
    if (node.meta?.title) {
      data.title = [...data.title, node.meta.title];
      if (node.redirect !== "noRedirect") items.push(data);
    }
    if (node.children?.length) items.push(...searchItems(node.children, data.path, data.title));
  }
  return items;
}

/** The extra top-bar entry that leads to the dashboard. */
const INDEX_TOP_MENU: RouterNode = {
  path: "index",
  hidden: false,
  meta: { title: "统计报表", icon: "dashboard", noCache: false },
};

/** RuoYi's TopNav entries: top-level routers (a '/' wrapper gives its first child) plus 'index'. */
export function topMenus(routers: readonly RouterNode[]): RouterNode[] {
  const list: RouterNode[] = [];
  for (const menu of routers) {
    if (menu.hidden) continue;
    if (menu.path === "/") {
      if (menu.children?.[0]) list.push(menu.children[0]);
    } else {
      list.push(menu);
    }
  }
  return [...list, INDEX_TOP_MENU];
}

const TOP_NAV_ITEM_WIDTH = 85;

export function visibleTopMenuCount(pageWidth: number): number {
  return Math.floor(pageWidth / 3 / TOP_NAV_ITEM_WIDTH);
}

const TOP_NAV_STANDALONE = ["/index", "/user/profile"];

/** The top-bar entry a path belongs to: its first segment ('/system/user' → '/system'). */
export function activeTopPath(pathname: string): string {
  if (pathname.lastIndexOf("/") > 0 && !TOP_NAV_STANDALONE.includes(pathname)) {
    return `/${pathname.slice(1).split("/")[0]}`;
  }
  return pathname;
}

/** With the top bar on, the sidebar shows the children of the active top entry (none: no sidebar). */
export function topNavSidebar(routers: readonly RouterNode[], activeTop: string): MenuItem[] {
  const top = routers.find((node) => !node.hidden && node.path !== "/" && node.path === activeTop);
  if (!top?.children?.length) return [];
  return sidebarMenu(top.children, top.path);
}
