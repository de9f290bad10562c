import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import { loadListScreen } from "@/lib/list-screen";
import type { JobLogScreenData } from "@/lib/api/types";
import { JobLogList } from "./job-log-list";
import { jobLogParsers } from "./query";

/** 调度日志 (the hidden page /monitor/job-log/index, optionally with ?jobId=). */
export async function JobLogScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<JobLogScreenData, typeof jobLogParsers>("/bff/screens/monitor/jobLog", jobLogParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <JobLogList data={result.data} />;
}
