import { parseAsStringLiteral } from "nuqs/server";
import { pagingParsers, text } from "@/lib/list-parsers";

export const WITHDRAWAL_STATUSES = ["applied", "reviewing", "approved", "paying", "paid", "failed", "rejected"] as const;

/** The withdrawal screen's URL state: the page, the status and the user filter (the ledger shows the same user). */
export const withdrawalParsers = { ...pagingParsers, status: parseAsStringLiteral(WITHDRAWAL_STATUSES), uid: text() };
export const WITHDRAWAL_FILTERS = ["status", "uid"] as const;
export const PAY_CODE_PAGE_SIZE = 10;
