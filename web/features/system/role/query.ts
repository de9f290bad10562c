import { parseAsInteger } from "nuqs/server";
import { dateRangeParsers, pagingParsers, text } from "@/lib/list-parsers";

export const roleParsers = { ...pagingParsers, roleName: text(), roleKey: text(), status: text(), ...dateRangeParsers };
export const ROLE_FILTERS = ["roleName", "roleKey", "status", "beginTime", "endTime"] as const;

export const authUserParsers = {
  pageNum: pagingParsers.pageNum,
  pageSize: pagingParsers.pageSize,
  userName: text(),
  phonenumber: text(),
};
export const AUTH_USER_FILTERS = ["userName", "phonenumber"] as const;
export const roleIdParser = parseAsInteger;
