import { parseAsInteger, parseAsStringLiteral } from "nuqs/server";
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from "@/lib/pager";
import { pagingParsers, text } from "@/lib/list-parsers";

export const WITHDRAWAL_STATUSES = ["applied", "reviewing", "approved", "paying", "paid", "failed", "rejected"] as const;

export const LEDGER_KINDS = ["credit", "commission", "freeze", "unfreeze", "payout"] as const;

/** The withdrawal screen's URL state: the page, the status and the user filter (the ledger shows the same user), the ledger tab's own page and kind. */
export const withdrawalParsers = {
  ...pagingParsers,
  status: parseAsStringLiteral(WITHDRAWAL_STATUSES),
  uid: text(),
  ledgerPage: parseAsInteger.withDefault(DEFAULT_PAGE),
  ledgerPageSize: parseAsInteger.withDefault(DEFAULT_PAGE_SIZE),
  ledgerKind: parseAsStringLiteral(LEDGER_KINDS),
};
export const WITHDRAWAL_FILTERS = ["status", "uid"] as const;
export const LEDGER_FILTERS = ["ledgerKind"] as const;
export const PAY_CODE_PAGE_SIZE = 10;
export const PAY_CODE_STATUSES = ["pending", "paid", "expired", "closed"] as const;

/** The pay-code screen's recent list: its page (ten codes a page) and the status filter. */
export const payCodeParsers = { ...pagingParsers, pageSize: parseAsInteger.withDefault(PAY_CODE_PAGE_SIZE), status: parseAsStringLiteral(PAY_CODE_STATUSES) };
export const PAY_CODE_FILTERS = ["status"] as const;
