import { parseAsStringLiteral } from "nuqs/server";
import { AFTER_SALE_STATUSES } from "./aftersale-logic";

/** The after-sale screen's URL state: the status tab (every list of the area shows 50 rows). */
export const afterSaleParsers = { status: parseAsStringLiteral(AFTER_SALE_STATUSES) };
export const ORDER_PAGE_SIZE = 50;
