import type { components } from "@/lib/api/bff-types";
import type { components as CoreComponents } from "@/lib/api/core-types";

/** Friendly names for the monitor screens' BFF schemas (lib/api/bff-types.ts is generated). */
type Schemas = components["schemas"];

export type OperLogRow = Schemas["OperLogRow"];
export type OperLogScreenData = Schemas["OperLogScreen"];
export type LoginLogRow = Schemas["LoginLogRow"];
export type LoginLogScreenData = Schemas["LoginLogScreen"];
export type OnlineRow = Schemas["OnlineRow"];
export type OnlineScreenData = Schemas["OnlineScreen"];
export type JobRow = Schemas["JobRow"];
export type JobHandlerInfo = Schemas["JobHandlerInfo"];
export type JobScreenData = Schemas["JobScreen"];
export type CronCheck = Schemas["CronCheck"];
export type JobLogRow = Schemas["JobLogRow"];
export type JobLogScreenData = Schemas["JobLogScreen"];
export type ServerFigures = Schemas["ServerFigures"];
export type CacheFigures = Schemas["CacheFigures"];
export type CacheNameRow = Schemas["CacheNameRow"];
export type MonitorDicts = OperLogScreenData["dicts"];

export type JobBody = CoreComponents["schemas"]["JobBody"];

type CoreSchemas = CoreComponents["schemas"];
export type CacheValue = CoreSchemas["CacheValue"];
