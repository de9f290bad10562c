"use client";

import { RefreshCwIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareColumns, useEditing, useRemove } from "@/components/data-table/declare";
import { ToolbarButton } from "@/components/data-table/operations";
import { useListScreen } from "@/components/data-table/use-list";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { DictTypeRow, DictTypeScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { DictTypeFormDialog } from "./dict-type-form-dialog";
import { DICT_TYPE_FILTERS, dictTypeParsers } from "./query";

/** 字典管理: a type's name opens its data; 刷新缓存 drops the dictionary cache on every node. */
export function DictTypeList({ data }: { data: DictTypeScreenData }) {
  const t = useTranslations("dict");
  const tl = useTranslations("list");
  const screen = useListScreen(dictTypeParsers, DICT_TYPE_FILTERS, data.page.rows);
  const { query, refresh } = screen.list;
  const form = useEditing();
  const { edit } = form;
  const remove = useRemove(t("dictId"), (dictIds) => core.DELETE("/system/dict/type/{dictIds}", { params: { path: { dictIds } } }), refresh);
  const { columns, choices } = useMemo(
    () =>
      declareColumns<DictTypeRow>(
        [
          { key: "dictId", header: t("dictId"), sort: true },
          { key: "dictName", header: t("dictName") },
          {
            key: "dictType",
            header: t("dictType"),
            sort: true,
            cell: (row) => (
              <Link data-testid="dict-type-link" href={`/system/dict-data/index/${row.dictId}`} className="text-primary hover:underline">
                {row.dictType}
              </Link>
            ),
          },
          { key: "status", header: tl("status"), dict: data.dicts.sys_normal_disable },
          { key: "remark", header: tl("remark") },
          { key: "createTime", header: tl("createTime"), sort: true },
        ],
        { header: tl("operations"), cell: (row) => <EditRemoveActions perm="system:dict" onEdit={() => edit(row.dictId)} onRemove={() => remove([row.dictId])} /> },
      ),
    [t, tl, data.dicts, edit, remove],
  );
  const refreshCache = async () => {
    if (await done(core.DELETE("/system/dict/type/refreshCache"))) toast.success(t("cacheRefreshed"));
  };
  return (
    <>
      <CrudList
        testId="dict-type-screen"
        perm="system:dict"
        {...screen}
        query={[
          { kind: "input", name: "dictName", label: t("dictName") },
          { kind: "input", name: "dictType", label: t("dictType") },
          { kind: "dict", name: "status", label: tl("status"), options: data.dicts.sys_normal_disable },
          { kind: "range", label: tl("createTime") },
        ]}
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.dictId)}
        onAdd={form.create}
        onEdit={form.edit}
        onRemove={remove}
        onExport={() =>
          saveAs(core.POST("/system/dict/type/export", { body: { dictName: query.dictName, dictType: query.dictType, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `dict_${Date.now()}.xlsx`)
        }
        extraButtons={<ToolbarButton perms="system:dict:remove" testId="toolbar-refresh-cache" icon={<RefreshCwIcon />} label={t("refreshCache")} onClick={refreshCache} />}
      />
      <DictTypeFormDialog dictId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={refresh} />
    </>
  );
}
