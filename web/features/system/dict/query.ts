import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

export const dictTypeParsers = { ...pagingParsers, dictName: text(), dictType: text(), status: text(), ...dateRangeParsers };
export const DICT_TYPE_FILTERS = ["dictName", "dictType", "status", "beginTime", "endTime"] as const;

export const dictDataParsers = { ...pagingParsers, dictType: text(), dictLabel: text(), status: text() };
export const DICT_DATA_FILTERS = ["dictType", "dictLabel", "status"] as const;
