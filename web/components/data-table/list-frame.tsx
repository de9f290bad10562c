"use client";

import type { RowData } from "@tanstack/react-table";
import { type ReactNode, useState } from "react";
import { DataTable, type ListColumn } from "@/components/data-table/data-table";
import { type FilterSpec, type QueryDraft, QueryFilters } from "@/components/data-table/declare";
import { Pagination } from "@/components/data-table/pagination";
import { pageTurn } from "@/lib/pager";
import { QueryPanel } from "@/components/data-table/query-panel";
import { ListToolbar } from "@/components/data-table/toolbar";
import type { useList, useSelection } from "@/components/data-table/use-list";
import { Card, CardContent } from "@/components/ui/card";
import { type ColumnChoice, initialVisibility } from "@/lib/columns";

export interface ListFrameProps<T extends RowData & object> {
  testId: string;
  list: ReturnType<typeof useList>;
  selection?: ReturnType<typeof useSelection>;
  /** the query panel's draft: 搜索 and 重置 apply and clear it (unless onSearch / onReset are given) */
  draft?: QueryDraft;
  /** the query panel's fields as data, bound to `draft` */
  query?: readonly FilterSpec[];
  /** the query panel's own fields (before the declared ones) */
  filters?: ReactNode;
  onSearch?: () => void;
  onReset?: () => void;
  buttons?: ReactNode;
  columns: ListColumn<T>[];
  choices: ColumnChoice[];
  /** the page shown: its rows and the total */
  page?: { rows: T[]; total: number };
  rows?: T[];
  total?: number;
  /** a declared list's cursor of the next page: turning one page on seeks with it (`after`) instead of skipping */
  after?: string | null;
  /** the row's id: a function, or the key of its numeric id */
  getRowId?: (row: T) => string;
  rowKey?: keyof T & string;
  /** rows that cannot be selected (the admin user, the admin role) */
  canSelect?: (row: T) => boolean;
  /** a row's own attributes (its test id, its state) */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  /** the table's test id; `{testId}-table` by default */
  tableTestId?: string;
  header?: ReactNode;
  /** the text of an empty table (暂无数据 unless given) */
  empty?: string;
  className?: string;
  /** what the screen keeps inside the card (its dialogs) */
  children?: ReactNode;
}

/**
 * The frame of a list screen: query panel, the screen's own buttons in the toolbar of spec §2.8, the
 * table with row selection, sorting and column show/hide, and pagination.
 */
export function ListFrame<T extends RowData & object>({
  testId,
  list,
  selection,
  draft,
  query: queryFields,
  filters,
  onSearch,
  onReset,
  buttons,
  columns,
  choices,
  page,
  rows = page?.rows ?? [],
  total = page?.total ?? 0,
  after,
  getRowId,
  rowKey,
  canSelect,
  rowAttributes,
  tableTestId,
  header,
  empty,
  className,
  children,
}: ListFrameProps<T>) {
  const [showSearch, setShowSearch] = useState(true);
  const [visibility, setVisibility] = useState(() => initialVisibility(choices));
  const query = list.query as { pageNum: number; pageSize: number };
  return (
    <Card data-testid={testId} className={className ? `py-4 ${className}` : "py-4"}>
      <CardContent className="px-4">
        {header}
        <QueryPanel show={showSearch} onSearch={onSearch ?? draft?.search ?? noop} onReset={onReset ?? draft?.reset ?? noop}>
          {filters}
          {queryFields && draft && <QueryFilters filters={queryFields} draft={draft} />}
        </QueryPanel>
        <ListToolbar
          showSearch={showSearch}
          onToggleSearch={() => setShowSearch(!showSearch)}
          onRefresh={list.refresh}
          columns={choices}
          visibility={visibility}
          onVisibilityChange={setVisibility}
        >
          {buttons}
        </ListToolbar>
        <DataTable
          testId={tableTestId ?? `${testId}-table`}
          columns={columns}
          data={rows}
          getRowId={getRowId ?? (rowKey ? (row: T) => String(row[rowKey]) : undefined)}
          rowSelection={selection?.rowSelection}
          onRowSelectionChange={selection?.setRowSelection}
          canSelect={canSelect}
          columnVisibility={visibility}
          sort={list.sort}
          onSort={list.onSort}
          pending={list.pending}
          rowAttributes={rowAttributes}
          empty={empty}
        />
        <Pagination total={total} pageNum={query.pageNum} pageSize={query.pageSize} onChange={(next) => list.setQuery(pageTurn(query, next, after) as never)} />
      </CardContent>
      {children}
    </Card>
  );
}

function noop() {}
