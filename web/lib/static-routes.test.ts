import { describe, expect, it } from "vitest";
import type { RouterNode } from "@/lib/api/types";
import { flattenRoutes } from "./routes";
import { ROUTERS } from "./routers.fixture";
import { breadcrumbTrail, describeRoute, guardedRouteFor } from "./static-routes";

const entries = flattenRoutes(ROUTERS);

describe("guardedRouteFor", () => {
  it("matches the hidden pages with their permission", () => {
    expect(guardedRouteFor("/system/user-auth/role/12")?.permission).toBe("system:user:edit");
    expect(guardedRouteFor("/system/dict-data/index/3")?.activeMenu).toBe("/system/dict");
    expect(guardedRouteFor("/monitor/job-log/index")?.title).toBe("调度日志");
    expect(guardedRouteFor("/system/user-auth/role")).toBeUndefined();
  });

  it("opens one table's generation config by its id, under tool:gen:edit, highlighting the code generator", () => {
    expect(guardedRouteFor("/tool/gen-edit/index/7")).toMatchObject({ view: "tool/gen/editTable", permission: "tool:gen:edit", activeMenu: "/tool/gen" });
    expect(guardedRouteFor("/tool/gen-edit/index")?.permission).toBe("tool:gen:edit");
    expect(guardedRouteFor("/tool/gen-edit/index/7/x")).toBeUndefined();
  });
});

describe("describeRoute and breadcrumbTrail", () => {
  it("starts every trail at Home", () => {
    expect(breadcrumbTrail(describeRoute("/index", entries))).toEqual(["首页"]);
    expect(breadcrumbTrail(describeRoute("/system/log/operlog", entries))).toEqual([
      "首页",
      "系统管理",
      "日志管理",
      "操作日志",
    ]);
    expect(breadcrumbTrail(describeRoute("/user/profile", entries))).toEqual(["首页", "个人中心"]);
  });

  it("shows each level once: a hidden directory named as its one page is not a level (issue 28 §1)", () => {
    const holder: RouterNode = {
      name: "MyMenu", path: "/myMenu", hidden: true, redirect: "noRedirect", component: "Layout", alwaysShow: false, meta: { title: "订单详情", icon: "list", noCache: false },
      children: [{ name: "OrderDetail", path: "orderDetail", hidden: true, component: "order/detail/index", meta: { title: "订单详情", icon: "list", noCache: false } }],
    };
    const withDetail = flattenRoutes([...ROUTERS, holder]);
    expect(breadcrumbTrail(describeRoute("/myMenu/orderDetail", withDetail))).toEqual(["首页", "订单详情"]);
    expect(breadcrumbTrail(describeRoute("/system/log/operlog", withDetail))).toEqual(["首页", "系统管理", "日志管理", "操作日志"]);
  });

  it("highlights the owning menu of a hidden page", () => {
    const description = describeRoute("/system/user-auth/role/1", entries);
    expect(description).toEqual({ title: "分配角色", chain: ["系统管理"], activeMenu: "/system/user" });
  });

  it("knows nothing of paths outside the menu", () => {
    expect(describeRoute("/nowhere", entries)).toBeUndefined();
  });
});
