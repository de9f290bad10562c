import type { RouterNode } from "@/lib/api/types";

/** A getRouters answer in RuoYi's shape, for the tests: one route a line, the menu's own nesting. */
export const ROUTERS: RouterNode[] = [
  {
    name: "System", path: "/system", hidden: false, redirect: "noRedirect", component: "Layout", alwaysShow: true, meta: { title: "系统管理", icon: "system", noCache: false },
    children: [
      { name: "User", path: "user", hidden: false, component: "system/user/index", meta: { title: "用户管理", icon: "user", noCache: false } },
      { name: "Role", path: "role", hidden: false, component: "system/role/index", query: '{"status":"0"}', meta: { title: "角色管理", icon: "peoples", noCache: false } },
      { name: "Secret", path: "secret", hidden: true, component: "system/secret/index", meta: { title: "隐藏页", icon: "lock", noCache: false } },
      {
        name: "Log", path: "log", hidden: false, redirect: "noRedirect", component: "ParentView", alwaysShow: true, meta: { title: "日志管理", icon: "log", noCache: false },
        children: [
          { name: "Operlog", path: "operlog", hidden: false, component: "monitor/operlog/index", meta: { title: "操作日志", icon: "form", noCache: false } },
          {
            name: "Deep", path: "deep", hidden: false, component: "ParentView", meta: { title: "深层", icon: "tree", noCache: false },
            children: [{ name: "Leaf", path: "leaf", hidden: false, component: "monitor/leaf/index", meta: { title: "叶子", icon: "list", noCache: false } }],
          },
        ],
      },
    ],
  },
  {
    path: "/", hidden: false, component: "Layout",
    children: [{ name: "Docs", path: "docs", hidden: false, component: "InnerLink", meta: { title: "文档", icon: "guide", noCache: false, link: "http://127.0.0.1:8010/docs" } }],
  },
  { name: "Http://ruoyi.vip", path: "http://ruoyi.vip", hidden: false, component: "Layout", meta: { title: "若依官网", icon: "guide", noCache: false, link: "http://ruoyi.vip" } },
  {
    name: "Tool", path: "/tool", hidden: false, redirect: "noRedirect", component: "Layout", alwaysShow: true, meta: { title: "系统工具", icon: "tool", noCache: false },
    children: [{ name: "Gen", path: "gen", hidden: false, component: "tool/gen/index", meta: { title: "代码生成", icon: "code", noCache: false } }],
  },
];
