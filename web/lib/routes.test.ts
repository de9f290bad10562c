import { describe, expect, it } from "vitest";
import {
  activeTopPath,
  filterChildren,
  findRoute,
  firstMenuHref,
  flattenRoutes,
  menuHref,
  resolvePath,
  searchItems,
  sidebarMenu,
  topMenus,
  topNavSidebar,
  visibleTopMenuCount,
} from "./routes";
import { ROUTERS } from "./routers.fixture";

describe("resolvePath", () => {
  it("joins like path.resolve and keeps external links", () => {
    expect(resolvePath("/system", "user")).toBe("/system/user");
    expect(resolvePath("/system/", "/tool/gen")).toBe("/tool/gen");
    expect(resolvePath("/", "index")).toBe("/index");
    expect(resolvePath("/system/user", "")).toBe("/system/user");
    expect(resolvePath("/", "https://a.b")).toBe("https://a.b");
    expect(resolvePath("https://a.b", "x")).toBe("https://a.b");
  });
});

describe("filterChildren", () => {
  it("combines ParentView paths with their children, recursively", () => {
    const system = ROUTERS[0].children ?? [];
    const paths = filterChildren(system).map((item) => item.path);
    expect(paths).toEqual(["user", "role", "secret", "log/operlog", "log/deep/leaf"]);
  });

  it("records the titles of the lifted directories", () => {
    const leaf = filterChildren(ROUTERS[0].children ?? []).find((item) => item.path === "log/deep/leaf");
    expect(leaf?.chain).toEqual(["日志管理", "深层"]);
  });

  it("does not mutate the routers", () => {
    filterChildren(ROUTERS[0].children ?? []);
    expect(ROUTERS[0].children?.[3].children?.[0].path).toBe("operlog");
  });
});

describe("flattenRoutes", () => {
  const entries = flattenRoutes(ROUTERS);

  it("lists every page with its full path, hidden pages included, external links excluded", () => {
    expect(entries.map((entry) => entry.path)).toEqual([
      "/system/user",
      "/system/role",
      "/system/secret",
      "/system/log/operlog",
      "/system/log/deep/leaf",
      "/docs",
      "/tool/gen",
    ]);
  });

  it("keeps the view path, the title trail, the link and the query", () => {
    expect(findRoute(entries, "/system/log/operlog")).toMatchObject({
      component: "monitor/operlog/index",
      title: "操作日志",
      chain: ["系统管理", "日志管理"],
    });
    expect(findRoute(entries, "/docs")).toMatchObject({ component: "InnerLink", link: "http://127.0.0.1:8010/docs" });
    expect(findRoute(entries, "/system/role/")?.query).toBe('{"status":"0"}');
    expect(findRoute(entries, "/system/nothing")).toBeUndefined();
  });
});

describe("sidebarMenu", () => {
  const menu = sidebarMenu(ROUTERS);

  it("skips hidden entries and nests ParentView directories", () => {
    const system = menu[0];
    expect(system.title).toBe("系统管理");
    expect(system.children?.map((item) => item.title)).toEqual(["用户管理", "角色管理", "日志管理"]);
    const log = system.children?.[2];
    expect(log?.children?.[0]).toMatchObject({ path: "/system/log/operlog", title: "操作日志" });
    // 'deep' is not alwaysShow and has one visible child: the child takes its place
    expect(log?.children?.[1]).toMatchObject({ path: "/system/log/deep/leaf", title: "叶子", icon: "list" });
  });

  it("shows a '/' wrapper's lone child in its place and keeps external links external", () => {
    expect(menu[1]).toMatchObject({ path: "/docs", title: "文档", external: false });
    expect(menu[2]).toMatchObject({ path: "http://ruoyi.vip", title: "若依官网", external: true });
  });
});

describe("firstMenuHref", () => {
  it("is the sidebar's first page, depth first, with its query", () => {
    expect(firstMenuHref(ROUTERS)).toBe("/system/user");
    const [system, ...rest] = ROUTERS;
    const noUser = { ...system, children: system.children?.filter((c) => c.path !== "user") };
    expect(firstMenuHref([noUser, ...rest])).toBe("/system/role?status=0");
  });

  it("skips hidden pages and external links; none at all: null", () => {
    const [, docs, external] = ROUTERS;
    expect(firstMenuHref([external, docs])).toBe("/docs");
    expect(firstMenuHref([external])).toBeNull();
    expect(firstMenuHref([{ ...ROUTERS[0], children: [ROUTERS[0].children![2]] }])).toBeNull();
    expect(firstMenuHref([])).toBeNull();
  });
});

describe("menuHref", () => {
  it("adds a menu's query as search parameters", () => {
    expect(menuHref("/system/role", '{"status":"0"}')).toBe("/system/role?status=0");
    expect(menuHref("/system/role", "not json")).toBe("/system/role");
    expect(menuHref("/system/role")).toBe("/system/role");
  });
});

describe("searchItems", () => {
  it("lists titled, visible nodes with their title trail, skipping noRedirect directories", () => {
    const items = searchItems(ROUTERS);
    const byPath = Object.fromEntries(items.map((item) => [item.path, item.title]));
    expect(byPath["/system/user"]).toEqual(["系统管理", "用户管理"]);
    expect(byPath["/system/log/operlog"]).toEqual(["系统管理", "日志管理", "操作日志"]);
    expect(byPath["http://ruoyi.vip"]).toEqual(["若依官网"]);
    expect(byPath["/system"]).toBeUndefined();
    expect(byPath["/system/secret"]).toBeUndefined();
  });
});

describe("top navigation", () => {
  it("lists top-level entries, a '/' wrapper's first child, and 'index' last", () => {
    expect(topMenus(ROUTERS).map((menu) => menu.path)).toEqual([
      "/system",
      "docs",
      "http://ruoyi.vip",
      "/tool",
      "index",
    ]);
    expect(topMenus(ROUTERS).at(-1)?.meta).toMatchObject({ title: "统计报表", icon: "dashboard" });
  });

  it("shows floor(width / 3 / 85) entries", () => {
    expect(visibleTopMenuCount(1920)).toBe(7);
    expect(visibleTopMenuCount(1280)).toBe(5);
    expect(visibleTopMenuCount(254)).toBe(0);
  });

  it("finds the active entry from the first path segment", () => {
    expect(activeTopPath("/system/log/operlog")).toBe("/system");
    expect(activeTopPath("/index")).toBe("/index");
    expect(activeTopPath("/user/profile")).toBe("/user/profile");
    expect(activeTopPath("/docs")).toBe("/docs");
  });

  it("gives the sidebar the children of the active entry", () => {
    expect(topNavSidebar(ROUTERS, "/tool").map((item) => item.path)).toEqual(["/tool/gen"]);
    expect(topNavSidebar(ROUTERS, "/index")).toEqual([]);
  });
});
