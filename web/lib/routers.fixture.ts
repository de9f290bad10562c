import type { RouterNode } from "@/lib/api/types";

const meta = (title: string, icon: string, link?: string): RouterNode["meta"] => ({ title, icon, noCache: false, ...(link ? { link } : {}) });

/** A menu entry: a screen (its component's view path), an inner link or a parent view. */
const entry = (name: string, path: string, component: string, title: string, icon: string, more: Partial<RouterNode> = {}): RouterNode => ({
  name,
  path,
  hidden: false,
  component,
  meta: meta(title, icon),
  ...more,
});

/** A directory: always shown, not a link itself, its entries below. */
const directory = (name: string, path: string, component: string, title: string, icon: string, children: RouterNode[]): RouterNode =>
  entry(name, path, component, title, icon, { redirect: "noRedirect", alwaysShow: true, children });

/** A getRouters answer in RuoYi's shape, for the tests. */
export const ROUTERS: RouterNode[] = [
  directory("System", "/system", "Layout", "系统管理", "system", [
    entry("User", "user", "system/user/index", "用户管理", "user"),
    entry("Role", "role", "system/role/index", "角色管理", "peoples", { query: '{"status":"0"}' }),
    entry("Secret", "secret", "system/secret/index", "隐藏页", "lock", { hidden: true }),
    directory("Log", "log", "ParentView", "日志管理", "log", [
      entry("Operlog", "operlog", "monitor/operlog/index", "操作日志", "form"),
      entry("Deep", "deep", "ParentView", "深层", "tree", { children: [entry("Leaf", "leaf", "monitor/leaf/index", "叶子", "list")] }),
    ]),
  ]),
  {
    path: "/",
    hidden: false,
    component: "Layout",
    children: [entry("Docs", "docs", "InnerLink", "文档", "guide", { meta: meta("文档", "guide", "http://127.0.0.1:8010/docs") })],
  },
  entry("Http://ruoyi.vip", "http://ruoyi.vip", "Layout", "若依官网", "guide", { meta: meta("若依官网", "guide", "http://ruoyi.vip") }),
  directory("Tool", "/tool", "Layout", "系统工具", "tool", [entry("Gen", "gen", "tool/gen/index", "代码生成", "code")]),
];
