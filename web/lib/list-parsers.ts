/** URL parsers shared by every list (server pages and client lists read the same keys). */
import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from "@/lib/pager";

export const pagingParsers = {
  pageNum: parseAsInteger.withDefault(DEFAULT_PAGE),
  pageSize: parseAsInteger.withDefault(DEFAULT_PAGE_SIZE),
  orderByColumn: parseAsString.withDefault(""),
  isAsc: parseAsStringLiteral(["ascending", "descending"] as const),
};

export const text = () => parseAsString.withDefault("");

export const dateRangeParsers = { beginTime: text(), endTime: text() };
