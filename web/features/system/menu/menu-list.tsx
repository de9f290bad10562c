"use client";

import { createColumnHelper, type ExpandedState } from "@tanstack/react-table";
import { ChevronsUpDownIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { DataTable, TreeCell } from "@/components/data-table/data-table";
import type { Features } from "@/components/data-table/features";
import { RowAction, ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryInput, QueryPanel } from "@/components/data-table/query-panel";
import { ListToolbar } from "@/components/data-table/toolbar";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { MenuIcon } from "@/components/layout/menu-icon";
import { Card, CardContent } from "@/components/ui/card";
import { core, done } from "@/lib/api/core";
import type { MenuRow, MenuScreenData } from "@/lib/api/types";
import { handleTree } from "@/lib/tree";
import { MenuFormDialog, type MenuTarget } from "./menu-form-dialog";
import { MENU_FILTERS, menuParsers } from "./query";

type MenuNode = MenuRow & { children?: MenuNode[] };
const helper = createColumnHelper<Features, MenuNode>();

/** 菜单管理: a tree table, collapsed at first; 展开/折叠 opens or closes every branch. */
export function MenuList({ data }: { data: MenuScreenData }) {
  const t = useTranslations("menu");
  const tl = useTranslations("list");
  const list = useList(menuParsers);
  const draft = useQueryDraft(list.query, MENU_FILTERS, list.setQuery);
  const confirmed = useConfirmedAction();
  const [showSearch, setShowSearch] = useState(true);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [target, setTarget] = useState<MenuTarget>(null);
  const tree = useMemo(() => handleTree(data.menus, "menuId") as MenuNode[], [data.menus]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("menuName", { header: t("menuName"), cell: ({ row, getValue }) => <TreeCell row={row}>{getValue()}</TreeCell> }),
        helper.accessor("icon", { header: t("icon"), cell: (info) => (info.getValue() && info.getValue() !== "#" ? <MenuIcon name={info.getValue() ?? ""} /> : null) }),
        helper.accessor("orderNum", { header: t("orderNum") }),
        helper.accessor("perms", { header: t("perms") }),
        helper.accessor("component", { header: t("component") }),
        helper.accessor("status", { header: tl("status"), cell: (info) => <DictTag options={data.dicts.sys_normal_disable} value={info.getValue()} /> }),
        helper.accessor("createTime", { header: tl("createTime") }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => (
            <span className="flex gap-x-1">
              <RowAction perms="system:menu:edit" testId="row-edit" icon={<PencilIcon />} label={tl("edit")} onClick={() => setTarget({ menuId: row.original.menuId })} />
              <RowAction perms="system:menu:add" testId="row-add" icon={<PlusIcon />} label={tl("add")} onClick={() => setTarget({ parentId: row.original.menuId })} />
              <RowAction
                perms="system:menu:remove"
                testId="row-remove"
                icon={<Trash2Icon />}
                label={tl("remove")}
                onClick={() =>
                  void confirmed(t("removeConfirm", { name: row.original.menuName }), () => done(core.DELETE("/system/menu/{menuId}", { params: { path: { menuId: row.original.menuId } } }))).then(
                    (ok) => ok && list.refresh(),
                  )
                }
              />
            </span>
          ),
        }),
      ]),
    [t, tl, data.dicts, confirmed],
  );

  return (
    <Card data-testid="menu-screen" className="py-4">
      <CardContent className="px-4">
        <QueryPanel show={showSearch} onSearch={draft.search} onReset={draft.reset}>
          <QueryInput label={t("menuName")} name="menuName" value={draft.draft.menuName} onChange={(v) => draft.set("menuName", v)} />
          <QueryDictSelect label={tl("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_normal_disable} />
        </QueryPanel>
        <ListToolbar showSearch={showSearch} onToggleSearch={() => setShowSearch(!showSearch)} onRefresh={list.refresh}>
          <ToolbarButton perms="system:menu:add" testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={() => setTarget({ parentId: 0 })} />
          <ToolbarButton testId="toolbar-expand" icon={<ChevronsUpDownIcon />} label={tl("expandToggle")} onClick={() => setExpanded(expanded === true ? {} : true)} />
        </ListToolbar>
        <DataTable
          testId="menu-table"
          columns={columns}
          data={tree}
          getRowId={(row) => String(row.menuId)}
          getSubRows={(row) => row.children}
          expanded={expanded}
          onExpandedChange={setExpanded}
          pending={list.pending}
        />
        <MenuFormDialog target={target} onClose={() => setTarget(null)} dicts={data.dicts} onSaved={list.refresh} />
      </CardContent>
    </Card>
  );
}
