"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/titled-dialog";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { executable, statusBadge } from "./aftersale-logic";

type Schemas = components["schemas"];
type QueueRow = Schemas["FinanceRefundRow"];

/** Refunds, order side (order/refund/index): every refund row, its number, amount, attempts and result. */
export function RefundListView({ data: { rows } }: { data: Schemas["RefundScreen"] }) {
  const t = useTranslations("orderAfterSale");
  return (
    <div className="p-4" data-testid="refund-list-screen">
      <HeadedTable data-testid="refund-table" headers={[t("refundNo"), t("mainNo"), t("uid"), t("amount"), t("statusLabel"), t("attempts"), t("executor"), t("finishTime")]}>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`refund-row-${row.refundNo}`} data-status={row.status}>
            <TableCell className="font-mono text-xs">{row.refundNo}</TableCell>
            <TableCell className="font-mono text-xs">{row.mainNo}</TableCell>
            <TableCell>{row.uid}</TableCell>
            <TableCell>¥{fenToYuan(row.amountFen)}</TableCell>
            <TableCell>
              <Badge variant={row.status === "refunded" ? "success" : row.status === "failed" ? "danger" : "warning"}>{t(`refundStatus.${row.status}`)}</Badge>
              {row.reason && <div className="text-muted-foreground text-xs">{row.reason}</div>}
            </TableCell>
            <TableCell>{row.attempts}</TableCell>
            <TableCell>{row.executor}</TableCell>
            <TableCell>{row.finishTime ?? ""}</TableCell>
          </TableRow>
        ))}
      </HeadedTable>
    </div>
  );
}

/** Finance's refunds (finance/refund/index): the approved after-sales, executed (or retried) here. */
export function FinanceRefundView({ data: { rows } }: { data: Schemas["FinanceRefundScreen"] }) {
  const t = useTranslations("orderAfterSale");
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [asking, setAsking] = useState<QueueRow | null>(null);
  const [password, setPassword] = useState("");

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
    startTransition(() => router.refresh());
  };

  return (
    <div className="p-4" data-testid="finance-refund-screen">
      <HeadedTable data-testid="finance-refund-table" headers={[t("afterSaleNo"), t("orderNo"), t("goods"), t("amount"), t("statusLabel"), t("refundNo"), t("actions")]}>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`finance-refund-row-${row.afterSaleNo}`} data-status={row.status}>
            <TableCell className="font-mono text-xs">{row.afterSaleNo}</TableCell>
            <TableCell className="font-mono text-xs">{row.orderNo}</TableCell>
            <TableCell>
              {row.goodsName} × {row.quantity}
            </TableCell>
            <TableCell>
              ¥{fenToYuan(row.amountFen)}
              {row.passwordNeeded && <span className="text-muted-foreground ml-1 text-xs">{t("large")}</span>}
            </TableCell>
            <TableCell>
              <Badge variant={statusBadge(row.status)}>{t(`status.${row.status}`)}</Badge>
              {row.refund?.reason && <div className="text-muted-foreground text-xs">{row.refund.reason}</div>}
            </TableCell>
            <TableCell className="font-mono text-xs">{row.refund?.refundNo ?? ""}</TableCell>
            <TableCell>
              {executable(row.status) && (
                <Authorized perms="finance:refund:execute">
                  <Button size="sm" data-testid="finance-refund-execute" onClick={() => (row.passwordNeeded ? setAsking(row) : void execute(row))}>
                    {row.status === "refund_failed" ? t("do.retry") : t("do.execute")}
                  </Button>
                </Authorized>
              )}
            </TableCell>
          </TableRow>
        ))}
      </HeadedTable>
      <TitledDialog open={asking !== null} onClose={() => setAsking(null)} title={t("passwordTitle")}>
        <Input type="password" autoComplete="current-password" maxLength={64} data-testid="finance-refund-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button data-testid="finance-refund-confirm" disabled={!password} onClick={() => asking && void execute(asking, password)}>
          {t("confirm")}
        </Button>
      </TitledDialog>
    </div>
  );
}
