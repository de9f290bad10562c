import type { ViewProps } from "@/features/registry";
import { loadListScreen, ScreenFailure } from "@/features/system/shared/load-screen";
import type { LoginLogScreenData } from "../types";
import { LogininforList } from "./logininfor-list";
import { logininforParsers } from "./query";

/** 登录日志. */
export async function LogininforScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<LoginLogScreenData, typeof logininforParsers>("/bff/screens/monitor/logininfor", logininforParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <LogininforList data={result.data} />;
}
