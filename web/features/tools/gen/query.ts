import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

export const genParsers = { ...pagingParsers, tableName: text(), tableComment: text(), ...dateRangeParsers };
export const GEN_FILTERS = ["tableName", "tableComment", "beginTime", "endTime"] as const;
