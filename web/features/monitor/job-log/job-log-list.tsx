"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DownloadIcon, EyeIcon, Trash2Icon, TrashIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { Features } from "@/components/data-table/features";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { useConfirmedAction } from "@/components/confirm-provider";
import { RowAction, ToolbarButton } from "@/components/data-table/operations";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import { dateRangeParams } from "@/lib/list-query";
import { formatMs } from "../shared/monitor-format";
import { ListFrame } from "@/components/data-table/list-frame";
import type { JobLogRow, JobLogScreenData } from "@/lib/api/types";
import { JobLogDetailDialog } from "./job-log-detail-dialog";
import { JOB_LOG_FILTERS, jobLogParsers } from "./query";

const helper = createColumnHelper<Features, JobLogRow>();
const COLUMN_IDS = ["jobLogId", "jobName", "jobGroup", "invokeTarget", "jobMessage", "status", "startTime", "costTime", "lateMs"] as const;

/** 调度日志: every run of the jobs (or of the job in the address), with detail, delete, clean, export. */
export function JobLogList({ data }: { data: JobLogScreenData }) {
  const t = useTranslations("monitor.jobLog");
  const tm = useTranslations("monitor");
  const tl = useTranslations("list");
  const router = useRouter();
  const list = useList(jobLogParsers);
  const { query } = list;
  const draft = useQueryDraft(query, JOB_LOG_FILTERS, list.setQuery);
  const rows = data.page.rows;
  const selection = useSelection(rows);
  const confirmed = useConfirmedAction();
  const [detail, setDetail] = useState<JobLogRow | null>(null);

  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("jobLogId"), ids: ids.join(",") }), () => done(core.DELETE("/monitor/jobLog/{jobLogIds}", { params: { path: { jobLogIds: ids.join(",") } } }))).then(
      (ok) => ok && list.refresh(),
    );
  const clean = () => void confirmed(t("cleanConfirm"), () => done(core.DELETE("/monitor/jobLog/clean")), tm("cleaned")).then((ok) => ok && list.refresh());

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("jobLogId", { header: t("jobLogId"), meta: { sortKey: "jobLogId" } }),
        helper.accessor("jobName", { header: t("jobName") }),
        helper.accessor("jobGroup", { header: t("jobGroup"), cell: (info) => <DictTag options={data.dicts.sys_job_group} value={info.getValue()} /> }),
        helper.accessor("invokeTarget", { header: t("invokeTarget") }),
        helper.accessor("jobMessage", { header: t("jobMessage"), cell: (info) => <span className="line-clamp-2 max-w-72 break-all">{info.getValue()}</span> }),
        helper.accessor("status", { header: t("status"), cell: (info) => <DictTag options={data.dicts.sys_common_status} value={info.getValue()} /> }),
        helper.accessor("startTime", { header: t("startTime"), meta: { sortKey: "startTime" } }),
        helper.accessor("costTime", { header: t("costTime"), cell: (info) => formatMs(info.getValue()) }),
        helper.accessor("lateMs", { header: t("lateMs"), cell: (info) => formatMs(info.getValue()) }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          meta: { fixed: true },
          cell: ({ row }) => <RowAction perms="monitor:job:query" testId="row-detail" icon={<EyeIcon />} label={tm("detail")} onClick={() => setDetail(row.original)} />,
        }),
      ]),
    [t, tm, tl, data.dicts],
  );
  const choices = useMemo(() => COLUMN_IDS.map((id) => ({ id, label: t(id) })), [t]);
  const exportLogs = () =>
    saveAs(core.POST("/monitor/jobLog/export", { body: { jobId: query.jobId ?? undefined, jobName: query.jobName, jobGroup: query.jobGroup, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `job_log_${Date.now()}.xlsx`);
  const jobFilter = query.jobId ? (
    <div data-testid="job-filter" className="mb-3 flex items-center gap-2 text-sm">
      <span className="inline-flex items-center gap-1 rounded border border-primary/30 bg-primary/10 px-2 py-0.5 text-primary">
        {t("jobFilter", { name: data.job?.jobName ?? `#${query.jobId}`, id: query.jobId })}
        <button type="button" data-testid="job-filter-clear" aria-label={t("jobFilterClear")} className="rounded hover:bg-primary/20" onClick={() => list.setQuery({ jobId: null, pageNum: 1 })}>
          <XIcon className="size-3.5" />
        </button>
      </span>
    </div>
  ) : null;

  return (
    <>
      <ListFrame
        testId="job-log-screen"
        header={jobFilter}
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("jobName")} name="jobName" value={draft.draft.jobName} onChange={(v) => draft.set("jobName", v)} />
            <QueryDictSelect label={t("jobGroup")} name="jobGroup" value={draft.draft.jobGroup} onChange={(v) => draft.set("jobGroup", v)} options={data.dicts.sys_job_group} />
            <QueryDictSelect label={t("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_common_status} />
            <QueryDraftRange label={t("startTime")} draft={draft} />
          </>
        }
        buttons={
          <>
            <ToolbarButton perms="monitor:job:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => remove(selection.ids)} />
            <ToolbarButton perms="monitor:job:remove" testId="toolbar-clean" icon={<TrashIcon />} label={tm("clean")} onClick={clean} />
            <ToolbarButton perms="monitor:job:export" testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={exportLogs} />
            <ToolbarButton testId="toolbar-close" icon={<XIcon />} label={tl("close")} onClick={() => router.push("/monitor/job")} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={rows}
        total={data.page.total}
        getRowId={(row) => String(row.jobLogId)}
      />
      <JobLogDetailDialog row={detail} dicts={data.dicts} onClose={() => setDetail(null)} />
    </>
  );
}
