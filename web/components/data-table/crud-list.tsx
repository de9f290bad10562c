"use client";

import type { RowData } from "@tanstack/react-table";
import { DownloadIcon, PencilIcon, PlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { ListColumn } from "@/components/data-table/data-table";
import type { FilterSpec, QueryDraft } from "@/components/data-table/declare";
import { ListFrame } from "@/components/data-table/list-frame";
import type { useList, useSelection } from "@/components/data-table/use-list";
import type { ColumnChoice } from "@/lib/columns";
import { RowAction as RowActionButton, ToolbarButton } from "./operations";

/**
 * A "six-call" list (posts, dictionaries, parameters, notices, roles, users): the list frame with the
 * 新增/修改/删除/导入/导出 buttons under `perm` (e.g. system:post) and the screen's extra buttons.
 */
export function CrudList<T extends RowData & object>({
  testId,
  perm,
  list,
  selection,
  draft,
  query,
  filters,
  onSearch,
  onReset,
  columns,
  choices,
  rows,
  total,
  after,
  getRowId,
  onAdd,
  addPerm,
  onEdit,
  onRemove,
  onImport,
  onExport,
  extraButtons,
  header,
  canSelect,
  tableTestId,
}: {
  testId: string;
  perm: string;
  list: ReturnType<typeof useList>;
  selection: ReturnType<typeof useSelection>;
  draft?: QueryDraft;
  query?: readonly FilterSpec[];
  filters?: ReactNode;
  onSearch?: () => void;
  onReset?: () => void;
  columns: ListColumn<T>[];
  choices: ColumnChoice[];
  rows: T[];
  total: number;
  after?: string | null;
  getRowId: (row: T) => string;
  /** left out: the button is not shown (a resource that cannot be created, edited or removed) */
  onAdd?: () => void;
  /** The permission of 新增 when not `${perm}:add`. */
  addPerm?: string;
  onEdit?: (id: number) => void;
  onRemove?: (ids: number[]) => void;
  onImport?: () => void;
  onExport?: () => void;
  extraButtons?: ReactNode;
  header?: ReactNode;
  canSelect?: (row: T) => boolean;
  tableTestId?: string;
}) {
  const tl = useTranslations("list");
  return (
    <ListFrame
      testId={testId}
      list={list}
      selection={selection}
      draft={draft}
      query={query}
      filters={filters}
      onSearch={onSearch}
      onReset={onReset}
      columns={columns}
      choices={choices}
      rows={rows}
      total={total}
      after={after}
      getRowId={getRowId}
      header={header}
      canSelect={canSelect}
      tableTestId={tableTestId}
      buttons={
        <>
          {onAdd && <ToolbarButton perms={addPerm ?? `${perm}:add`} testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={onAdd} />}
          {onEdit && <ToolbarButton perms={`${perm}:edit`} testId="toolbar-edit" icon={<PencilIcon />} label={tl("edit")} disabled={selection.ids.length !== 1} onClick={() => onEdit(selection.ids[0])} />}
          {onRemove && <ToolbarButton perms={`${perm}:remove`} testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => onRemove(selection.ids)} />}
          {onImport && <ToolbarButton perms={`${perm}:import`} testId="toolbar-import" icon={<UploadIcon />} label={tl("import")} onClick={onImport} />}
          {onExport && <ToolbarButton perms={`${perm}:export`} testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={onExport} />}
          {extraButtons}
        </>
      }
    />
  );
}

/** The 修改 / 删除 cell of a six-call list. */
export function EditRemoveActions({ perm, onEdit, onRemove, children }: { perm: string; onEdit?: () => void; onRemove?: () => void; children?: ReactNode }) {
  const tl = useTranslations("list");
  return (
    <span className="flex flex-wrap gap-x-1">
      {onEdit && <RowActionButton perms={`${perm}:edit`} testId="row-edit" icon={<PencilIcon />} label={tl("edit")} onClick={onEdit} />}
      {onRemove && <RowActionButton perms={`${perm}:remove`} testId="row-remove" icon={<Trash2Icon />} label={tl("remove")} onClick={onRemove} />}
      {children}
    </span>
  );
}
