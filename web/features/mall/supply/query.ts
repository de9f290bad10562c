import { parseAsInteger } from "nuqs/server";
import { text } from "@/lib/list-parsers";
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from "@/lib/pager";

/** The supply screen's URL state: the cloud goods' page, shop and name (the provider's list sorts nothing). */
export const supplyParsers = {
  pageNum: parseAsInteger.withDefault(DEFAULT_PAGE),
  pageSize: parseAsInteger.withDefault(DEFAULT_PAGE_SIZE),
  shopId: text(),
  keyword: text(),
};
export const SUPPLY_FILTERS = ["shopId", "keyword"] as const;
