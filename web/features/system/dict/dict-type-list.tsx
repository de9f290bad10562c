"use client";

import { RefreshCwIcon } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { toast } from "sonner";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareList, useCrudScreen } from "@/components/data-table/declare";
import { ToolbarButton } from "@/components/data-table/operations";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { DictTypeRow, DictTypeScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { DictTypeFormDialog } from "./dict-type-form-dialog";
import { DICT_TYPE_FILTERS, dictTypeParsers } from "./query";

/** A type's name opens its data. */
const typeLink = (row: DictTypeRow) => (
  <Link data-testid="dict-type-link" href={`/system/dict-data/index/${row.dictId}`} className="text-primary hover:underline">
    {row.dictType}
  </Link>
);

/** 字典管理: a type's name opens its data; 刷新缓存 drops the dictionary cache on every node. */
export function DictTypeList({ data }: { data: DictTypeScreenData }) {
  const { label, screen, form, remove } = useCrudScreen({
    messages: "dict", idKey: "dictId", nameKey: "dictName", parsers: dictTypeParsers, filters: DICT_TYPE_FILTERS, rows: data.page.rows,
    remove: (dictIds) => core.DELETE("/system/dict/type/{dictIds}", { params: { path: { dictIds } } }),
  });
  const { query, refresh } = screen.list;
  const { edit } = form;
  const status = data.dicts.sys_normal_disable;
  const declared = useMemo(
    () =>
      declareList<DictTypeRow>(label, {
        fields: [{ key: "dictId", sort: true }, { key: "dictName" }, { key: "dictType", sort: true, cell: typeLink }, { key: "status", dict: status }, { key: "remark" }, { key: "createTime", sort: true }],
        filters: [{ kind: "input", name: "dictName" }, { kind: "input", name: "dictType" }, { kind: "dict", name: "status", options: status }, { kind: "range" }],
        operations: { cell: (row) => <EditRemoveActions perm="system:dict" onEdit={() => edit(row.dictId)} onRemove={() => remove([row.dictId])} /> },
      }),
    [label, status, edit, remove],
  );
  const exportTypes = () => {
    const body = { dictName: query.dictName, dictType: query.dictType, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) };
    return saveAs(core.POST("/system/dict/type/export", { body, ...asFile }), `dict_${Date.now()}.xlsx`);
  };
  const refreshCache = async () => {
    if (await done(core.DELETE("/system/dict/type/refreshCache"))) toast.success(label("cacheRefreshed"));
  };
  const refreshButton = <ToolbarButton perms="system:dict:remove" testId="toolbar-refresh-cache" icon={<RefreshCwIcon />} label={label("refreshCache")} onClick={refreshCache} />;
  return (
    <>
      <CrudList testId="dict-type-screen" perm="system:dict" {...screen} {...declared} page={data.page} rowKey="dictId" onAdd={form.create} onEdit={edit} onRemove={remove} onExport={exportTypes} extraButtons={refreshButton} />
      <DictTypeFormDialog dictId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={refresh} />
    </>
  );
}
