"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useList } from "@/components/data-table/use-list";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { AFTER_SALE_STATUSES, type Decision, decisionBody, decisionsFor, statusBadge } from "./aftersale-logic";
import { afterSaleParsers } from "./query";

type AfterSaleRow = components["schemas"]["AfterSaleRow"];

/** After-sales (order/afterSale/index): status tabs with counts, and the decide dialog (approve, reject, receive). */
export function AfterSaleView({ data }: { data: components["schemas"]["AfterSaleScreen"] }) {
  const t = useTranslations("orderAfterSale");
  const list = useList(afterSaleParsers);
  const status = list.query.status ?? "";
  const setStatus = (next: (typeof AFTER_SALE_STATUSES)[number] | "") => list.setQuery({ status: next || null });
  const { rows, counts } = data;
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

  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <div className="p-4" data-testid="aftersale-screen">
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
      <Table data-testid="aftersale-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t("afterSaleNo")}</TableHead>
            <TableHead>{t("orderNo")}</TableHead>
            <TableHead>{t("goods")}</TableHead>
            <TableHead>{t("kindLabel")}</TableHead>
            <TableHead>{t("amount")}</TableHead>
            <TableHead>{t("reason")}</TableHead>
            <TableHead>{t("statusLabel")}</TableHead>
            <TableHead>{t("createTime")}</TableHead>
            <TableHead>{t("actions")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`aftersale-row-${row.afterSaleNo}`} data-status={row.status}>
              <TableCell className="font-mono text-xs">{row.afterSaleNo}</TableCell>
              <TableCell className="font-mono text-xs">{row.orderNo}</TableCell>
              <TableCell>
                {row.goodsName} {row.spec} × {row.quantity}
              </TableCell>
              <TableCell>{t(`kind.${row.kind}`)}</TableCell>
              <TableCell>¥{fenToYuan(row.amountFen)}</TableCell>
              <TableCell className="text-xs">
                {row.reason}
                {row.trackingNo && (
                  <div className="text-muted-foreground">
                    {row.carrier} {row.trackingNo}
                  </div>
                )}
              </TableCell>
              <TableCell>
                <Badge variant={statusBadge(row.status)}>{t(`status.${row.status}`)}</Badge>
                {row.rejectReason && <div className="text-muted-foreground text-xs">{row.rejectReason}</div>}
              </TableCell>
              <TableCell>{row.createTime}</TableCell>
              <TableCell className="flex gap-1">
                {decisionsFor(row.status).map((action) => (
                  <Authorized key={action} perms="order:afterSale:refund">
                    <Button
                      size="sm"
                      variant={action === "reject" ? "outline" : "default"}
                      data-testid={`aftersale-${action}`}
                      onClick={() => {
                        setReason("");
                        setSellable(true);
                        setAsking({ row, action });
                      }}
                    >
                      {t(`do.${action}`)}
                    </Button>
                  </Authorized>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Dialog open={asking !== null} onOpenChange={(next) => !next && setAsking(null)}>
        <DialogContent data-testid="aftersale-dialog">
          <DialogHeader>
            <DialogTitle>
              {asking && t(`do.${asking.action}`)} {asking?.row.afterSaleNo}
            </DialogTitle>
          </DialogHeader>
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
        </DialogContent>
      </Dialog>
    </div>
  );
}
