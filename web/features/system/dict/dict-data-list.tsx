"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import type { Features } from "@/components/data-table/features";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryField, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { NativeSelect } from "@/components/ui/native-select";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { DictDataItem, DictDataScreenData } from "@/lib/api/types";
import { DictDataFormDialog } from "./dict-data-form-dialog";
import { DICT_DATA_FILTERS, dictDataParsers } from "./query";

const helper = createColumnHelper<Features, DictDataItem>();

/** 字典数据: the entries of the address's type (or of the type chosen in the query form). */
export function DictDataList({ data }: { data: DictDataScreenData }) {
  const t = useTranslations("dict");
  const tl = useTranslations("list");
  const router = useRouter();
  const list = useList(dictDataParsers);
  const draft = useQueryDraft(list.query, DICT_DATA_FILTERS, list.setQuery);
  const selection = useSelection(data.page.rows);
  const confirmed = useConfirmedAction();
  const [form, setForm] = useState<{ open: boolean; dictCode: number | null }>({ open: false, dictCode: null });
  const dictType = list.query.dictType || data.type.dictType;
  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("dictCode"), ids: ids.join(",") }), () => done(core.DELETE("/system/dict/data/{dictCodes}", { params: { path: { dictCodes: ids.join(",") } } }))).then((ok) => ok && list.refresh());
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("dictCode", { header: t("dictCode"), meta: { sortKey: "dictCode" } }),
        helper.accessor("dictLabel", { header: t("dictLabel"), cell: ({ row }) => <DictTag options={[row.original]} value={row.original.dictValue} /> }),
        helper.accessor("dictValue", { header: t("dictValue") }),
        helper.accessor("dictSort", { header: t("dictSort"), meta: { sortKey: "dictSort" } }),
        helper.accessor("status", { header: tl("status"), cell: (info) => <DictTag options={data.dicts.sys_normal_disable} value={info.getValue()} /> }),
        helper.accessor("remark", { header: tl("remark") }),
        helper.accessor("createTime", { header: tl("createTime"), meta: { sortKey: "createTime" } }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => <EditRemoveActions perm="system:dict" onEdit={() => setForm({ open: true, dictCode: row.original.dictCode })} onRemove={() => remove([row.original.dictCode])} />,
        }),
      ]),
    [t, tl, data.dicts],
  );
  const choices = useMemo(
    () => ["dictCode", "dictLabel", "dictValue", "dictSort", "status", "remark", "createTime"].map((id) => ({ id, label: ["status", "remark", "createTime"].includes(id) ? tl(id) : t(id) })),
    [t, tl],
  );
  return (
    <>
      <CrudList
        testId="dict-data-screen"
        perm="system:dict"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryField label={t("dictName")}>
              <NativeSelect data-testid="query-dictType" value={draft.draft.dictType || data.type.dictType} onChange={(e) => draft.set("dictType", e.target.value)}>
                {data.types.map((type) => (
                  <option key={type.dictId} value={type.dictType}>
                    {type.dictName}
                  </option>
                ))}
              </NativeSelect>
            </QueryField>
            <QueryInput label={t("dictLabel")} name="dictLabel" value={draft.draft.dictLabel} onChange={(v) => draft.set("dictLabel", v)} />
            <QueryDictSelect label={tl("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_normal_disable} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.dictCode)}
        onAdd={() => setForm({ open: true, dictCode: null })}
        onEdit={(dictCode) => setForm({ open: true, dictCode })}
        onRemove={remove}
        onExport={() => saveAs(core.POST("/system/dict/data/export", { body: { dictType, dictLabel: list.query.dictLabel, status: list.query.status }, ...asFile }), `data_${Date.now()}.xlsx`)}
        extraButtons={<ToolbarButton testId="toolbar-close" icon={<XIcon />} label={tl("close")} onClick={() => router.push("/system/dict")} />}
      />
      <DictDataFormDialog dictCode={form.dictCode} dictType={dictType} open={form.open} onClose={() => setForm({ ...form, open: false })} dicts={data.dicts} onSaved={list.refresh} />
    </>
  );
}
