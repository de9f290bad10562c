import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import { loadListScreen } from "@/lib/list-screen";
import type { JobScreenData } from "@/lib/api/types";
import { JobList } from "./job-list";
import { jobParsers } from "./query";

/** 定时任务: the page, the dictionaries and the registered handlers, from one BFF call. */
export async function JobScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<JobScreenData, typeof jobParsers>("/bff/screens/monitor/job", jobParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <JobList data={result.data} />;
}
