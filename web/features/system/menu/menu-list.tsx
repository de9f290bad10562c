"use client";

import type { ExpandedState } from "@tanstack/react-table";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { declareList, useLabels } from "@/components/data-table/declare";
import { RowActions } from "@/components/data-table/operations";
import { TreeListFrame } from "@/components/data-table/tree-frame";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { MenuIcon } from "@/components/layout/menu-icon";
import { core, done } from "@/lib/api/core";
import type { MenuRow, MenuScreenData } from "@/lib/api/types";
import { handleTree } from "@/lib/tree";
import { MenuFormDialog, type MenuTarget } from "./menu-form-dialog";
import { MENU_FILTERS, menuParsers } from "./query";

type MenuNode = MenuRow & { children?: MenuNode[] };
const LABELS = ["status", "createTime", "operations", "edit", "add", "remove"];

/** 菜单管理: a tree table, collapsed at first; 展开/折叠 opens or closes every branch. */
export function MenuList({ data }: { data: MenuScreenData }) {
  const label = useLabels("menu", LABELS);
  const list = useList(menuParsers);
  const { refresh } = list;
  const draft = useQueryDraft(list.query, MENU_FILTERS, list.setQuery);
  const confirmed = useConfirmedAction();
  const expansion = useState<ExpandedState>({});
  const [target, setTarget] = useState<MenuTarget>(null);
  const tree = useMemo(() => handleTree(data.menus, "menuId") as MenuNode[], [data.menus]);
  const status = data.dicts.sys_normal_disable;

  const declared = useMemo(() => {
    const remove = (row: MenuNode) =>
      void confirmed(label("removeConfirm", { name: row.menuName }), () => done(core.DELETE("/system/menu/{menuId}", { params: { path: { menuId: row.menuId } } }))).then((ok) => ok && refresh());
    const operations = (row: MenuNode) => (
      <RowActions
        actions={[
          { perms: "system:menu:edit", testId: "row-edit", icon: <PencilIcon />, label: label("edit"), onClick: () => setTarget({ menuId: row.menuId }) },
          { perms: "system:menu:add", testId: "row-add", icon: <PlusIcon />, label: label("add"), onClick: () => setTarget({ parentId: row.menuId }) },
          { perms: "system:menu:remove", testId: "row-remove", icon: <Trash2Icon />, label: label("remove"), onClick: () => remove(row) },
        ]}
      />
    );
    return declareList<MenuNode>(label, {
      fields: [
        { key: "menuName", tree: true },
        { key: "icon", cell: (row) => (row.icon && row.icon !== "#" ? <MenuIcon name={row.icon} /> : null) },
        { key: "orderNum" },
        { key: "perms" },
        { key: "component" },
        { key: "status", dict: status },
        { key: "createTime" },
      ],
      filters: [{ kind: "input", name: "menuName" }, { kind: "dict", name: "status", options: status }],
      operations: { cell: operations },
    });
  }, [label, status, confirmed, refresh]);

  return (
    <TreeListFrame name="menu" perm="system:menu" screen={{ list, draft }} {...declared} tree={tree} rowKey="menuId" expansion={expansion} onAdd={() => setTarget({ parentId: 0 })}>
      <MenuFormDialog target={target} onClose={() => setTarget(null)} dicts={data.dicts} onSaved={refresh} />
    </TreeListFrame>
  );
}
