"use client";

import { XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareColumns, useEditing, useRemove } from "@/components/data-table/declare";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryField } from "@/components/data-table/query-panel";
import { useListScreen } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { NativeSelect } from "@/components/ui/native-select";
import { asFile, core, saveAs } from "@/lib/api/core";
import type { DictDataItem, DictDataScreenData } from "@/lib/api/types";
import { DictDataFormDialog } from "./dict-data-form-dialog";
import { DICT_DATA_FILTERS, dictDataParsers } from "./query";

/** 字典数据: the entries of the address's type (or of the type chosen in the query form). */
export function DictDataList({ data }: { data: DictDataScreenData }) {
  const t = useTranslations("dict");
  const tl = useTranslations("list");
  const router = useRouter();
  const screen = useListScreen(dictDataParsers, DICT_DATA_FILTERS, data.page.rows);
  const { list, draft } = screen;
  const form = useEditing();
  const { edit } = form;
  const dictType = list.query.dictType || data.type.dictType;
  const remove = useRemove(t("dictCode"), (dictCodes) => core.DELETE("/system/dict/data/{dictCodes}", { params: { path: { dictCodes } } }), list.refresh);
  const { columns, choices } = useMemo(
    () =>
      declareColumns<DictDataItem>(
        [
          { key: "dictCode", header: t("dictCode"), sort: true },
          { key: "dictLabel", header: t("dictLabel"), cell: (row) => <DictTag options={[row]} value={row.dictValue} /> },
          { key: "dictValue", header: t("dictValue") },
          { key: "dictSort", header: t("dictSort"), sort: true },
          { key: "status", header: tl("status"), dict: data.dicts.sys_normal_disable },
          { key: "remark", header: tl("remark") },
          { key: "createTime", header: tl("createTime"), sort: true },
        ],
        { header: tl("operations"), cell: (row) => <EditRemoveActions perm="system:dict" onEdit={() => edit(row.dictCode)} onRemove={() => remove([row.dictCode])} /> },
      ),
    [t, tl, data.dicts, edit, remove],
  );
  return (
    <>
      <CrudList
        testId="dict-data-screen"
        perm="system:dict"
        {...screen}
        filters={
          <QueryField label={t("dictName")}>
            <NativeSelect data-testid="query-dictType" value={draft.draft.dictType || data.type.dictType} onChange={(e) => draft.set("dictType", e.target.value)}>
              {data.types.map((type) => (
                <option key={type.dictId} value={type.dictType}>
                  {type.dictName}
                </option>
              ))}
            </NativeSelect>
          </QueryField>
        }
        query={[
          { kind: "input", name: "dictLabel", label: t("dictLabel") },
          { kind: "dict", name: "status", label: tl("status"), options: data.dicts.sys_normal_disable },
        ]}
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.dictCode)}
        onAdd={form.create}
        onEdit={form.edit}
        onRemove={remove}
        onExport={() => saveAs(core.POST("/system/dict/data/export", { body: { dictType, dictLabel: list.query.dictLabel, status: list.query.status }, ...asFile }), `data_${Date.now()}.xlsx`)}
        extraButtons={<ToolbarButton testId="toolbar-close" icon={<XIcon />} label={tl("close")} onClick={() => router.push("/system/dict")} />}
      />
      <DictDataFormDialog dictCode={form.id} dictType={dictType} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={list.refresh} />
    </>
  );
}
