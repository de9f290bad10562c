import { pagingParsers, text } from "@/lib/list-parsers";

export const jobParsers = { ...pagingParsers, jobName: text(), jobGroup: text(), status: text() };
export const JOB_FILTERS = ["jobName", "jobGroup", "status"] as const;

/** RuoYi's misfire policies (0 is the scheduler's default) and the concurrent flag ("0" allowed). */
export const MISFIRE_POLICIES = ["0", "1", "2", "3"] as const;
export const CONCURRENT_VALUES = ["0", "1"] as const;

/** The job-log page with a job's filter (spec §2.2: /monitor/job-log/index, monitor:job:list). */
export function jobLogHref(jobId?: number): string {
  return jobId ? `/monitor/job-log/index?jobId=${jobId}` : "/monitor/job-log/index";
}
