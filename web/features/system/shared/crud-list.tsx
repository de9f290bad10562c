"use client";

import type { RowData } from "@tanstack/react-table";
import { DownloadIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { DataTable, type ListColumn } from "@/components/data-table/data-table";
import { Pagination } from "@/components/data-table/pagination";
import { QueryPanel } from "@/components/data-table/query-panel";
import { ListToolbar } from "@/components/data-table/toolbar";
import type { useList, useSelection } from "@/components/data-table/use-list";
import { Card, CardContent } from "@/components/ui/card";
import { type ColumnChoice, initialVisibility } from "@/lib/columns";
import { RowAction as RowActionButton, ToolbarButton } from "./operations";

/**
 * The frame of a "six-call" list (posts, dictionaries, parameters, notices): query panel, the
 * 新增/修改/删除/导出 buttons under `perm` (e.g. system:post), extra buttons, the table with row
 * selection and column show/hide, and pagination.
 */
export function CrudList<T extends RowData & object>({
  testId,
  perm,
  list,
  selection,
  filters,
  onSearch,
  onReset,
  columns,
  choices,
  rows,
  total,
  getRowId,
  onAdd,
  onEdit,
  onRemove,
  onExport,
  extraButtons,
  header,
}: {
  testId: string;
  perm: string;
  list: ReturnType<typeof useList>;
  selection: ReturnType<typeof useSelection>;
  filters: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  columns: ListColumn<T>[];
  choices: ColumnChoice[];
  rows: T[];
  total: number;
  getRowId: (row: T) => string;
  onAdd: () => void;
  onEdit: (id: number) => void;
  onRemove: (ids: number[]) => void;
  onExport?: () => void;
  extraButtons?: ReactNode;
  header?: ReactNode;
}) {
  const tl = useTranslations("list");
  const [showSearch, setShowSearch] = useState(true);
  const [visibility, setVisibility] = useState(() => initialVisibility(choices));
  const query = list.query as { pageNum: number; pageSize: number };
  return (
    <Card data-testid={testId} className="py-4">
      <CardContent className="px-4">
        {header}
        <QueryPanel show={showSearch} onSearch={onSearch} onReset={onReset}>
          {filters}
        </QueryPanel>
        <ListToolbar
          showSearch={showSearch}
          onToggleSearch={() => setShowSearch(!showSearch)}
          onRefresh={list.refresh}
          columns={choices}
          visibility={visibility}
          onVisibilityChange={setVisibility}
        >
          <ToolbarButton perms={`${perm}:add`} testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={onAdd} />
          <ToolbarButton perms={`${perm}:edit`} testId="toolbar-edit" icon={<PencilIcon />} label={tl("edit")} disabled={selection.ids.length !== 1} onClick={() => onEdit(selection.ids[0])} />
          <ToolbarButton perms={`${perm}:remove`} testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => onRemove(selection.ids)} />
          {onExport && <ToolbarButton perms={`${perm}:export`} testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={onExport} />}
          {extraButtons}
        </ListToolbar>
        <DataTable
          testId={`${testId}-table`}
          columns={columns}
          data={rows}
          getRowId={getRowId}
          rowSelection={selection.rowSelection}
          onRowSelectionChange={selection.setRowSelection}
          columnVisibility={visibility}
          sort={list.sort}
          onSort={list.onSort}
          pending={list.pending}
        />
        <Pagination total={total} pageNum={query.pageNum} pageSize={query.pageSize} onChange={(next) => list.setQuery(next as never)} />
      </CardContent>
    </Card>
  );
}

/** The 修改 / 删除 cell of a six-call list. */
export function EditRemoveActions({ perm, onEdit, onRemove, children }: { perm: string; onEdit: () => void; onRemove: () => void; children?: ReactNode }) {
  const tl = useTranslations("list");
  return (
    <span className="flex gap-x-1">
      <RowActionButton perms={`${perm}:edit`} testId="row-edit" icon={<PencilIcon />} label={tl("edit")} onClick={onEdit} />
      <RowActionButton perms={`${perm}:remove`} testId="row-remove" icon={<Trash2Icon />} label={tl("remove")} onClick={onRemove} />
      {children}
    </span>
  );
}
