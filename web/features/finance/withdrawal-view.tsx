"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/titled-dialog";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useList } from "@/components/data-table/use-list";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import type { components as CoreComponents } from "@/lib/api/core-types";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { actionsFor, type WithdrawalStatus } from "./finance-logic";
import { WITHDRAWAL_STATUSES, withdrawalParsers } from "./query";

type Withdrawal = components["schemas"]["WithdrawalRow"];
type LedgerEntry = components["schemas"]["LedgerEntry"];
type Detail = CoreComponents["schemas"]["WithdrawalDetail"];

const PERM = { approve: "finance:withdrawal:approve", reject: "finance:withdrawal:edit", pay: "finance:withdrawal:pay" } as const;
type Action = keyof typeof PERM;

function LedgerTable({ rows }: { rows: LedgerEntry[] }) {
  const t = useTranslations("withdrawal");
  return (
    <HeadedTable data-testid="ledger-table" headers={[t("time"), t("uid"), t("kind"), t("availableDelta"), t("frozenDelta"), t("availableAfter"), t("frozenAfter"), t("actor"), t("remark")]}>
      {rows.map((e) => (
        <TableRow key={e.id} data-kind={e.kind}>
          <TableCell>{e.createTime}</TableCell>
          <TableCell>{e.uid}</TableCell>
          <TableCell>{t(`kinds.${e.kind}`)}</TableCell>
          <TableCell>{fenToYuan(e.availableDelta)}</TableCell>
          <TableCell>{fenToYuan(e.frozenDelta)}</TableCell>
          <TableCell>{fenToYuan(e.availableAfter)}</TableCell>
          <TableCell>{fenToYuan(e.frozenAfter)}</TableCell>
          <TableCell>{e.actor}</TableCell>
          <TableCell>{e.remark}</TableCell>
        </TableRow>
      ))}
    </HeadedTable>
  );
}

/** Withdrawals (finance/withdrawal/index): the queue by status, approve / reject / pay, a detail, the ledger. */
export function WithdrawalView({ data }: { data: components["schemas"]["WithdrawalScreen"] }) {
  const t = useTranslations("withdrawal");
  const list = useList(withdrawalParsers);
  const status = list.query.status ?? "";
  const [uid, setUid] = useState(list.query.uid);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [asking, setAsking] = useState<{ row: Withdrawal; action: Action } | null>(null);
  const [text, setText] = useState("");
  const rows = data.queue.rows;

  const setStatus = (next: WithdrawalStatus | "") => list.setQuery({ status: next || null });
  const filterUid = (value: string) => {
    setUid(value);
    list.setQuery({ uid: /^\d+$/.test(value) ? value : "" });
  };

  const send = async (row: Withdrawal, action: Action, extra: { remark?: string; password?: string } = {}) => {
    try {
      const result = await answer(core.POST("/admin/CommonConfig/edit_withdrawal", { body: { id: row.id, action, ...extra } }));
      toast.success(result.msg ?? t("done"));
      setAsking(null);
      setText("");
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
    list.refresh();
  };

  const start = (row: Withdrawal, action: Action) => {
    if (action === "reject" || (action === "pay" && row.needsSecond)) {
      setText("");
      setAsking({ row, action });
    } else {
      void send(row, action);
    }
  };

  const open = async (row: Withdrawal) => {
    try {
      const result = await answer(core.GET("/admin/CommonConfig/withdrawal_detail", { params: { query: { id: row.id } } }));
      setDetail(result.data);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };

  return (
    <div className="p-4" data-testid="withdrawal-screen">
      <Tabs defaultValue="queue">
        <TabsList>
          <TabsTrigger value="queue">{t("queue")}</TabsTrigger>
          <TabsTrigger value="ledger" data-testid="ledger-tab">
            {t("ledger")}
          </TabsTrigger>
        </TabsList>
        <div className="my-3 flex flex-wrap items-center gap-2">
          <Button size="sm" variant={status === "" ? "default" : "outline"} onClick={() => setStatus("")}>
            {t("all")}
          </Button>
          {WITHDRAWAL_STATUSES.map((s) => (
            <Button key={s} size="sm" data-testid={`withdrawal-filter-${s}`} variant={status === s ? "default" : "outline"} onClick={() => setStatus(s)}>
              {t(`status.${s}`)}
            </Button>
          ))}
          <Input className="w-40" data-testid="withdrawal-uid" placeholder={t("uid")} value={uid} onChange={(e) => filterUid(e.target.value)} />
        </div>
        <TabsContent value="queue">
          <HeadedTable data-testid="withdrawal-table" headers={[t("withdrawNo"), t("uid"), t("amount"), t("payee"), t("statusLabel"), t("approvers"), t("applyTime"), t("actions")]}>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid={`withdrawal-row-${row.withdrawNo}`} data-status={row.status}>
                <TableCell className="font-mono text-xs">{row.withdrawNo}</TableCell>
                <TableCell>{row.uid}</TableCell>
                <TableCell>
                  ¥{fenToYuan(row.amountFen)}
                  {row.needsSecond && <span className="text-muted-foreground ml-1 text-xs">{t("large")}</span>}
                </TableCell>
                <TableCell>
                  {row.payeeName} {row.payeeAccount} ({t(`channels.${row.channel}`)})
                </TableCell>
                <TableCell>
                  <Badge variant={row.status === "failed" || row.status === "rejected" ? "danger" : row.status === "paid" ? "success" : "warning"}>{t(`status.${row.status}`)}</Badge>
                  {row.reason && <div className="text-muted-foreground text-xs">{row.reason}</div>}
                </TableCell>
                <TableCell className="text-xs">{[row.approver1, row.approver2].filter(Boolean).join(" / ")}</TableCell>
                <TableCell>{row.applyTime}</TableCell>
                <TableCell className="flex gap-1">
                  <Button size="sm" variant="ghost" data-testid="withdrawal-detail" onClick={() => void open(row)}>
                    {t("detail")}
                  </Button>
                  {actionsFor(row.status).map((action) => (
                    <Authorized key={action} perms={PERM[action]}>
                      <Button size="sm" variant={action === "reject" ? "outline" : "default"} data-testid={`withdrawal-${action}`} onClick={() => start(row, action)}>
                        {t(`do.${action}`)}
                      </Button>
                    </Authorized>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        </TabsContent>
        <TabsContent value="ledger">
          <LedgerTable rows={data.ledger.rows} />
        </TabsContent>
      </Tabs>

      <TitledDialog open={asking !== null} onClose={() => setAsking(null)} title={asking?.action === "reject" ? t("rejectTitle") : t("passwordTitle")}>
        <Input
          data-testid="withdrawal-dialog-input"
          type={asking?.action === "reject" ? "text" : "password"}
          autoComplete={asking?.action === "reject" ? "off" : "current-password"}
          maxLength={asking?.action === "reject" ? 200 : 64}
          placeholder={asking?.action === "reject" ? t("reasonHint") : t("passwordHint")}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          data-testid="withdrawal-dialog-confirm"
          disabled={!text.trim()}
          onClick={() => asking && void send(asking.row, asking.action, asking.action === "reject" ? { remark: text.trim() } : { password: text })}
        >
          {t("confirm")}
        </Button>
      </TitledDialog>

      <TitledDialog open={detail !== null} onClose={() => setDetail(null)} title={<>{t("detail")} {detail?.withdrawNo}</>} className="sm:max-w-4xl" data-testid="withdrawal-detail-dialog">
        {detail && (
          <div className="grid gap-3 text-sm">
            <div className="flex flex-wrap gap-4">
              <span>¥{fenToYuan(detail.amountFen)}</span>
              <span>{t(`status.${detail.status}`)}</span>
              <span data-testid="withdrawal-balances">
                {t("balances", { available: fenToYuan(detail.wallet?.availableFen ?? 0), frozen: fenToYuan(detail.wallet?.frozenFen ?? 0) })}
              </span>
              {detail.payoutNo && <span>{t("payoutNo", { no: detail.payoutNo })}</span>}
            </div>
            <LedgerTable rows={detail.ledger} />
          </div>
        )}
      </TitledDialog>
    </div>
  );
}
