"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DownloadIcon, EyeIcon, Trash2Icon, TrashIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowAction, ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import { dateRangeParams } from "@/lib/list-query";
import type { OperLogRow, OperLogScreenData } from "@/lib/api/types";
import { OperlogDetailDialog } from "./operlog-detail-dialog";
import { OPERLOG_FILTERS, operlogParsers } from "./query";

const helper = createColumnHelper<Features, OperLogRow>();

/** A URL filter of a number column: unset when empty. */
const asNumber = (value: string) => (value === "" ? undefined : Number(value));

/** 操作日志: filters, detail, delete, clean, export. */
export function OperlogList({ data }: { data: OperLogScreenData }) {
  const t = useTranslations("monitor.operlog");
  const tm = useTranslations("monitor");
  const tl = useTranslations("list");
  const list = useList(operlogParsers);
  const { query } = list;
  const draft = useQueryDraft(query, OPERLOG_FILTERS, list.setQuery);
  const selection = useSelection(data.page.rows);
  const confirmed = useConfirmedAction();
  const [detail, setDetail] = useState<OperLogRow | null>(null);
  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("operId"), ids: ids.join(",") }), () => done(core.DELETE("/monitor/operlog/{operIds}", { params: { path: { operIds: ids.join(",") } } }))).then(
      (ok) => ok && list.refresh(),
    );
  const clean = () =>
    void confirmed(t("cleanConfirm"), () => done(core.DELETE("/monitor/operlog/clean")), tm("cleaned")).then((ok) => ok && list.refresh());

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("operId", { header: t("operId") }),
        helper.accessor("title", { header: t("title") }),
        helper.accessor("businessType", { header: t("businessType"), cell: (info) => <DictTag options={data.dicts.sys_oper_type} value={info.getValue()} /> }),
        helper.accessor("operName", { header: t("operName"), meta: { sortKey: "operName" } }),
        helper.accessor("operIp", { header: t("operIp") }),
        helper.accessor("operLocation", { header: t("operLocation") }),
        helper.accessor("status", { header: t("status"), cell: (info) => <DictTag options={data.dicts.sys_common_status} value={info.getValue()} /> }),
        helper.accessor("operTime", { header: t("operTime"), meta: { sortKey: "operTime" } }),
        helper.accessor("costTime", { header: t("costTime"), meta: { sortKey: "costTime" }, cell: (info) => tm("millis", { ms: info.getValue() ?? 0 }) }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          meta: { fixed: true },
          cell: ({ row }) => (
            <RowAction perms="monitor:operlog:query" testId="row-detail" icon={<EyeIcon />} label={tm("detail")} onClick={() => setDetail(row.original)} />
          ),
        }),
      ]),
    [t, tm, tl, data.dicts],
  );
  const choices = useMemo(
    () => ["operId", "title", "businessType", "operName", "operIp", "operLocation", "status", "operTime", "costTime"].map((id) => ({ id, label: t(id) })),
    [t],
  );
  const exportLogs = () => {
    const body = { title: query.title, operName: query.operName, businessType: asNumber(query.businessType), status: asNumber(query.status), ...dateRangeParams([query.beginTime, query.endTime]) };
    return saveAs(core.POST("/monitor/operlog/export", { body, ...asFile }), `operlog_${Date.now()}.xlsx`);
  };

  return (
    <>
      <ListFrame
        testId="operlog-screen"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("title")} name="title" value={draft.draft.title} onChange={(v) => draft.set("title", v)} />
            <QueryInput label={t("operName")} name="operName" value={draft.draft.operName} onChange={(v) => draft.set("operName", v)} />
            <QueryDictSelect label={t("businessType")} name="businessType" value={draft.draft.businessType} onChange={(v) => draft.set("businessType", v)} options={data.dicts.sys_oper_type} />
            <QueryDictSelect label={t("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_common_status} />
            <QueryDraftRange label={t("operTime")} draft={draft} />
          </>
        }
        buttons={
          <>
            <ToolbarButton perms="monitor:operlog:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => remove(selection.ids)} />
            <ToolbarButton perms="monitor:operlog:remove" testId="toolbar-clean" icon={<TrashIcon />} label={tm("clean")} onClick={clean} />
            <ToolbarButton perms="monitor:operlog:export" testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={exportLogs} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.operId)}
      />
      <OperlogDetailDialog row={detail} dicts={data.dicts} onClose={() => setDetail(null)} />
    </>
  );
}
