"use client";

import { DownloadIcon, LockOpenIcon, Trash2Icon, TrashIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { declareList, useRemove } from "@/components/data-table/declare";
import { ListFrame } from "@/components/data-table/list-frame";
import { ToolbarButton } from "@/components/data-table/operations";
import { useListScreen } from "@/components/data-table/use-list";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import { dateRangeParams } from "@/lib/list-query";
import type { LoginLogRow, LoginLogScreenData } from "@/lib/api/types";
import { LOGININFOR_FILTERS, logininforParsers } from "./query";

/** 登录日志: filters, delete, clean, export, and unlocking the selected row's account. */
export function LogininforList({ data }: { data: LoginLogScreenData }) {
  const t = useTranslations("monitor.logininfor");
  const tm = useTranslations("monitor");
  const tl = useTranslations("list");
  const rows = data.page.rows;
  const screen = useListScreen(logininforParsers, LOGININFOR_FILTERS, rows);
  const { query, refresh } = screen.list;
  const { ids } = screen.selection;
  const confirmed = useConfirmedAction();
  const selectedName = ids.length === 1 ? rows.find((row) => row.infoId === ids[0])?.userName : undefined;

  const remove = useRemove(t("infoId"), (infoIds) => core.DELETE("/monitor/logininfor/{infoIds}", { params: { path: { infoIds } } }), refresh);
  const clean = () => void confirmed(t("cleanConfirm"), () => done(core.DELETE("/monitor/logininfor/clean")), tm("cleaned")).then((ok) => ok && refresh());
  const unlock = (userName: string) =>
    void confirmed(t("unlockConfirm", { name: userName }), () => done(core.GET("/monitor/logininfor/unlock/{userName}", { params: { path: { userName } } })), t("unlocked", { name: userName }));

  const declared = useMemo(() => {
    const statuses = data.dicts.sys_common_status;
    return declareList<LoginLogRow>(t, {
      fields: [
        { key: "infoId" },
        { key: "userName", sort: true },
        { key: "ipaddr" },
        { key: "loginLocation" },
        { key: "browser" },
        { key: "os" },
        { key: "status", dict: statuses },
        { key: "msg" },
        { key: "loginTime", sort: true },
      ],
      filters: [{ kind: "input", name: "ipaddr" }, { kind: "input", name: "userName" }, { kind: "dict", name: "status", options: statuses }, { kind: "range", label: t("loginTime") }],
    });
  }, [t, data.dicts]);
  const exportLogs = () =>
    saveAs(core.POST("/monitor/logininfor/export", { body: { ipaddr: query.ipaddr, userName: query.userName, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `logininfor_${Date.now()}.xlsx`);

  return (
    <ListFrame
      testId="logininfor-screen"
      {...screen}
      {...declared}
      buttons={
        <>
          <ToolbarButton perms="monitor:logininfor:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={ids.length === 0} onClick={() => void remove(ids)} />
          <ToolbarButton perms="monitor:logininfor:remove" testId="toolbar-clean" icon={<TrashIcon />} label={tm("clean")} onClick={clean} />
          <ToolbarButton perms="monitor:logininfor:unlock" testId="toolbar-unlock" icon={<LockOpenIcon />} label={t("unlock")} disabled={!selectedName} onClick={() => selectedName && unlock(selectedName)} />
          <ToolbarButton perms="monitor:logininfor:export" testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={exportLogs} />
        </>
      }
      page={data.page}
      rowKey="infoId"
    />
  );
}
