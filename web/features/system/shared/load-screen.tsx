import { createLoader, type ParserMap } from "nuqs/server";
import { ScreenError } from "@/components/screen-error";
import { StatusPage } from "@/components/status-page";
import type { ViewProps } from "@/features/registry";
import type { BffResult } from "@/lib/bff";
import { screenQuery } from "@/lib/list-query";
import { loadScreen } from "@/lib/session";

/** A list screen's server half: the URL's list state read with the list's parsers, then its BFF call. */
export async function loadListScreen<T, P extends ParserMap>(
  path: string,
  parsers: P,
  searchParams: ViewProps["searchParams"],
  extra: Record<string, string> = {},
) {
  const query = createLoader(parsers)(await searchParams);
  const result = await loadScreen<T>(`${path}?${screenQuery(query as Record<string, never>, extra)}`);
  return { query, result };
}

/** What a screen shows when its call was refused or failed. */
export function ScreenFailure({ result }: { result: Extract<BffResult<unknown>, { ok: false }> }) {
  return result.status === "forbidden" ? <StatusPage code="403" /> : <ScreenError message={result.message} />;
}
