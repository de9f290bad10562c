import { loadFigures } from "../shared/load";
import type { ServerFigures } from "@/lib/api/types";
import { ServerPanel } from "./server-panel";

/** 服务监控: measured now, then every 5 s on the client. */
export async function ServerScreen() {
  const { result, failure } = await loadFigures<ServerFigures>("/bff/screens/monitor/server");
  if (!result.ok) return failure;
  return <ServerPanel initial={result.data} />;
}
