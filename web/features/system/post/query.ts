import { pagingParsers, text } from "@/lib/list-parsers";

export const postParsers = { ...pagingParsers, postCode: text(), postName: text(), status: text() };
export const POST_FILTERS = ["postCode", "postName", "status"] as const;
