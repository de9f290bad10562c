import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import { loadListScreen } from "@/lib/list-screen";
import type { OperLogScreenData } from "@/lib/api/types";
import { OperlogList } from "./operlog-list";
import { operlogParsers } from "./query";

/** 操作日志: newest first unless a column is sorted. */
export async function OperlogScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<OperLogScreenData, typeof operlogParsers>("/bff/screens/monitor/operlog", operlogParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <OperlogList data={result.data} />;
}
