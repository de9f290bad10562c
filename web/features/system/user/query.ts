import { parseAsInteger } from "nuqs/server";
import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

export const userParsers = {
  ...pagingParsers,
  userName: text(),
  phonenumber: text(),
  status: text(),
  deptId: parseAsInteger,
  ...dateRangeParsers,
};

export const USER_FILTERS = ["userName", "phonenumber", "status", "beginTime", "endTime"] as const;
