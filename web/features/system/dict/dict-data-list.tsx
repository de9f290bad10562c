"use client";

import { XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareList, useEditing, useLabels, useRemove } from "@/components/data-table/declare";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryField } from "@/components/data-table/query-panel";
import { useListScreen } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { NativeSelect } from "@/components/ui/native-select";
import { asFile, core, saveAs } from "@/lib/api/core";
import type { DictDataItem, DictDataScreenData } from "@/lib/api/types";
import { DictDataFormDialog } from "./dict-data-form-dialog";
import { DICT_DATA_FILTERS, dictDataParsers } from "./query";

const SHARED_LABELS = ["status", "createTime", "remark", "operations", "close"];

/** 字典数据: the entries of the address's type (or of the type chosen in the query form). */
export function DictDataList({ data }: { data: DictDataScreenData }) {
  const label = useLabels("dict", SHARED_LABELS);
  const router = useRouter();
  const screen = useListScreen(dictDataParsers, DICT_DATA_FILTERS, data.page.rows);
  const { list, draft } = screen;
  const form = useEditing();
  const { edit } = form;
  const dictType = list.query.dictType || data.type.dictType;
  const remove = useRemove(label("dictCode"), (dictCodes) => core.DELETE("/system/dict/data/{dictCodes}", { params: { path: { dictCodes } } }), list.refresh);
  const status = data.dicts.sys_normal_disable;
  const declared = useMemo(
    () =>
      declareList<DictDataItem>(label, {
        fields: [
          { key: "dictCode", sort: true },
          { key: "dictLabel", cell: (row) => <DictTag options={[row]} value={row.dictValue} /> },
          { key: "dictLabelEn" },
          { key: "dictValue" },
          { key: "dictSort", sort: true },
          { key: "status", dict: status },
          { key: "remark" },
          { key: "createTime", sort: true },
        ],
        filters: [{ kind: "input", name: "dictLabel" }, { kind: "dict", name: "status", options: status }],
        operations: { cell: (row) => <EditRemoveActions perm="system:dict" onEdit={() => edit(row.dictCode)} onRemove={() => remove([row.dictCode])} /> },
      }),
    [label, status, edit, remove],
  );
  const typeFilter = (
    <QueryField label={label("dictName")}>
      <NativeSelect data-testid="query-dictType" value={draft.draft.dictType || data.type.dictType} onChange={(e) => draft.set("dictType", e.target.value)}>
        {data.types.map((type) => (
          <option key={type.dictId} value={type.dictType}>
            {type.dictName}
          </option>
        ))}
      </NativeSelect>
    </QueryField>
  );
  const exportData = () => saveAs(core.POST("/system/dict/data/export", { body: { dictType, dictLabel: list.query.dictLabel, status: list.query.status }, ...asFile }), `data_${Date.now()}.xlsx`);
  const close = <ToolbarButton testId="toolbar-close" icon={<XIcon />} label={label("close")} onClick={() => router.push("/system/dict")} />;
  return (
    <>
      <CrudList testId="dict-data-screen" perm="system:dict" {...screen} {...declared} filters={typeFilter} page={data.page} rowKey="dictCode" onAdd={form.create} onEdit={edit} onRemove={remove} onExport={exportData} extraButtons={close} />
      <DictDataFormDialog dictCode={form.id} dictType={dictType} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={list.refresh} />
    </>
  );
}
