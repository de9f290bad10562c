import { pagingParsers, text } from "@/lib/list-parsers";

export const noticeParsers = { ...pagingParsers, noticeTitle: text(), createBy: text(), noticeType: text() };
export const NOTICE_FILTERS = ["noticeTitle", "createBy", "noticeType"] as const;
