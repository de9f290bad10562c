"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DownloadIcon, EyeIcon, PencilIcon, PlayIcon, PlusIcon, ScrollTextIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { StatusSwitch } from "@/components/data-table/status-switch";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowActions, ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { useConsole } from "@/components/layout/console-context";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import { hasPermi } from "@/lib/permission";
import type { JobRow, JobScreenData } from "@/lib/api/types";
import { JobDetailDialog } from "./job-detail-dialog";
import { JobFormDialog } from "./job-form-dialog";
import { JOB_FILTERS, jobLogHref, jobParsers } from "./query";

const helper = createColumnHelper<Features, JobRow>();
const COLUMN_IDS = ["jobId", "jobName", "jobGroup", "invokeTarget", "cronExpression", "nextValidTime", "status"] as const;

/** 定时任务: filters, status switch, run once, create/edit, detail, the runs' log, export. */
export function JobList({ data }: { data: JobScreenData }) {
  const t = useTranslations("monitor.job");
  const tl = useTranslations("list");
  const router = useRouter();
  const access = useConsole();
  const list = useList(jobParsers);
  const { query } = list;
  const draft = useQueryDraft(query, JOB_FILTERS, list.setQuery);
  const rows = data.page.rows;
  const selection = useSelection(rows);
  const confirmed = useConfirmedAction();
  const [form, setForm] = useState<{ open: boolean; jobId: number | null }>({ open: false, jobId: null });
  const [detail, setDetail] = useState<JobRow | null>(null);
  const canChangeStatus = hasPermi(access, "monitor:job:changeStatus");
  const handlerTitles = useMemo(() => Object.fromEntries(data.handlers.map((handler) => [handler.name, handler.title])), [data.handlers]);

  const { refresh } = list;

  const remove = useCallback(
    (ids: number[]) =>
      void confirmed(tl("removeConfirm", { name: t("jobId"), ids: ids.join(",") }), () => done(core.DELETE("/monitor/job/{jobIds}", { params: { path: { jobIds: ids.join(",") } } }))).then((ok) => ok && refresh()),
    [confirmed, t, tl, refresh],
  );
  const changeStatus = useCallback(
    (row: JobRow, running: boolean) => {
      const action = running ? tl("enable") : tl("disable");
      void confirmed(
        tl("statusConfirm", { action, name: row.jobName, kind: t("kind") }),
        () => done(core.PUT("/monitor/job/changeStatus", { body: { jobId: row.jobId, status: running ? "0" : "1" } })),
        tl("statusDone", { action }),
      ).then((ok) => ok && refresh());
    },
    [confirmed, t, tl, refresh],
  );
  const runOnce = useCallback(
    (row: JobRow) => void confirmed(t("runConfirm", { name: row.jobName }), () => done(core.PUT("/monitor/job/run", { body: { jobId: row.jobId, jobGroup: row.jobGroup } })), t("runDone")),
    [confirmed, t],
  );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("jobId", { header: t("jobId"), meta: { sortKey: "jobId" } }),
        helper.accessor("jobName", { header: t("jobName"), meta: { sortKey: "jobName" } }),
        helper.accessor("jobGroup", { header: t("jobGroup"), cell: (info) => <DictTag options={data.dicts.sys_job_group} value={info.getValue()} /> }),
        helper.accessor("invokeTarget", {
          header: t("invokeTarget"),
          cell: (info) => (
            <span title={handlerTitles[info.getValue()]}>
              {info.getValue()}
              {handlerTitles[info.getValue()] && <span className="ml-1 text-muted-foreground">({handlerTitles[info.getValue()]})</span>}
            </span>
          ),
        }),
        helper.accessor("cronExpression", { header: t("cronExpression"), cell: (info) => <code className="text-xs">{info.getValue()}</code> }),
        helper.accessor("nextValidTime", { header: t("nextValidTime"), cell: (info) => info.getValue() ?? "-" }),
        helper.accessor("status", {
          header: tl("status"),
          cell: ({ row }) => (
            <StatusSwitch
              name={row.original.jobName}
              checked={row.original.status === "0"}
              disabled={!canChangeStatus}
              onCheckedChange={(value) => changeStatus(row.original, value)}
            />
          ),
        }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          meta: { fixed: true },
          cell: ({ row }) => (
            <RowActions
              actions={[
                { perms: "monitor:job:edit", testId: "row-edit", icon: <PencilIcon />, label: tl("edit"), onClick: () => setForm({ open: true, jobId: row.original.jobId }) },
                { perms: "monitor:job:remove", testId: "row-remove", icon: <Trash2Icon />, label: tl("remove"), onClick: () => remove([row.original.jobId]) },
                { perms: "monitor:job:changeStatus", testId: "row-run", icon: <PlayIcon />, label: t("run"), onClick: () => runOnce(row.original) },
                { perms: "monitor:job:query", testId: "row-detail", icon: <EyeIcon />, label: t("detail"), onClick: () => setDetail(row.original) },
                { perms: "monitor:job:list", testId: "row-log", icon: <ScrollTextIcon />, label: t("log"), onClick: () => router.push(jobLogHref(row.original.jobId)) },
              ]}
            />
          ),
        }),
      ]),
    [t, tl, data.dicts, handlerTitles, canChangeStatus, router, changeStatus, remove, runOnce],
  );
  const choices = useMemo(() => COLUMN_IDS.map((id) => ({ id, label: id === "status" ? tl("status") : t(id) })), [t, tl]);

  return (
    <>
      <ListFrame
        testId="job-screen"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("jobName")} name="jobName" value={draft.draft.jobName} onChange={(v) => draft.set("jobName", v)} />
            <QueryDictSelect label={t("jobGroup")} name="jobGroup" value={draft.draft.jobGroup} onChange={(v) => draft.set("jobGroup", v)} options={data.dicts.sys_job_group} />
            <QueryDictSelect label={t("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_job_status} />
          </>
        }
        buttons={
          <>
            <ToolbarButton perms="monitor:job:add" testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={() => setForm({ open: true, jobId: null })} />
            <ToolbarButton
              perms="monitor:job:edit"
              testId="toolbar-edit"
              icon={<PencilIcon />}
              label={tl("edit")}
              disabled={selection.ids.length !== 1}
              onClick={() => setForm({ open: true, jobId: selection.ids[0] })}
            />
            <ToolbarButton perms="monitor:job:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => remove(selection.ids)} />
            <ToolbarButton
              perms="monitor:job:export"
              testId="toolbar-export"
              icon={<DownloadIcon />}
              label={tl("export")}
              onClick={() => saveAs(core.POST("/monitor/job/export", { body: { jobName: query.jobName, jobGroup: query.jobGroup, status: query.status }, ...asFile }), `job_${Date.now()}.xlsx`)}
            />
            <ToolbarButton perms="monitor:job:list" testId="toolbar-log" icon={<ScrollTextIcon />} label={t("log")} onClick={() => router.push(jobLogHref())} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={rows}
        total={data.page.total}
        getRowId={(row) => String(row.jobId)}
      />
      <JobFormDialog
        key={form.open ? `job-${form.jobId ?? "new"}` : "closed"}
        jobId={form.jobId}
        open={form.open}
        onClose={() => setForm({ ...form, open: false })}
        dicts={data.dicts}
        handlers={data.handlers}
        onSaved={list.refresh}
      />
      <JobDetailDialog row={detail} dicts={data.dicts} handlerTitles={handlerTitles} onClose={() => setDetail(null)} />
    </>
  );
}
