import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

export const configParsers = { ...pagingParsers, configName: text(), configKey: text(), configType: text(), ...dateRangeParsers };
export const CONFIG_FILTERS = ["configName", "configKey", "configType", "beginTime", "endTime"] as const;
export const SETTINGS_TAB = "settings";
