import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

export const operlogParsers = { ...pagingParsers, title: text(), operName: text(), businessType: text(), status: text(), ...dateRangeParsers };
export const OPERLOG_FILTERS = ["title", "operName", "businessType", "status", "beginTime", "endTime"] as const;
