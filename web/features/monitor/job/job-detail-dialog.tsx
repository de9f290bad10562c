"use client";

import { useTranslations } from "next-intl";
import { DictTag } from "@/components/dict-tag";
import { answer, core } from "@/lib/api/core";
import { DetailGrid, DetailItem, DetailText } from "../shared/detail";
import { DetailDialog } from "../shared/detail-dialog";
import { useDetail } from "../shared/use-detail";
import type { JobRow, MonitorDicts } from "@/lib/api/types";

/** 任务详细: the job as saved, with its next fire time. */
export function JobDetailDialog({
  row,
  dicts,
  handlerTitles,
  onClose,
}: {
  row: JobRow | null;
  dicts: MonitorDicts;
  handlerTitles: Record<string, string>;
  onClose: () => void;
}) {
  const t = useTranslations("monitor.job");
  const tl = useTranslations("list");
  const job = useDetail(row?.jobId ?? null, (jobId) => answer(core.GET("/monitor/job/{jobId}", { params: { path: { jobId } } })), onClose);
  return (
    <DetailDialog open={row !== null} onClose={onClose} title={t("detailTitle")} testId="job-detail" loading={!job}>
      {job && (
        <DetailGrid>
          <DetailItem label={t("jobId")}>{job.jobId}</DetailItem>
          <DetailItem label={t("jobGroup")}>
            <DictTag options={dicts.sys_job_group} value={job.jobGroup} />
          </DetailItem>
          <DetailItem label={t("jobName")}>{job.jobName}</DetailItem>
          <DetailItem label={tl("createTime")}>{job.createTime}</DetailItem>
          <DetailItem label={t("cronExpression")}>
            <code>{job.cronExpression}</code>
          </DetailItem>
          <DetailItem label={t("nextValidTime")} testId="detail-next">
            {job.nextValidTime ?? "-"}
          </DetailItem>
          <DetailItem label={t("invokeTarget")} full>
            {job.invokeTarget}
            {handlerTitles[job.invokeTarget] && <span className="ml-1 text-muted-foreground">（{handlerTitles[job.invokeTarget]}）</span>}
          </DetailItem>
          <DetailItem label={t("jobParams")} full>
            <DetailText value={JSON.stringify(job.jobParams ?? {}, null, 2)} testId="detail-params" />
          </DetailItem>
          <DetailItem label={tl("status")}>
            <DictTag options={dicts.sys_job_status} value={job.status} />
          </DetailItem>
          <DetailItem label={t("concurrent")}>{t(`concurrent${job.concurrent === "0" ? "0" : "1"}`)}</DetailItem>
          <DetailItem label={t("misfirePolicy")}>{["0", "1", "2", "3"].includes(job.misfirePolicy) ? t(`misfire${job.misfirePolicy}`) : job.misfirePolicy}</DetailItem>
          <DetailItem label={tl("remark")}>{job.remark || "-"}</DetailItem>
        </DetailGrid>
      )}
    </DetailDialog>
  );
}
