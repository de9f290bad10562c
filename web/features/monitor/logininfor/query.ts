import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

export const logininforParsers = { ...pagingParsers, ipaddr: text(), userName: text(), status: text(), ...dateRangeParsers };
export const LOGININFOR_FILTERS = ["ipaddr", "userName", "status", "beginTime", "endTime"] as const;
