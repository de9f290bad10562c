import { pagingParsers } from "@/lib/list-parsers";

/** The ad category's goods: the page (the category is the URL's ?id=, read by the screen). */
export const adGoodsParsers = pagingParsers;
