import { loadFigures } from "../shared/load";
import type { CacheNameRow } from "@/lib/api/types";
import { CacheList } from "./cache-list";

/** 缓存列表: names, then the keys of a name, then the value of a key. */
export async function CacheListScreen() {
  const { result, failure } = await loadFigures<CacheNameRow[]>("/bff/screens/monitor/cacheList");
  if (!result.ok) return failure;
  return <CacheList initialNames={result.data} />;
}
