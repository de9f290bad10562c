"use client";

import { useRouter } from "next/navigation";
import { type ParserMap, useQueryStates, type Values } from "nuqs";
import { useCallback, useMemo, useState, useTransition } from "react";
import type { RowSelectionState, Updater } from "@tanstack/react-table";
import { nextSort, type SortState } from "@/lib/list-query";

/**
 * A list's state in the URL (page, size, filters, sort): changing it re-renders the server page,
 * which calls the BFF screen again; `pending` is true until the new rows arrive.
 */
export function useList<P extends ParserMap>(parsers: P) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [query, setValues] = useQueryStates(parsers, { shallow: false, startTransition, scroll: false });

  const setQuery = useCallback(
    (partial: Partial<Values<P>>) => {
      void setValues(partial as Parameters<typeof setValues>[0]);
    },
    [setValues],
  );
  const refresh = useCallback(() => startTransition(() => router.refresh()), [router]);

  const orderByColumn = String((query as Record<string, unknown>).orderByColumn ?? "");
  const isAsc = ((query as Record<string, unknown>).isAsc as SortState["isAsc"]) ?? "";
  const sort: SortState = useMemo(() => ({ orderByColumn, isAsc }), [orderByColumn, isAsc]);
  const onSort = useCallback(
    (column: string) => {
      const next = nextSort(sort, column);
      setQuery({ orderByColumn: next.orderByColumn || null, isAsc: next.isAsc || null, pageNum: 1 } as never);
    },
    [sort, setQuery],
  );

  return { query, setQuery, refresh, pending, sort, onSort };
}

type Draft = Record<string, string>;

/**
 * The query panel's inputs: edited locally, applied to the URL by 搜索 (back to page 1) and cleared
 * by 重置; they follow the URL when it changes (back button).
 */
export function useQueryDraft(query: Record<string, unknown>, keys: readonly string[], setQuery: (v: never) => void) {
  const fromQuery = useCallback(
    () => Object.fromEntries(keys.map((key) => [key, query[key] == null ? "" : String(query[key])])) as Draft,
    [keys, query],
  );
  // the inputs as edited for the URL's filters they started from: other filters in the URL start them again
  const signature = keys.map((key) => String(query[key] ?? "")).join("\u0000");
  const [edited, setEdited] = useState<{ signature: string; draft: Draft }>(() => ({ signature, draft: fromQuery() }));
  const draft = edited.signature === signature ? edited.draft : fromQuery();
  const setDraft = useCallback(
    (change: (current: Draft) => Draft) =>
      setEdited((current) => ({ signature, draft: change(current.signature === signature ? current.draft : fromQuery()) })),
    [signature, fromQuery],
  );

  const set = useCallback((key: string, value: string) => setDraft((current) => ({ ...current, [key]: value })), [setDraft]);
  const search = useCallback(() => {
    const values = Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim() || null]));
    setQuery({ ...values, pageNum: 1 } as never);
  }, [draft, setQuery]);
  const reset = useCallback(() => {
    setDraft(() => Object.fromEntries(keys.map((key) => [key, ""])));
    setQuery({ ...Object.fromEntries(keys.map((key) => [key, null])), pageNum: 1 } as never);
  }, [keys, setDraft, setQuery]);
  return { draft, set, search, reset };
}

/** Row selection of one page: cleared when the rows change; the selected ids as numbers. */
export function useSelection(rows: unknown) {
  const [selected, setSelected] = useState<{ rows: unknown; selection: RowSelectionState }>({ rows, selection: {} });
  const rowSelection = useMemo(() => (selected.rows === rows ? selected.selection : {}), [selected, rows]);
  const setRowSelection = useCallback(
    (next: Updater<RowSelectionState>) =>
      setSelected((current) => {
        const base = current.rows === rows ? current.selection : {};
        return { rows, selection: typeof next === "function" ? next(base) : next };
      }),
    [rows],
  );
  const ids = useMemo(
    () => Object.keys(rowSelection).filter((id) => rowSelection[id]).map(Number),
    [rowSelection],
  );
  return { rowSelection, setRowSelection, ids };
}
