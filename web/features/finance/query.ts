import { parseAsStringLiteral } from "nuqs/server";
import { text } from "@/lib/list-parsers";

export const WITHDRAWAL_STATUSES = ["applied", "reviewing", "approved", "paying", "paid", "failed", "rejected"] as const;

/** The withdrawal screen's URL state: the status tab and the user filter (both lists show 50 rows). */
export const withdrawalParsers = { status: parseAsStringLiteral(WITHDRAWAL_STATUSES), uid: text() };
export const WITHDRAWAL_PAGE_SIZE = 50;
export const PAY_CODE_PAGE_SIZE = 10;
