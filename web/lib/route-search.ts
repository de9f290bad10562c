import Fuse, { type IFuseOptions } from "fuse.js";
import type { SearchItem } from "@/lib/routes";

/** Fuse 7 has no maxPatternLength option: the query is cut to this length instead. */
export const MAX_PATTERN_LENGTH = 32;

export const ROUTE_SEARCH_OPTIONS: IFuseOptions<SearchItem> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: "title", weight: 0.7 },
    { name: "path", weight: 0.3 },
  ],
};

export function createRouteSearch(items: readonly SearchItem[]): (query: string) => SearchItem[] {
  const fuse = new Fuse([...items], ROUTE_SEARCH_OPTIONS);
  return (query) => {
    const pattern = query.trim().slice(0, MAX_PATTERN_LENGTH);
    return pattern ? fuse.search(pattern).map((result) => result.item) : [];
  };
}
