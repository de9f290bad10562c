"use client";

import { useTranslations } from "next-intl";
import { DictTag } from "@/components/dict-tag";
import { answer, core } from "@/lib/api/core";
import { dictOptions, selectDictLabel } from "@/lib/dict";
import { DetailItem, DetailText, DetailGrid } from "../shared/detail";
import { DetailDialog } from "../shared/detail-dialog";
import { useDetail } from "../shared/use-detail";
import type { MonitorDicts, OperLogRow } from "@/lib/api/types";

/** 操作日志详细: request, parameters, result, error and cost of one operation. */
export function OperlogDetailDialog({ row, dicts, onClose }: { row: OperLogRow | null; dicts: MonitorDicts; onClose: () => void }) {
  const t = useTranslations("monitor.operlog");
  const tm = useTranslations("monitor");
  const detail = useDetail(row?.operId ?? null, (operId) => answer(core.GET("/monitor/operlog/{operId}", { params: { path: { operId } } })), onClose);
  return (
    <DetailDialog open={row !== null} onClose={onClose} title={t("detailTitle")} testId="operlog-detail" loading={!detail}>
      {detail && (
        <DetailGrid>
          <DetailItem label={t("title")} testId="detail-title">
            {detail.title} / {selectDictLabel(dictOptions(dicts.sys_oper_type), detail.businessType)}
          </DetailItem>
          <DetailItem label={t("signIn")}>
            {detail.operName} / {detail.operIp} / {detail.operLocation}
          </DetailItem>
          <DetailItem label={t("operUrl")}>{detail.operUrl}</DetailItem>
          <DetailItem label={t("requestMethod")}>{detail.requestMethod}</DetailItem>
          <DetailItem label={t("method")} full>
            {detail.method}
          </DetailItem>
          <DetailItem label={t("operParam")} full>
            <DetailText value={detail.operParam} testId="detail-param" />
          </DetailItem>
          <DetailItem label={t("jsonResult")} full>
            <DetailText value={detail.jsonResult} testId="detail-result" />
          </DetailItem>
          <DetailItem label={t("status")} testId="detail-status">
            <DictTag options={dicts.sys_common_status} value={detail.status} />
          </DetailItem>
          <DetailItem label={t("costTime")} testId="detail-cost">
            {tm("millis", { ms: detail.costTime ?? 0 })}
          </DetailItem>
          <DetailItem label={t("operTime")}>{detail.operTime}</DetailItem>
          {detail.status !== 0 && (
            <DetailItem label={t("errorMsg")} full>
              <DetailText value={detail.errorMsg} testId="detail-error" />
            </DetailItem>
          )}
        </DetailGrid>
      )}
    </DetailDialog>
  );
}
