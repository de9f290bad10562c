"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { fenToYuan } from "@/lib/money";
import { request, RequestError } from "@/lib/request";
import { type AfterSaleStatus, executable } from "./aftersale-logic";
import { type AfterSaleRow, statusBadge } from "./aftersale-screen";

interface RefundRow {
  id: number;
  refundNo: string;
  mainNo: string;
  uid: number;
  amountFen: number;
  status: "refunding" | "refunded" | "failed";
  reason: string;
  attempts: number;
  executor: string;
  pointsBack: number;
  createTime: string;
  finishTime: string | null;
}

interface QueueRow extends AfterSaleRow {
  passwordNeeded: boolean;
  refund: { refundNo: string; status: string; reason: string; attempts: number } | null;
}

async function page<T>(path: string, params: Record<string, unknown>): Promise<T[]> {
  try {
    return ((await request<unknown>(path, { params })) as unknown as { rows: T[] }).rows;
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return [];
  }
}

/** Refunds, order side (order/refund/index): every refund row, its number, amount, attempts and result. */
export function RefundListScreen() {
  const t = useTranslations("orderAfterSale");
  const [rows, setRows] = useState<RefundRow[]>([]);
  useEffect(() => {
    void page<RefundRow>("api/admin/order_main/refund_order", { pageSize: 50 }).then(setRows);
  }, []);
  return (
    <div className="p-4" data-testid="refund-list-screen">
      <Table data-testid="refund-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t("refundNo")}</TableHead>
            <TableHead>{t("mainNo")}</TableHead>
            <TableHead>{t("uid")}</TableHead>
            <TableHead>{t("amount")}</TableHead>
            <TableHead>{t("statusLabel")}</TableHead>
            <TableHead>{t("attempts")}</TableHead>
            <TableHead>{t("executor")}</TableHead>
            <TableHead>{t("finishTime")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
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
        </TableBody>
      </Table>
    </div>
  );
}

/** Finance's refunds (finance/refund/index): the approved after-sales, executed (or retried) here. */
export function FinanceRefundScreen() {
  const t = useTranslations("orderAfterSale");
  const [rows, setRows] = useState<QueueRow[]>([]);
  const [asking, setAsking] = useState<QueueRow | null>(null);
  const [password, setPassword] = useState("");
  const reload = useCallback(async () => setRows(await page<QueueRow>("api/admin/finance_refund/refund_order", { pageSize: 50 })), []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const execute = async (row: QueueRow, pwd?: string) => {
    try {
      const answer = await request<{ status: string }>("api/admin/finance_refund/refund_order", { method: "POST", data: { id: row.id, password: pwd } });
      if (answer.data?.status === "refunded") toast.success(answer.msg ?? t("done"));
      else if (answer.data?.status === "refunding") toast.info(answer.msg ?? t("processing")); // the sweep asks again
      else toast.error(answer.msg ?? t("failed"));
      setAsking(null);
      setPassword("");
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
    await reload();
  };

  return (
    <div className="p-4" data-testid="finance-refund-screen">
      <Table data-testid="finance-refund-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t("afterSaleNo")}</TableHead>
            <TableHead>{t("orderNo")}</TableHead>
            <TableHead>{t("goods")}</TableHead>
            <TableHead>{t("amount")}</TableHead>
            <TableHead>{t("statusLabel")}</TableHead>
            <TableHead>{t("refundNo")}</TableHead>
            <TableHead>{t("actions")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
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
                {executable(row.status as AfterSaleStatus) && (
                  <Authorized perms="finance:refund:execute">
                    <Button size="sm" data-testid="finance-refund-execute" onClick={() => (row.passwordNeeded ? setAsking(row) : void execute(row))}>
                      {row.status === "refund_failed" ? t("do.retry") : t("do.execute")}
                    </Button>
                  </Authorized>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={asking !== null} onOpenChange={(next) => !next && setAsking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("passwordTitle")}</DialogTitle>
          </DialogHeader>
          <Input type="password" autoComplete="current-password" maxLength={64} data-testid="finance-refund-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button data-testid="finance-refund-confirm" disabled={!password} onClick={() => asking && void execute(asking, password)}>
            {t("confirm")}
          </Button>
        </DialogContent>
      </Dialog>
    </div>
  );
}
