import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import { loadListScreen } from "@/lib/list-screen";
import type { LoginLogScreenData } from "@/lib/api/types";
import { LogininforList } from "./logininfor-list";
import { logininforParsers } from "./query";

/** 登录日志. */
export async function LogininforScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<LoginLogScreenData, typeof logininforParsers>("/bff/screens/monitor/logininfor", logininforParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <LogininforList data={result.data} />;
}
