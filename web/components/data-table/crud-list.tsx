"use client";

import type { RowData } from "@tanstack/react-table";
import { DownloadIcon, PencilIcon, PlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ListFrame, type ListFrameProps } from "@/components/data-table/list-frame";
import type { useSelection } from "@/components/data-table/use-list";
import { type RowActionSpec, RowActions, ToolbarButton } from "./operations";

/**
 * A "six-call" list (posts, dictionaries, parameters, notices, roles, users): the list frame with the
 * 新增/修改/删除/导入/导出 buttons under `perm` (e.g. system:post) and the screen's extra buttons.
 */
export function CrudList<T extends RowData & object>({
  perm,
  selection,
  onAdd,
  addPerm,
  onEdit,
  onRemove,
  onImport,
  onExport,
  extraButtons,
  ...frame
}: Omit<ListFrameProps<T>, "buttons" | "selection"> & {
  perm: string;
  selection: ReturnType<typeof useSelection>;
  /** left out: the button is not shown (a resource that cannot be created, edited or removed) */
  onAdd?: () => void;
  /** The permission of 新增 when not `${perm}:add`. */
  addPerm?: string;
  onEdit?: (id: number) => void;
  onRemove?: (ids: number[]) => void;
  onImport?: () => void;
  onExport?: () => void;
  extraButtons?: ReactNode;
}) {
  const tl = useTranslations("list");
  return (
    <ListFrame
      {...frame}
      selection={selection}
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

/**
 * The operations cell of a six-call list: 修改 / 删除 first, then the screen's own actions, three inline and
 * the rest under 更多 (RowActions).
 */
export function EditRemoveActions({ perm, onEdit, onRemove, actions = [] }: { perm: string; onEdit?: () => void; onRemove?: () => void; actions?: readonly (RowActionSpec | false | null | undefined)[] }) {
  const tl = useTranslations("list");
  return (
    <RowActions
      actions={[
        onEdit && { perms: `${perm}:edit`, testId: "row-edit", icon: <PencilIcon />, label: tl("edit"), onClick: onEdit },
        onRemove && { perms: `${perm}:remove`, testId: "row-remove", icon: <Trash2Icon />, label: tl("remove"), onClick: onRemove },
        ...actions,
      ]}
    />
  );
}
