"use client";

import type { ExpandedState, OnChangeFn, RowData } from "@tanstack/react-table";
import { ChevronsUpDownIcon, PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { DataTable, type ListColumn } from "@/components/data-table/data-table";
import { type FilterSpec, type QueryDraft, QueryFilters } from "@/components/data-table/declare";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryPanel } from "@/components/data-table/query-panel";
import { ListToolbar } from "@/components/data-table/toolbar";
import type { useList } from "@/components/data-table/use-list";
import { Card, CardContent } from "@/components/ui/card";

/**
 * The frame of a tree list (menus, departments): the query panel, 新增 (under `addPerm`) and 展开/折叠 in
 * the toolbar, the whole tree in the table (no paging), and the screen's dialogs.
 */
export function TreeListFrame<T extends RowData & object & { children?: T[] }>({
  name,
  perm,
  screen: { list, draft },
  query,
  onAdd,
  columns,
  tree,
  rowKey,
  expansion: [expanded, onExpandedChange],
  children,
}: {
  /** the screen's name: its test ids are {name}-screen and {name}-table */
  name: string;
  /** the resource's permission prefix: 新增 needs {perm}:add */
  perm: string;
  screen: { list: ReturnType<typeof useList>; draft: QueryDraft };
  query: readonly FilterSpec[];
  onAdd: () => void;
  columns: ListColumn<T>[];
  tree: T[];
  rowKey: keyof T & string;
  /** which branches are open (true: all) and its setter */
  expansion: readonly [ExpandedState, OnChangeFn<ExpandedState>];
  children?: ReactNode;
}) {
  const tl = useTranslations("list");
  const [showSearch, setShowSearch] = useState(true);
  return (
    <Card data-testid={`${name}-screen`} className="py-4">
      <CardContent className="px-4">
        <QueryPanel show={showSearch} onSearch={draft.search} onReset={draft.reset}>
          <QueryFilters filters={query} draft={draft} />
        </QueryPanel>
        <ListToolbar showSearch={showSearch} onToggleSearch={() => setShowSearch(!showSearch)} onRefresh={list.refresh}>
          <ToolbarButton perms={`${perm}:add`} testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={onAdd} />
          <ToolbarButton testId="toolbar-expand" icon={<ChevronsUpDownIcon />} label={tl("expandToggle")} onClick={() => onExpandedChange(expanded === true ? {} : true)} />
        </ListToolbar>
        <DataTable
          testId={`${name}-table`}
          columns={columns}
          data={tree}
          getRowId={(row) => String(row[rowKey])}
          getSubRows={(row) => row.children}
          expanded={expanded}
          onExpandedChange={onExpandedChange}
          pending={list.pending}
        />
        {children}
      </CardContent>
    </Card>
  );
}
