"use client";

import type { ExpandedState } from "@tanstack/react-table";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { declareList, useLabels } from "@/components/data-table/declare";
import { RowActions } from "@/components/data-table/operations";
import { TreeListFrame } from "@/components/data-table/tree-frame";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { core, done } from "@/lib/api/core";
import type { DeptRow, DeptScreenData } from "@/lib/api/types";
import { expandRows, handleTree, pathTo } from "@/lib/tree";
import { DeptFormDialog, type DeptTarget } from "./dept-form-dialog";
import { DEPT_FILTERS, deptParsers } from "./query";

type DeptNode = DeptRow & { children?: DeptNode[] };
const LABELS = ["status", "createTime", "operations", "edit", "add", "remove"];

/** 部门管理: a tree table, open at first; add a child, edit, delete (never the root). */
export function DeptList({ data }: { data: DeptScreenData }) {
  const label = useLabels("dept", LABELS);
  const list = useList(deptParsers);
  const { refresh } = list;
  const draft = useQueryDraft(list.query, DEPT_FILTERS, list.setQuery);
  const confirmed = useConfirmedAction();
  const expansion = useState<ExpandedState>(true);
  const [, setExpanded] = expansion;
  const [target, setTarget] = useState<DeptTarget>(null);
  const tree = useMemo(() => handleTree(data.depts, "deptId") as DeptNode[], [data.depts]);
  const status = data.dicts.sys_normal_disable;

  const declared = useMemo(() => {
    const remove = (row: DeptNode) =>
      void confirmed(label("removeConfirm", { name: row.deptName }), () => done(core.DELETE("/system/dept/{deptId}", { params: { path: { deptId: row.deptId } } }))).then((ok) => ok && refresh());
    const operations = (row: DeptNode) => (
      <RowActions
        actions={[
          { perms: "system:dept:edit", testId: "row-edit", icon: <PencilIcon />, label: label("edit"), onClick: () => setTarget({ deptId: row.deptId }) },
          { perms: "system:dept:add", testId: "row-add", icon: <PlusIcon />, label: label("add"), onClick: () => setTarget({ parentId: row.deptId }) },
          row.parentId !== 0 && { perms: "system:dept:remove", testId: "row-remove", icon: <Trash2Icon />, label: label("remove"), onClick: () => remove(row) },
        ]}
      />
    );
    return declareList<DeptNode>(label, {
      fields: [{ key: "deptName", tree: true }, { key: "orderNum" }, { key: "status", dict: status }, { key: "createTime" }],
      filters: [{ kind: "input", name: "deptName" }, { kind: "dict", name: "status", options: status }],
      operations: { cell: operations },
    });
  }, [label, status, confirmed, refresh]);

  return (
    <TreeListFrame name="dept" perm="system:dept" screen={{ list, draft }} {...declared} tree={tree} rowKey="deptId" expansion={expansion} onAdd={() => setTarget({ parentId: undefined })}>
      <DeptFormDialog
        target={target}
        onClose={() => setTarget(null)}
        dicts={data.dicts}
        onSaved={(parentId) => {
          // the saved department shows under its parent: open the way down to it
          setExpanded((open) => expandRows(open, pathTo(data.depts, parentId, "deptId")));
          refresh();
        }}
      />
    </TreeListFrame>
  );
}
