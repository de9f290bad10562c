import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import { loadListScreen } from "@/lib/list-screen";
import type { OnlineScreenData } from "@/lib/api/types";
import { OnlineList } from "./online-list";
import { onlineParsers } from "./query";

/** 在线用户. */
export async function OnlineScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<OnlineScreenData, typeof onlineParsers>("/bff/screens/monitor/online", onlineParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <OnlineList data={result.data} />;
}
