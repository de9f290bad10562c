"use client";

import { RefreshCwIcon } from "lucide-react";
import { useMemo } from "react";
import { toast } from "sonner";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareList, useCrudScreen } from "@/components/data-table/declare";
import { ToolbarButton } from "@/components/data-table/operations";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { ConfigRow, ConfigScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { ConfigFormDialog } from "./config-form-dialog";
import { CONFIG_FILTERS, configParsers } from "./query";

/** 参数设置: the parameters; 刷新缓存 drops the parameter cache on every node. */
export function ConfigList({ data }: { data: ConfigScreenData }) {
  const { label, screen, form, remove } = useCrudScreen({
    messages: "config", idKey: "configId", nameKey: "configName", parsers: configParsers, filters: CONFIG_FILTERS, rows: data.page.rows,
    remove: (configIds) => core.DELETE("/system/config/{configIds}", { params: { path: { configIds } } }),
  });
  const { query, refresh } = screen.list;
  const { edit } = form;
  const yesNo = data.dicts.sys_yes_no;
  const declared = useMemo(
    () =>
      declareList<ConfigRow>(label, {
        fields: [
          { key: "configId", sort: true },
          { key: "configName" },
          { key: "configKey", sort: true },
          { key: "configValue", cell: (row) => <span className="block max-w-64 truncate">{row.configValue}</span> },
          { key: "configType", dict: yesNo },
          { key: "remark" },
          { key: "createTime", sort: true },
        ],
        filters: [{ kind: "input", name: "configName" }, { kind: "input", name: "configKey" }, { kind: "dict", name: "configType", options: yesNo }, { kind: "range" }],
        operations: { cell: (row) => <EditRemoveActions perm="system:config" onEdit={() => edit(row.configId)} onRemove={() => remove([row.configId])} /> },
      }),
    [label, yesNo, edit, remove],
  );
  const exportConfigs = () => {
    const body = { configName: query.configName, configKey: query.configKey, configType: query.configType, ...dateRangeParams([query.beginTime, query.endTime]) };
    return saveAs(core.POST("/system/config/export", { body, ...asFile }), `config_${Date.now()}.xlsx`);
  };
  const refreshCache = async () => {
    if (await done(core.DELETE("/system/config/refreshCache"))) toast.success(label("cacheRefreshed"));
  };
  return (
    <>
      <CrudList
        testId="config-screen"
        perm="system:config"
        {...screen}
        {...declared}
        page={data.page}
        rowKey="configId"
        onAdd={form.create}
        onEdit={edit}
        onRemove={remove}
        onExport={exportConfigs}
        extraButtons={<ToolbarButton perms="system:config:remove" testId="toolbar-refresh-cache" icon={<RefreshCwIcon />} label={label("refreshCache")} onClick={refreshCache} />}
      />
      <ConfigFormDialog configId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={refresh} />
    </>
  );
}
