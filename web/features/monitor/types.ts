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

/** GET /monitor/operlog/{id}: the row with what the list leaves out. */
export interface OperLogDetail extends OperLogRow {
  operParam?: string | null;
  jsonResult?: string | null;
}

/** POST /monitor/druid/ticket. */
export interface PoolTicket {
  ticket: string;
  url: string;
}

/** GET /monitor/cache/getValue/{name}/{key}. */
export interface CacheValue {
  cacheName: string;
  cacheKey: string;
  cacheValue: string;
}
