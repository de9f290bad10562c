"use client";

import { RefreshCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareColumns, useEditing, useRemove } from "@/components/data-table/declare";
import { ToolbarButton } from "@/components/data-table/operations";
import { useListScreen } from "@/components/data-table/use-list";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { ConfigRow, ConfigScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { ConfigFormDialog } from "./config-form-dialog";
import { CONFIG_FILTERS, configParsers } from "./query";

/** 参数设置: the parameters; 刷新缓存 drops the parameter cache on every node. */
export function ConfigList({ data }: { data: ConfigScreenData }) {
  const t = useTranslations("config");
  const tl = useTranslations("list");
  const screen = useListScreen(configParsers, CONFIG_FILTERS, data.page.rows);
  const { query, refresh } = screen.list;
  const form = useEditing();
  const { edit } = form;
  const remove = useRemove(t("configId"), (configIds) => core.DELETE("/system/config/{configIds}", { params: { path: { configIds } } }), refresh);
  const { columns, choices } = useMemo(
    () =>
      declareColumns<ConfigRow>(
        [
          { key: "configId", header: t("configId"), sort: true },
          { key: "configName", header: t("configName") },
          { key: "configKey", header: t("configKey"), sort: true },
          { key: "configValue", header: t("configValue"), cell: (row) => <span className="block max-w-64 truncate">{row.configValue}</span> },
          { key: "configType", header: t("configType"), dict: data.dicts.sys_yes_no },
          { key: "remark", header: tl("remark") },
          { key: "createTime", header: tl("createTime"), sort: true },
        ],
        { header: tl("operations"), cell: (row) => <EditRemoveActions perm="system:config" onEdit={() => edit(row.configId)} onRemove={() => remove([row.configId])} /> },
      ),
    [t, tl, data.dicts, edit, remove],
  );
  const refreshCache = async () => {
    if (await done(core.DELETE("/system/config/refreshCache"))) toast.success(t("cacheRefreshed"));
  };
  return (
    <>
      <CrudList
        testId="config-screen"
        perm="system:config"
        {...screen}
        query={[
          { kind: "input", name: "configName", label: t("configName") },
          { kind: "input", name: "configKey", label: t("configKey") },
          { kind: "dict", name: "configType", label: t("configType"), options: data.dicts.sys_yes_no },
          { kind: "range", label: tl("createTime") },
        ]}
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.configId)}
        onAdd={form.create}
        onEdit={form.edit}
        onRemove={remove}
        onExport={() =>
          saveAs(core.POST("/system/config/export", { body: { configName: query.configName, configKey: query.configKey, configType: query.configType, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `config_${Date.now()}.xlsx`)
        }
        extraButtons={<ToolbarButton perms="system:config:remove" testId="toolbar-refresh-cache" icon={<RefreshCwIcon />} label={t("refreshCache")} onClick={refreshCache} />}
      />
      <ConfigFormDialog configId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={refresh} />
    </>
  );
}
