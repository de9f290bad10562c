import { parseAsInteger } from "nuqs/server";
import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

/** jobId comes from the jobs screen's 日志 action and stays until its chip is closed (重置 keeps it). */
export const jobLogParsers = { ...pagingParsers, jobId: parseAsInteger, jobName: text(), jobGroup: text(), status: text(), ...dateRangeParsers };
export const JOB_LOG_FILTERS = ["jobName", "jobGroup", "status", "beginTime", "endTime"] as const;
