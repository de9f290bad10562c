"use client";

import { DownloadIcon, EyeIcon, Trash2Icon, TrashIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { declareList, useRemove } from "@/components/data-table/declare";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowAction, ToolbarButton } from "@/components/data-table/operations";
import { useListScreen } from "@/components/data-table/use-list";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import { dateRangeParams } from "@/lib/list-query";
import type { OperLogRow, OperLogScreenData } from "@/lib/api/types";
import { OperlogDetailDialog } from "./operlog-detail-dialog";
import { OPERLOG_FILTERS, operlogParsers } from "./query";

/** A URL filter of a number column: unset when empty. */
const asNumber = (value: string) => (value === "" ? undefined : Number(value));

/** 操作日志: filters, detail, delete, clean, export. */
export function OperlogList({ data }: { data: OperLogScreenData }) {
  const t = useTranslations("monitor.operlog");
  const tm = useTranslations("monitor");
  const tl = useTranslations("list");
  const screen = useListScreen(operlogParsers, OPERLOG_FILTERS, data.page.rows);
  const { query, refresh } = screen.list;
  const { ids } = screen.selection;
  const confirmed = useConfirmedAction();
  const [detail, setDetail] = useState<OperLogRow | null>(null);
  const remove = useRemove(t("operId"), (operIds) => core.DELETE("/monitor/operlog/{operIds}", { params: { path: { operIds } } }), refresh);
  const clean = () => void confirmed(t("cleanConfirm"), () => done(core.DELETE("/monitor/operlog/clean")), tm("cleaned")).then((ok) => ok && refresh());

  const declared = useMemo(() => {
    const { sys_oper_type: types, sys_common_status: statuses } = data.dicts;
    return declareList<OperLogRow>(t, {
      fields: [
        { key: "operId" },
        { key: "title" },
        { key: "businessType", dict: types },
        { key: "operName", sort: true },
        { key: "operIp" },
        { key: "operLocation" },
        { key: "status", dict: statuses },
        { key: "operTime", sort: true },
        { key: "costTime", sort: true, cell: (row) => tm("millis", { ms: row.costTime ?? 0 }) },
      ],
      filters: [{ kind: "input", name: "title" }, { kind: "input", name: "operName" }, { kind: "dict", name: "businessType", options: types }, { kind: "dict", name: "status", options: statuses }, { kind: "range", label: t("operTime") }],
      operations: { header: tl("operations"), fixed: true, cell: (row) => <RowAction perms="monitor:operlog:query" testId="row-detail" icon={<EyeIcon />} label={tm("detail")} onClick={() => setDetail(row)} /> },
    });
  }, [t, tm, tl, data.dicts]);
  const exportLogs = () => {
    const body = { title: query.title, operName: query.operName, businessType: asNumber(query.businessType), status: asNumber(query.status), ...dateRangeParams([query.beginTime, query.endTime]) };
    return saveAs(core.POST("/monitor/operlog/export", { body, ...asFile }), `operlog_${Date.now()}.xlsx`);
  };

  return (
    <>
      <ListFrame
        testId="operlog-screen"
        {...screen}
        {...declared}
        buttons={
          <>
            <ToolbarButton perms="monitor:operlog:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={ids.length === 0} onClick={() => void remove(ids)} />
            <ToolbarButton perms="monitor:operlog:remove" testId="toolbar-clean" icon={<TrashIcon />} label={tm("clean")} onClick={clean} />
            <ToolbarButton perms="monitor:operlog:export" testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={exportLogs} />
          </>
        }
        page={data.page}
        rowKey="operId"
      />
      <OperlogDetailDialog row={detail} dicts={data.dicts} onClose={() => setDetail(null)} />
    </>
  );
}
