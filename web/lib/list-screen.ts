import { createLoader, type ParserMap } from "nuqs/server";
import { screenQuery } from "@/lib/list-query";
import { loadScreen } from "@/lib/session";

/** The URL's query as Next hands it to a page (and the console hands it to a screen). */
export type ScreenSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A list screen's server half: the URL's list state read with the list's parsers, then its BFF call. */
export async function loadListScreen<T, P extends ParserMap>(
  path: string,
  parsers: P,
  searchParams: ScreenSearchParams,
  extra: Record<string, string> = {},
) {
  const query = createLoader(parsers)(await searchParams);
  const result = await loadScreen<T>(`${path}?${screenQuery(query as Record<string, never>, extra)}`);
  return { query, result };
}
