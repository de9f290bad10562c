"use client";

import { useTranslations } from "next-intl";
import { DictTag } from "@/components/dict-tag";
import { formatMs } from "../shared/monitor-format";
import { DetailGrid, DetailItem, DetailText } from "../shared/detail";
import { DetailDialog } from "../shared/detail-dialog";
import type { JobLogRow, MonitorDicts } from "@/lib/api/types";

/** 调度日志详细: one run's message, exception, times, cost and lateness. */
export function JobLogDetailDialog({ row, dicts, onClose }: { row: JobLogRow | null; dicts: MonitorDicts; onClose: () => void }) {
  const t = useTranslations("monitor.jobLog");
  return (
    <DetailDialog open={row !== null} onClose={onClose} title={t("detailTitle")} testId="job-log-detail">
      {row && (
        <DetailGrid>
          <DetailItem label={t("jobLogId")}>{row.jobLogId}</DetailItem>
          <DetailItem label={t("jobName")} testId="detail-job-name">
            {row.jobName}
          </DetailItem>
          <DetailItem label={t("jobGroup")}>
            <DictTag options={dicts.sys_job_group} value={row.jobGroup} />
          </DetailItem>
          <DetailItem label={t("invokeTarget")}>{row.invokeTarget}</DetailItem>
          <DetailItem label={t("fireTime")}>{row.fireTime ?? "-"}</DetailItem>
          <DetailItem label={t("startTime")}>{row.startTime ?? "-"}</DetailItem>
          <DetailItem label={t("endTime")}>{row.endTime ?? "-"}</DetailItem>
          <DetailItem label={t("status")} testId="detail-status">
            <DictTag options={dicts.sys_common_status} value={row.status} />
          </DetailItem>
          <DetailItem label={t("costTime")} testId="detail-cost">
            {formatMs(row.costTime)}
          </DetailItem>
          <DetailItem label={t("lateMs")} testId="detail-late">
            {formatMs(row.lateMs)}
          </DetailItem>
          <DetailItem label={t("jobMessage")} full testId="detail-message">
            {row.jobMessage || "-"}
          </DetailItem>
          <DetailItem label={t("exceptionInfo")} full>
            <DetailText value={row.exceptionInfo} testId="detail-exception" />
          </DetailItem>
        </DetailGrid>
      )}
    </DetailDialog>
  );
}
