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
import { Card, CardContent } from "@/components/ui/card";
import { core, done } from "@/lib/api/core";
import type { DeptRow, DeptScreenData } from "@/lib/api/types";
import { expandRows, handleTree, pathTo } from "@/lib/tree";
import { DeptFormDialog, type DeptTarget } from "./dept-form-dialog";
import { DEPT_FILTERS, deptParsers } from "./query";

type DeptNode = DeptRow & { children?: DeptNode[] };
const helper = createColumnHelper<Features, DeptNode>();

/** 部门管理: a tree table, open at first; add a child, edit, delete (never the root). */
export function DeptList({ data }: { data: DeptScreenData }) {
  const t = useTranslations("dept");
  const tl = useTranslations("list");
  const list = useList(deptParsers);
  const draft = useQueryDraft(list.query, DEPT_FILTERS, list.setQuery);
  const confirmed = useConfirmedAction();
  const [showSearch, setShowSearch] = useState(true);
  const [expanded, setExpanded] = useState<ExpandedState>(true);
  const [target, setTarget] = useState<DeptTarget>(null);
  const tree = useMemo(() => handleTree(data.depts, "deptId") as DeptNode[], [data.depts]);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("deptName", { header: t("deptName"), cell: ({ row, getValue }) => <TreeCell row={row}>{getValue()}</TreeCell> }),
        helper.accessor("orderNum", { header: t("orderNum") }),
        helper.accessor("status", { header: tl("status"), cell: (info) => <DictTag options={data.dicts.sys_normal_disable} value={info.getValue()} /> }),
        helper.accessor("createTime", { header: tl("createTime") }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => (
            <span className="flex gap-x-1">
              <RowAction perms="system:dept:edit" testId="row-edit" icon={<PencilIcon />} label={tl("edit")} onClick={() => setTarget({ deptId: row.original.deptId })} />
              <RowAction perms="system:dept:add" testId="row-add" icon={<PlusIcon />} label={tl("add")} onClick={() => setTarget({ parentId: row.original.deptId })} />
              {row.original.parentId !== 0 && (
                <RowAction
                  perms="system:dept:remove"
                  testId="row-remove"
                  icon={<Trash2Icon />}
                  label={tl("remove")}
                  onClick={() =>
                    void confirmed(t("removeConfirm", { name: row.original.deptName }), () => done(core.DELETE("/system/dept/{deptId}", { params: { path: { deptId: row.original.deptId } } }))).then(
                      (ok) => ok && list.refresh(),
                    )
                  }
                />
              )}
            </span>
          ),
        }),
      ]),
    [t, tl, data.dicts, confirmed],
  );

  return (
    <Card data-testid="dept-screen" className="py-4">
      <CardContent className="px-4">
        <QueryPanel show={showSearch} onSearch={draft.search} onReset={draft.reset}>
          <QueryInput label={t("deptName")} name="deptName" value={draft.draft.deptName} onChange={(v) => draft.set("deptName", v)} />
          <QueryDictSelect label={tl("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_normal_disable} />
        </QueryPanel>
        <ListToolbar showSearch={showSearch} onToggleSearch={() => setShowSearch(!showSearch)} onRefresh={list.refresh}>
          <ToolbarButton perms="system:dept:add" testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={() => setTarget({ parentId: undefined })} />
          <ToolbarButton testId="toolbar-expand" icon={<ChevronsUpDownIcon />} label={tl("expandToggle")} onClick={() => setExpanded(expanded === true ? {} : true)} />
        </ListToolbar>
        <DataTable
          testId="dept-table"
          columns={columns}
          data={tree}
          getRowId={(row) => String(row.deptId)}
          getSubRows={(row) => row.children}
          expanded={expanded}
          onExpandedChange={setExpanded}
          pending={list.pending}
        />
        <DeptFormDialog
          target={target}
          onClose={() => setTarget(null)}
          dicts={data.dicts}
          onSaved={(parentId) => {
            // the saved department shows under its parent: open the way down to it
            setExpanded((open) => expandRows(open, pathTo(data.depts, parentId, "deptId")));
            list.refresh();
          }}
        />
      </CardContent>
    </Card>
  );
}
