import type { View } from "@/features/registry";
import { CacheListScreen } from "./cache/cache-list-screen";
import { CacheScreen } from "./cache/cache-screen";
import { PoolScreen } from "./druid/pool-screen";
import { JobScreen } from "./job/job-screen";
import { JobLogScreen } from "./job-log/job-log-screen";
import { LogininforScreen } from "./logininfor/logininfor-screen";
import { OnlineScreen } from "./online/online-screen";
import { OperlogScreen } from "./operlog/operlog-screen";
import { ServerScreen } from "./server/server-screen";

/** The monitor area's screens by view path (merged into features/registry.tsx). */
export const monitorViews: Readonly<Record<string, View>> = {
  "monitor/operlog/index": OperlogScreen,
  "monitor/logininfor/index": LogininforScreen,
  "monitor/online/index": OnlineScreen,
  "monitor/job/index": JobScreen,
  // the hidden page /monitor/job-log/index (lib/static-routes.ts GUARDED_ROUTES.jobLog.view)
  "monitor/job/log": JobLogScreen,
  // a client screen: rendered without the server page's props
  "monitor/druid/index": () => <PoolScreen />,
  "monitor/server/index": ServerScreen,
  "monitor/cache/index": CacheScreen,
  "monitor/cache/list": CacheListScreen,
};
