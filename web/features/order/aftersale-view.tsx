"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { CheckIcon, PackageCheckIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowActions } from "@/components/data-table/operations";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/titled-dialog";
import { Input } from "@/components/ui/input";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { AFTER_SALE_STATUSES, type Decision, decisionBody, decisionsFor, statusBadge } from "./aftersale-logic";
import { AFTER_SALE_FILTERS, afterSaleParsers } from "./query";

type AfterSaleRow = components["schemas"]["AfterSaleRow"];

const helper = createColumnHelper<Features, AfterSaleRow>();
const mono = { className: "font-mono text-xs" };
const DECISION_ICONS = { approve: <CheckIcon />, reject: <XIcon />, receive: <PackageCheckIcon /> } as const;
const CHOICES = ["afterSaleNo", "orderNo", "goodsName", "kind", "amountFen", "reason", "status", "createTime"] as const;
const CHOICE_LABELS: Partial<Record<(typeof CHOICES)[number], string>> = { goodsName: "goods", kind: "kindLabel", amountFen: "amount", status: "statusLabel" };

/** After-sales (order/afterSale/index): status tabs with counts, and the decide dialog (approve, reject, receive). */
export function AfterSaleView({ data }: { data: components["schemas"]["AfterSaleScreen"] }) {
  const t = useTranslations("orderAfterSale");
  const list = useList(afterSaleParsers);
  const status = list.query.status ?? "";
  const draft = useQueryDraft(list.query, AFTER_SALE_FILTERS, list.setQuery);
  const setStatus = (next: (typeof AFTER_SALE_STATUSES)[number] | "") => list.setQuery({ status: next || null, pageNum: 1 });
  const { counts } = data;
  const [asking, setAsking] = useState<{ row: AfterSaleRow; action: Decision } | null>(null);
  const [reason, setReason] = useState("");
  const [sellable, setSellable] = useState(true);

  const send = async (row: AfterSaleRow, action: Decision) => {
    const body = decisionBody(row.id, action, reason, sellable);
    if (!body) return;
    try {
      const result = await answer(core.POST("/admin/order_mall/refund_operate", { body }));
      toast.success(result.msg ?? t("done"));
      setAsking(null);
      setReason("");
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
    list.refresh();
  };

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("afterSaleNo", { header: t("afterSaleNo"), meta: mono }),
        helper.accessor("orderNo", { header: t("orderNo"), meta: mono }),
        helper.accessor("goodsName", { header: t("goods"), cell: ({ row }) => `${row.original.goodsName} ${row.original.spec} × ${row.original.quantity}` }),
        helper.accessor("kind", { header: t("kindLabel"), cell: ({ row }) => t(`kind.${row.original.kind}`) }),
        helper.accessor("amountFen", { header: t("amount"), cell: ({ row }) => `¥${fenToYuan(row.original.amountFen)}` }),
        helper.accessor("reason", {
          header: t("reason"),
          meta: { className: "text-xs" },
          cell: ({ row }) => (
            <>
              {row.original.reason}
              {row.original.trackingNo && (
                <span className="text-muted-foreground ml-1">
                  {row.original.carrier} {row.original.trackingNo}
                </span>
              )}
            </>
          ),
        }),
        helper.accessor("status", {
          header: t("statusLabel"),
          cell: ({ row }) => (
            <>
              <Badge variant={statusBadge(row.original.status)}>{t(`status.${row.original.status}`)}</Badge>
              {row.original.rejectReason && <span className="text-muted-foreground ml-1 text-xs">{row.original.rejectReason}</span>}
            </>
          ),
        }),
        helper.accessor("createTime", { header: t("createTime") }),
        helper.display({
          id: "operations",
          header: t("actions"),
          meta: { fixed: true },
          cell: ({ row }) => (
            <RowActions
              actions={decisionsFor(row.original.status).map((action) => ({
                perms: "order:afterSale:refund",
                testId: `aftersale-${action}`,
                icon: DECISION_ICONS[action],
                label: t(`do.${action}`),
                onClick: () => {
                  setReason("");
                  setSellable(true);
                  setAsking({ row: row.original, action });
                },
              }))}
            />
          ),
        }),
      ]),
    [t],
  );
  const choices = useMemo(() => CHOICES.map((id) => ({ id, label: t(CHOICE_LABELS[id] ?? id) })), [t]);
  const statuses = useMemo(() => [{ kind: "dict" as const, name: "status", label: t("statusLabel"), options: AFTER_SALE_STATUSES.map((s) => ({ dictValue: s, dictLabel: t(`status.${s}`) })) }], [t]);

  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <div className="p-4" data-testid="aftersale-screen">
      <ListFrame
        testId="aftersale-list"
        tableTestId="aftersale-table"
        list={list}
        draft={draft}
        query={statuses}
        header={
          <div className="mb-3 flex flex-wrap gap-2">
            <Button size="sm" variant={status === "" ? "default" : "outline"} onClick={() => setStatus("")}>
              {t("all")} ({total})
            </Button>
            {AFTER_SALE_STATUSES.map((s) => (
              <Button key={s} size="sm" data-testid={`aftersale-tab-${s}`} variant={status === s ? "default" : "outline"} onClick={() => setStatus(s)}>
                {t(`status.${s}`)} ({counts[s] ?? 0})
              </Button>
            ))}
          </div>
        }
        columns={columns}
        choices={choices}
        page={data}
        rowKey="id"
        rowAttributes={(row) => ({ "data-testid": `aftersale-row-${row.afterSaleNo}`, "data-status": row.status })}
      />

      <TitledDialog open={asking !== null} onClose={() => setAsking(null)} title={<>{asking && t(`do.${asking.action}`)} {asking?.row.afterSaleNo}</>} data-testid="aftersale-dialog">
        {asking && (
          <div className="grid gap-3 text-sm">
            <div>
              {asking.row.goodsName} × {asking.row.quantity}，¥{fenToYuan(asking.row.amountFen)}（{t(`kind.${asking.row.kind}`)}）
            </div>
            {asking.action === "reject" && (
              <Input data-testid="aftersale-reason" maxLength={200} placeholder={t("reasonHint")} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
            {asking.action === "receive" && (
              <label className="flex items-center gap-2">
                <input type="checkbox" data-testid="aftersale-sellable" checked={sellable} onChange={(e) => setSellable(e.target.checked)} />
                {t("sellable")}
              </label>
            )}
            <Button data-testid="aftersale-confirm" disabled={asking.action === "reject" && !reason.trim()} onClick={() => void send(asking.row, asking.action)}>
              {t("confirm")}
            </Button>
          </div>
        )}
      </TitledDialog>
    </div>
  );
}
