"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { RefreshCwIcon } from "lucide-react";
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
import type { ConfigRow, ConfigScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { ConfigFormDialog } from "./config-form-dialog";
import { CONFIG_FILTERS, configParsers } from "./query";

const helper = createColumnHelper<Features, ConfigRow>();

/** 参数设置: the parameters; 刷新缓存 drops the parameter cache on every node. */
export function ConfigList({ data }: { data: ConfigScreenData }) {
  const t = useTranslations("config");
  const tl = useTranslations("list");
  const list = useList(configParsers);
  const draft = useQueryDraft(list.query, CONFIG_FILTERS, list.setQuery);
  const selection = useSelection(data.page.rows);
  const confirmed = useConfirmedAction();
  const [form, setForm] = useState<{ open: boolean; configId: number | null }>({ open: false, configId: null });
  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("configId"), ids: ids.join(",") }), () => done(core.DELETE("/system/config/{configIds}", { params: { path: { configIds: ids.join(",") } } }))).then((ok) => ok && list.refresh());
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("configId", { header: t("configId"), meta: { sortKey: "configId" } }),
        helper.accessor("configName", { header: t("configName") }),
        helper.accessor("configKey", { header: t("configKey"), meta: { sortKey: "configKey" } }),
        helper.accessor("configValue", { header: t("configValue"), cell: (info) => <span className="block max-w-64 truncate">{info.getValue()}</span> }),
        helper.accessor("configType", { header: t("configType"), cell: (info) => <DictTag options={data.dicts.sys_yes_no} value={info.getValue()} /> }),
        helper.accessor("remark", { header: tl("remark") }),
        helper.accessor("createTime", { header: tl("createTime"), meta: { sortKey: "createTime" } }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => <EditRemoveActions perm="system:config" onEdit={() => setForm({ open: true, configId: row.original.configId })} onRemove={() => remove([row.original.configId])} />,
        }),
      ]),
    [t, tl, data.dicts],
  );
  const choices = useMemo(
    () => ["configId", "configName", "configKey", "configValue", "configType", "remark", "createTime"].map((id) => ({ id, label: ["remark", "createTime"].includes(id) ? tl(id) : t(id) })),
    [t, tl],
  );
  const { query } = list;
  const refreshCache = async () => {
    if (await done(core.DELETE("/system/config/refreshCache"))) toast.success(t("cacheRefreshed"));
  };
  return (
    <>
      <CrudList
        testId="config-screen"
        perm="system:config"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("configName")} name="configName" value={draft.draft.configName} onChange={(v) => draft.set("configName", v)} />
            <QueryInput label={t("configKey")} name="configKey" value={draft.draft.configKey} onChange={(v) => draft.set("configKey", v)} />
            <QueryDictSelect label={t("configType")} name="configType" value={draft.draft.configType} onChange={(v) => draft.set("configType", v)} options={data.dicts.sys_yes_no} />
            <QueryDraftRange label={tl("createTime")} draft={draft} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.configId)}
        onAdd={() => setForm({ open: true, configId: null })}
        onEdit={(configId) => setForm({ open: true, configId })}
        onRemove={remove}
        onExport={() =>
          saveAs(core.POST("/system/config/export", { body: { configName: query.configName, configKey: query.configKey, configType: query.configType, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `config_${Date.now()}.xlsx`)
        }
        extraButtons={<ToolbarButton perms="system:config:remove" testId="toolbar-refresh-cache" icon={<RefreshCwIcon />} label={t("refreshCache")} onClick={refreshCache} />}
      />
      <ConfigFormDialog configId={form.configId} open={form.open} onClose={() => setForm({ ...form, open: false })} dicts={data.dicts} onSaved={list.refresh} />
    </>
  );
}
