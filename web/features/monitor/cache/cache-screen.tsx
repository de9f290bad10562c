import { loadFigures } from "../shared/load";
import type { CacheFigures } from "@/lib/api/types";
import { CachePanel } from "./cache-panel";

/** 缓存监控: server info, key count, command statistics and memory. */
export async function CacheScreen() {
  const { result, failure } = await loadFigures<CacheFigures>("/bff/screens/monitor/cache");
  if (!result.ok) return failure;
  return <CachePanel data={result.data} />;
}
