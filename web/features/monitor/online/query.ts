import { pagingParsers, text } from "@/lib/list-parsers";

export const onlineParsers = { pageNum: pagingParsers.pageNum, pageSize: pagingParsers.pageSize, ipaddr: text(), userName: text() };
export const ONLINE_FILTERS = ["ipaddr", "userName"] as const;
