"use client";

import type { Row, RowData } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { type ComponentProps, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useConfirmedAction, useNamedRemove } from "@/components/confirm-provider";
import { type ListColumn, TreeCell } from "@/components/data-table/data-table";
import type { Features } from "@/components/data-table/features";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useListScreen, type useQueryDraft } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { done } from "@/lib/api/core";
import type { DictDataItem } from "@/lib/api/types";
import type { ColumnChoice } from "@/lib/columns";
import type { ParserMap } from "nuqs";

/**
 * A list declared as data (Django admin's list_filter / list_display, ProTable's column schema): the
 * query panel's fields and the table's columns are written once each, as specs, and drawn here.
 */

type DictItems = readonly Pick<DictDataItem, "dictLabel" | "dictValue">[] | undefined;

/**
 * A query panel field: a text box, a dictionary select ('' for any), or a date range (beginTime/endTime by
 * default). Declared in `declareList`, the label may be left out: the list's label of the name (of createTime for a range).
 */
export type FilterSpec =
  | { kind: "input"; name: string; label: string }
  | { kind: "dict"; name: string; label: string; options: DictItems }
  | { kind: "range"; label: string; begin?: string; end?: string };
export type FilterDecl = { [K in FilterSpec["kind"]]: Omit<Extract<FilterSpec, { kind: K }>, "label"> & { label?: string } }[FilterSpec["kind"]];

export type QueryDraft = ReturnType<typeof useQueryDraft>;

/** The query panel's fields of a declared list, bound to its draft. */
export function QueryFilters({ filters, draft }: { filters: readonly FilterSpec[]; draft: QueryDraft }) {
  return (
    <>
      {filters.map((filter) => {
        if (filter.kind === "range") return <QueryDraftRange key={filter.begin ?? "beginTime"} label={filter.label} draft={draft} begin={filter.begin} end={filter.end} />;
        const bound = { label: filter.label, name: filter.name, value: draft.draft[filter.name] ?? "", onChange: (value: string) => draft.set(filter.name, value) };
        return filter.kind === "dict" ? <QueryDictSelect key={filter.name} {...bound} options={filter.options} /> : <QueryInput key={filter.name} {...bound} />;
      })}
    </>
  );
}

/** A column of a declared list: the row's field, its header, whether the server sorts by it, a dictionary tag or an own cell. */
export interface FieldSpec<T> {
  key: keyof T & string;
  /** the column's id when not the key (a nested field's cell) */
  id?: string;
  /** the list's label of the key unless given */
  header?: string;
  /** sortable by the field (true) or by another orderByColumn */
  sort?: boolean | string;
  /** the value shown as the dictionary's tag */
  dict?: ComponentProps<typeof DictTag>["options"];
  cell?: (row: T) => ReactNode;
  /** the tree table's column: indented by depth, with the row's expander */
  tree?: boolean;
}

/** The operations column: its cell, and whether it stays when columns are hidden. */
export interface OperationsSpec<T> {
  /** the list's label of "operations" unless given */
  header?: string;
  cell: (row: T) => ReactNode;
  fixed?: boolean;
  /** the column's id; "operations" by default */
  id?: string;
}

/** The keys every list labels alike (状态, 创建时间, 备注, 操作), from the "list" messages. */
const LIST_LABELS = ["status", "createTime", "remark", "operations"];

/** The labels of a list: its own messages' (`ns`), the shared ones (`common`) from the "list" messages. */
export function useLabels(ns: string, common: readonly string[] = LIST_LABELS) {
  const t = useTranslations(ns);
  const tl = useTranslations("list");
  return useCallback((key: string, values?: Record<string, string | number>) => (common.includes(key) ? tl(key, values) : t(key, values)), [t, tl, common]);
}

/**
 * A list declared once (memoise the call: columns must be stable): the table's columns, the show/hide
 * dialog's choices and the query panel's fields, headers and labels from `label` unless given.
 */
export function declareList<T extends RowData & object>(
  label: (key: string) => string,
  { fields, filters = [], operations }: { fields: readonly FieldSpec<T>[]; filters?: readonly FilterDecl[]; operations?: OperationsSpec<T> },
): { columns: ListColumn<T>[]; choices: ColumnChoice[]; query: FilterSpec[] } {
  const columns: ListColumn<T>[] = fields.map((field) => {
    const own = field.cell;
    const dict = field.dict;
    const shown = own ? (row: T) => own(row) : dict ? (row: T) => <DictTag options={dict} value={row[field.key]} /> : undefined;
    const cell = field.tree
      ? ({ row }: { row: Row<Features, T> }) => <TreeCell row={row}>{shown ? shown(row.original) : (row.original[field.key] as ReactNode)}</TreeCell>
      : shown && (({ row }: { row: { original: T } }) => shown(row.original));
    const sortKey = field.sort === true ? field.key : field.sort || undefined;
    return {
      id: field.id ?? field.key,
      accessorFn: (row: T) => row[field.key],
      header: field.header ?? label(field.key),
      ...(sortKey ? { meta: { sortKey } } : {}),
      ...(cell ? { cell } : {}),
    } as ListColumn<T>;
  });
  if (operations) {
    columns.push({
      id: operations.id ?? "operations",
      header: operations.header ?? label("operations"),
      ...(operations.fixed ? { meta: { fixed: true } } : {}),
      cell: ({ row }: { row: { original: T } }) => operations.cell(row.original),
    } as ListColumn<T>);
  }
  const choices = fields.map((field) => ({ id: field.id ?? field.key, label: field.header ?? label(field.key) }));
  const query = filters.map((filter) => ({ ...filter, label: filter.label ?? label(filter.kind === "range" ? "createTime" : filter.name) }) as FilterSpec);
  return { columns, choices, query };
}

/**
 * 删除 of a list: asks 是否确认删除{name}为"{ids}"的数据项？, removes, and refreshes the list. `call` gets the
 * ids joined by commas (the path's {ids}).
 */
export function useRemove(name: string, call: (ids: string) => Call, refresh: () => void) {
  const tl = useTranslations("list");
  const confirmed = useConfirmedAction();
  // stable, so that the columns memoised with it do not change: the latest name and call are read when it runs
  const latest = useRef({ name, call, refresh });
  useLayoutEffect(() => {
    latest.current = { name, call, refresh };
  });
  return useCallback(
    async (ids: number[]) => {
      const { name, call, refresh } = latest.current;
      const ok = await confirmed(tl("removeConfirm", { name, ids: ids.join(",") }), () => done(call(ids.join(","))));
      if (ok) refresh();
      return ok;
    },
    [confirmed, tl],
  );
}

/** The add/edit dialog of a list: which record it is open on (null: a new one). */
export function useEditing() {
  const [state, setState] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const actions = useMemo(
    () => ({
      create: () => setState({ open: true, id: null }),
      edit: (id: number) => setState({ open: true, id }),
      close: () => setState((current) => ({ ...current, open: false })),
    }),
    [],
  );
  return { ...state, ...actions };
}

type Call = Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * A status switch of a list (启用 / 停用): asks 确认要"{action}""{name}"{kind}吗？, writes status "0" (enabled) or
 * "1", tells 启用成功 / 停用成功 and refreshes the list.
 */
export function useStatusChange(kind: string, refresh: () => void) {
  const tl = useTranslations("list");
  const confirmed = useConfirmedAction();
  return useCallback(
    async (name: string, enabled: boolean, call: (status: "0" | "1") => Call) => {
      const action = enabled ? tl("enable") : tl("disable");
      const ok = await confirmed(tl("statusConfirm", { action, name, kind }), () => done(call(enabled ? "0" : "1")), tl("statusDone", { action }));
      if (ok) refresh();
      return ok;
    },
    [confirmed, tl, kind, refresh],
  );
}

/**
 * A six-call list's screen: its labels (the `messages` namespace), the URL's query and the panel's draft of
 * `filters`, the selection, the add/edit dialog's state and 删除 of the records by their `idKey` ids, the
 * confirmation naming them by their `nameKey` ('确认删除岗位"董事长"吗？': the namespace's `kind`).
 */
export function useCrudScreen<P extends ParserMap, R extends object>({ messages, idKey, nameKey, parsers, filters, rows, remove }: { messages: string; idKey: keyof R & string; nameKey: keyof R & string; parsers: P; filters: readonly string[]; rows: R[]; remove: (ids: string) => Call }) {
  const label = useLabels(messages);
  const screen = useListScreen(parsers, filters, rows);
  const form = useEditing();
  const nameOf = (id: number) => {
    const row = rows.find((r) => Number(r[idKey]) === id);
    return row ? String(row[nameKey]) : undefined;
  };
  const removeIds = useNamedRemove(label("kind"), nameOf, remove, screen.list.refresh);
  return { label, screen, form, remove: removeIds };
}
