"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DownloadIcon, LockOpenIcon, Trash2Icon, TrashIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import { dateRangeParams } from "@/lib/list-query";
import type { LoginLogRow, LoginLogScreenData } from "@/lib/api/types";
import { LOGININFOR_FILTERS, logininforParsers } from "./query";

const helper = createColumnHelper<Features, LoginLogRow>();
const COLUMN_IDS = ["infoId", "userName", "ipaddr", "loginLocation", "browser", "os", "status", "msg", "loginTime"] as const;

/** 登录日志: filters, delete, clean, export, and unlocking the selected row's account. */
export function LogininforList({ data }: { data: LoginLogScreenData }) {
  const t = useTranslations("monitor.logininfor");
  const tm = useTranslations("monitor");
  const tl = useTranslations("list");
  const list = useList(logininforParsers);
  const { query } = list;
  const draft = useQueryDraft(query, LOGININFOR_FILTERS, list.setQuery);
  const rows = data.page.rows;
  const selection = useSelection(rows);
  const confirmed = useConfirmedAction();
  const selectedName = selection.ids.length === 1 ? rows.find((row) => row.infoId === selection.ids[0])?.userName : undefined;

  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("infoId"), ids: ids.join(",") }), () => done(core.DELETE("/monitor/logininfor/{infoIds}", { params: { path: { infoIds: ids.join(",") } } }))).then(
      (ok) => ok && list.refresh(),
    );
  const clean = () =>
    void confirmed(t("cleanConfirm"), () => done(core.DELETE("/monitor/logininfor/clean")), tm("cleaned")).then((ok) => ok && list.refresh());
  const unlock = (userName: string) =>
    void confirmed(
      t("unlockConfirm", { name: userName }),
      () => done(core.GET("/monitor/logininfor/unlock/{userName}", { params: { path: { userName } } })),
      t("unlocked", { name: userName }),
    );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("infoId", { header: t("infoId") }),
        helper.accessor("userName", { header: t("userName"), meta: { sortKey: "userName" } }),
        helper.accessor("ipaddr", { header: t("ipaddr") }),
        helper.accessor("loginLocation", { header: t("loginLocation") }),
        helper.accessor("browser", { header: t("browser") }),
        helper.accessor("os", { header: t("os") }),
        helper.accessor("status", { header: t("status"), cell: (info) => <DictTag options={data.dicts.sys_common_status} value={info.getValue()} /> }),
        helper.accessor("msg", { header: t("msg") }),
        helper.accessor("loginTime", { header: t("loginTime"), meta: { sortKey: "loginTime" } }),
      ]),
    [t, data.dicts],
  );
  const choices = useMemo(() => COLUMN_IDS.map((id) => ({ id, label: t(id) })), [t]);
  const exportLogs = () =>
    saveAs(core.POST("/monitor/logininfor/export", { body: { ipaddr: query.ipaddr, userName: query.userName, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `logininfor_${Date.now()}.xlsx`);

  return (
    <ListFrame
      testId="logininfor-screen"
      list={list}
      selection={selection}
      onSearch={draft.search}
      onReset={draft.reset}
      filters={
        <>
          <QueryInput label={t("ipaddr")} name="ipaddr" value={draft.draft.ipaddr} onChange={(v) => draft.set("ipaddr", v)} />
          <QueryInput label={t("userName")} name="userName" value={draft.draft.userName} onChange={(v) => draft.set("userName", v)} />
          <QueryDictSelect label={t("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_common_status} />
          <QueryDraftRange label={t("loginTime")} draft={draft} />
        </>
      }
      buttons={
        <>
          <ToolbarButton perms="monitor:logininfor:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => remove(selection.ids)} />
          <ToolbarButton perms="monitor:logininfor:remove" testId="toolbar-clean" icon={<TrashIcon />} label={tm("clean")} onClick={clean} />
          <ToolbarButton perms="monitor:logininfor:unlock" testId="toolbar-unlock" icon={<LockOpenIcon />} label={t("unlock")} disabled={!selectedName} onClick={() => selectedName && unlock(selectedName)} />
          <ToolbarButton perms="monitor:logininfor:export" testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={exportLogs} />
        </>
      }
      columns={columns}
      choices={choices}
      rows={rows}
      total={data.page.total}
      getRowId={(row) => String(row.infoId)}
    />
  );
}
