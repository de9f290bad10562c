"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { BanknoteIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowActions } from "@/components/data-table/operations";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { TitledDialog } from "@/components/titled-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { executable, statusBadge } from "./aftersale-logic";
import { FINANCE_REFUND_FILTERS, FINANCE_REFUND_STATUSES, financeRefundParsers, REFUND_FILTERS, REFUND_STATUSES, refundParsers } from "./query";

type Schemas = components["schemas"];
type QueueRow = Schemas["FinanceRefundRow"];
type RefundRow = Schemas["RefundRow"];

const refundHelper = createColumnHelper<Features, RefundRow>();
const queueHelper = createColumnHelper<Features, QueueRow>();
const mono = { className: "font-mono text-xs" };

/** A status filter's options, labelled in the operator's language. */
const statusOptions = (statuses: readonly string[], label: (status: string) => string) => statuses.map((status) => ({ dictValue: status, dictLabel: label(status) }));

/** Refunds, order side (order/refund/index): every refund row, its number, amount, attempts and result. */
export function RefundListView({ data }: { data: Schemas["RefundScreen"] }) {
  const t = useTranslations("orderAfterSale");
  const list = useList(refundParsers);
  const draft = useQueryDraft(list.query, REFUND_FILTERS, list.setQuery);
  const columns = useMemo(
    () =>
      refundHelper.columns([
        refundHelper.accessor("refundNo", { header: t("refundNo"), meta: mono }),
        refundHelper.accessor("mainNo", { header: t("mainNo"), meta: mono }),
        refundHelper.accessor("uid", { header: t("uid") }),
        refundHelper.accessor("amountFen", { header: t("amount"), cell: (info) => `¥${fenToYuan(info.getValue())}` }),
        refundHelper.accessor("status", {
          header: t("statusLabel"),
          cell: ({ row }) => (
            <>
              <Badge variant={row.original.status === "refunded" ? "success" : row.original.status === "failed" ? "danger" : "warning"}>{t(`refundStatus.${row.original.status}`)}</Badge>
              {row.original.reason && <span className="text-muted-foreground ml-1 text-xs">{row.original.reason}</span>}
            </>
          ),
        }),
        refundHelper.accessor("attempts", { header: t("attempts") }),
        refundHelper.accessor("executor", { header: t("executor") }),
        refundHelper.accessor((row) => row.finishTime ?? "", { id: "finishTime", header: t("finishTime") }),
      ]),
    [t],
  );
  const choices = useMemo(() => columns.map((column) => ({ id: String(column.id ?? ("accessorKey" in column ? column.accessorKey : "")), label: String(column.header) })), [columns]);
  const query = useMemo(() => [{ kind: "dict" as const, name: "status", label: t("statusLabel"), options: statusOptions(REFUND_STATUSES, (s) => t(`refundStatus.${s}`)) }], [t]);
  return (
    <div className="p-4">
      <ListFrame
        testId="refund-list-screen"
        tableTestId="refund-table"
        list={list}
        draft={draft}
        query={query}
        columns={columns}
        choices={choices}
        page={data}
        rowKey="id"
        rowAttributes={(row) => ({ "data-testid": `refund-row-${row.refundNo}`, "data-status": row.status })}
      />
    </div>
  );
}

/** Finance's refunds (finance/refund/index): the approved after-sales, executed (or retried) here after a confirmation. */
export function FinanceRefundView({ data }: { data: Schemas["FinanceRefundScreen"] }) {
  const t = useTranslations("orderAfterSale");
  const confirm = useConfirm();
  const list = useList(financeRefundParsers);
  const draft = useQueryDraft(list.query, FINANCE_REFUND_FILTERS, list.setQuery);
  const [asking, setAsking] = useState<QueueRow | null>(null);
  const [password, setPassword] = useState("");
  const { refresh } = list;

  const execute = async (row: QueueRow, pwd?: string) => {
    try {
      const result = await answer(core.POST("/admin/finance_refund/refund_order", { body: { id: row.id, password: pwd } }));
      const { status } = result.data;
      if (status === "refunded") toast.success(result.msg ?? t("done"));
      else if (status === "refunding") toast.info(result.msg ?? t("processing")); // the sweep asks again
      else toast.error(result.msg ?? t("failed"));
      setAsking(null);
      setPassword("");
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
    refresh();
  };

  // money leaves the shop: the operator confirms the after-sale, the order and the amount first
  const start = async (row: QueueRow) => {
    const values = { afterSaleNo: row.afterSaleNo, orderNo: row.orderNo, refundNo: row.refund?.refundNo ?? "", amount: fenToYuan(row.amountFen) };
    const message = row.refund?.refundNo ? t("retryConfirm", values) : t("executeConfirm", values);
    if (!(await confirm({ message }))) return;
    if (row.passwordNeeded) {
      setPassword("");
      setAsking(row);
    } else void execute(row);
  };

  const columns = useMemo(
    () =>
      queueHelper.columns([
        queueHelper.accessor("afterSaleNo", { header: t("afterSaleNo"), meta: mono }),
        queueHelper.accessor("orderNo", { header: t("orderNo"), meta: mono }),
        queueHelper.accessor("goodsName", { header: t("goods"), cell: ({ row }) => `${row.original.goodsName} × ${row.original.quantity}` }),
        queueHelper.accessor("amountFen", {
          header: t("amount"),
          cell: ({ row }) => (
            <>
              ¥{fenToYuan(row.original.amountFen)}
              {row.original.passwordNeeded && <span className="text-muted-foreground ml-1 text-xs">{t("large")}</span>}
            </>
          ),
        }),
        queueHelper.accessor("status", {
          header: t("statusLabel"),
          cell: ({ row }) => (
            <>
              <Badge variant={statusBadge(row.original.status)}>{t(`status.${row.original.status}`)}</Badge>
              {row.original.refund?.reason && <span className="text-muted-foreground ml-1 text-xs">{row.original.refund.reason}</span>}
            </>
          ),
        }),
        queueHelper.accessor((row) => row.refund?.refundNo ?? "", { id: "refundNo", header: t("refundNo"), meta: mono }),
        queueHelper.display({
          id: "operations",
          header: t("actions"),
          meta: { fixed: true },
          cell: ({ row }) => (
            <RowActions
              actions={[
                executable(row.original.status) && {
                  perms: "finance:refund:execute",
                  testId: "finance-refund-execute",
                  icon: <BanknoteIcon />,
                  label: row.original.status === "refund_failed" ? t("do.retry") : t("do.execute"),
                  onClick: () => void start(row.original),
                },
              ]}
            />
          ),
        }),
      ]),
    // start reads the latest confirm and refresh: both stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  const choices = useMemo(() => ["afterSaleNo", "orderNo", "goodsName", "amountFen", "status", "refundNo"].map((id) => ({ id, label: String(columns.find((c) => c.id === id || ("accessorKey" in c && c.accessorKey === id))?.header ?? id) })), [columns]);
  const query = useMemo(() => [{ kind: "dict" as const, name: "status", label: t("statusLabel"), options: statusOptions(FINANCE_REFUND_STATUSES, (s) => t(`status.${s}`)) }], [t]);

  return (
    <div className="p-4">
      <ListFrame
        testId="finance-refund-screen"
        tableTestId="finance-refund-table"
        list={list}
        draft={draft}
        query={query}
        columns={columns}
        choices={choices}
        page={data}
        rowKey="id"
        rowAttributes={(row) => ({ "data-testid": `finance-refund-row-${row.afterSaleNo}`, "data-status": row.status })}
      >
        <TitledDialog open={asking !== null} onClose={() => setAsking(null)} title={t("passwordTitle")}>
          <Input type="password" autoComplete="current-password" maxLength={64} data-testid="finance-refund-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button data-testid="finance-refund-confirm" disabled={!password} onClick={() => asking && void execute(asking, password)}>
            {t("confirm")}
          </Button>
        </TitledDialog>
      </ListFrame>
    </div>
  );
}
