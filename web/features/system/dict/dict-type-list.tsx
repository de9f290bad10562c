"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { RefreshCwIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { useConfirmedAction } from "@/components/confirm-provider";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import type { Features } from "@/components/data-table/features";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { DictTypeRow, DictTypeScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { DictTypeFormDialog } from "./dict-type-form-dialog";
import { DICT_TYPE_FILTERS, dictTypeParsers } from "./query";

const helper = createColumnHelper<Features, DictTypeRow>();

/** 字典管理: a type's name opens its data; 刷新缓存 drops the dictionary cache on every node. */
export function DictTypeList({ data }: { data: DictTypeScreenData }) {
  const t = useTranslations("dict");
  const tl = useTranslations("list");
  const list = useList(dictTypeParsers);
  const draft = useQueryDraft(list.query, DICT_TYPE_FILTERS, list.setQuery);
  const selection = useSelection(data.page.rows);
  const confirmed = useConfirmedAction();
  const [form, setForm] = useState<{ open: boolean; dictId: number | null }>({ open: false, dictId: null });
  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("dictId"), ids: ids.join(",") }), () => done(core.DELETE("/system/dict/type/{dictIds}", { params: { path: { dictIds: ids.join(",") } } }))).then((ok) => ok && list.refresh());
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("dictId", { header: t("dictId"), meta: { sortKey: "dictId" } }),
        helper.accessor("dictName", { header: t("dictName") }),
        helper.accessor("dictType", {
          header: t("dictType"),
          meta: { sortKey: "dictType" },
          cell: ({ row }) => (
            <Link data-testid="dict-type-link" href={`/system/dict-data/index/${row.original.dictId}`} className="text-primary hover:underline">
              {row.original.dictType}
            </Link>
          ),
        }),
        helper.accessor("status", { header: tl("status"), cell: (info) => <DictTag options={data.dicts.sys_normal_disable} value={info.getValue()} /> }),
        helper.accessor("remark", { header: tl("remark") }),
        helper.accessor("createTime", { header: tl("createTime"), meta: { sortKey: "createTime" } }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => <EditRemoveActions perm="system:dict" onEdit={() => setForm({ open: true, dictId: row.original.dictId })} onRemove={() => remove([row.original.dictId])} />,
        }),
      ]),
    [t, tl, data.dicts],
  );
  const choices = useMemo(
    () => ["dictId", "dictName", "dictType", "status", "remark", "createTime"].map((id) => ({ id, label: ["status", "remark", "createTime"].includes(id) ? tl(id) : t(id) })),
    [t, tl],
  );
  const { query } = list;
  const refreshCache = async () => {
    if (await done(core.DELETE("/system/dict/type/refreshCache"))) toast.success(t("cacheRefreshed"));
  };
  return (
    <>
      <CrudList
        testId="dict-type-screen"
        perm="system:dict"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("dictName")} name="dictName" value={draft.draft.dictName} onChange={(v) => draft.set("dictName", v)} />
            <QueryInput label={t("dictType")} name="dictType" value={draft.draft.dictType} onChange={(v) => draft.set("dictType", v)} />
            <QueryDictSelect label={tl("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_normal_disable} />
            <QueryDraftRange label={tl("createTime")} draft={draft} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.dictId)}
        onAdd={() => setForm({ open: true, dictId: null })}
        onEdit={(dictId) => setForm({ open: true, dictId })}
        onRemove={remove}
        onExport={() =>
          saveAs(core.POST("/system/dict/type/export", { body: { dictName: query.dictName, dictType: query.dictType, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `dict_${Date.now()}.xlsx`)
        }
        extraButtons={<ToolbarButton perms="system:dict:remove" testId="toolbar-refresh-cache" icon={<RefreshCwIcon />} label={t("refreshCache")} onClick={refreshCache} />}
      />
      <DictTypeFormDialog dictId={form.dictId} open={form.open} onClose={() => setForm({ ...form, open: false })} dicts={data.dicts} onSaved={list.refresh} />
    </>
  );
}
