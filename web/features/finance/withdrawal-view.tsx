"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { BanknoteIcon, CheckIcon, EyeIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowActions } from "@/components/data-table/operations";
import { QueryDictSelect, QueryField } from "@/components/data-table/query-panel";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/titled-dialog";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import type { components as CoreComponents } from "@/lib/api/core-types";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { actionsFor } from "./finance-logic";
import { LEDGER_FILTERS, LEDGER_KINDS, WITHDRAWAL_FILTERS, WITHDRAWAL_STATUSES, withdrawalParsers } from "./query";

type Withdrawal = components["schemas"]["WithdrawalRow"];
type LedgerEntry = components["schemas"]["LedgerEntry"];
type Detail = CoreComponents["schemas"]["WithdrawalDetail"];

/** What a confirmation names: the withdrawal, its applicant (user and payee) and the amount in yuan. */
const whoAndHowMuch = (row: Withdrawal) => ({ withdrawNo: row.withdrawNo, uid: row.uid, payee: row.payeeName, amount: fenToYuan(row.amountFen) });

const PERM = { approve: "finance:withdrawal:approve", reject: "finance:withdrawal:edit", pay: "finance:withdrawal:pay" } as const;
type Action = keyof typeof PERM;

/** A withdrawal's own ledger, in its detail. */
function LedgerTable({ rows }: { rows: LedgerEntry[] }) {
  const t = useTranslations("withdrawal");
  return (
    <HeadedTable data-testid="withdrawal-detail-ledger" headers={[t("time"), t("uid"), t("kind"), t("availableDelta"), t("frozenDelta"), t("availableAfter"), t("frozenAfter"), t("actor"), t("remark")]}>
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

const ledgerHelper = createColumnHelper<Features, LedgerEntry>();
const LEDGER_CHOICES = ["createTime", "uid", "kind", "availableDelta", "frozenDelta", "availableAfter", "frozenAfter", "actor", "remark"] as const;
const LEDGER_LABELS: Record<(typeof LEDGER_CHOICES)[number], string> = { createTime: "time", uid: "uid", kind: "kind", availableDelta: "availableDelta", frozenDelta: "frozenDelta", availableAfter: "availableAfter", frozenAfter: "frozenAfter", actor: "actor", remark: "remark" };

/** The ledger tab as a list of its own in the same URL: its page, size and kind are ledgerPage, ledgerPageSize and ledgerKind. */
function ledgerListOf(list: ReturnType<typeof useList<typeof withdrawalParsers>>) {
  const setQuery = ({ pageNum, pageSize, ...rest }: Record<string, unknown>) =>
    list.setQuery({ ...rest, ...(pageNum === undefined ? {} : { ledgerPage: pageNum as number }), ...(pageSize === undefined ? {} : { ledgerPageSize: pageSize as number }) });
  return { ...list, query: { ...list.query, pageNum: list.query.ledgerPage, pageSize: list.query.ledgerPageSize }, setQuery };
}

/** The wallets' ledger (every user's, or the user filtered in the queue), newest first, a page at a time. */
function LedgerList({ list, data }: { list: ReturnType<typeof useList<typeof withdrawalParsers>>; data: components["schemas"]["LedgerPage"] }) {
  const t = useTranslations("withdrawal");
  const ledger = ledgerListOf(list);
  const draft = useQueryDraft(ledger.query, LEDGER_FILTERS, ledger.setQuery);
  const columns = useMemo(() => {
    const money = (key: "availableDelta" | "frozenDelta" | "availableAfter" | "frozenAfter") => ledgerHelper.accessor(key, { header: t(key), cell: (info) => fenToYuan(info.getValue()) });
    return ledgerHelper.columns([
      ledgerHelper.accessor("createTime", { header: t("time") }),
      ledgerHelper.accessor("uid", { header: t("uid") }),
      ledgerHelper.accessor("kind", { header: t("kind"), cell: (info) => t(`kinds.${info.getValue()}`) }),
      money("availableDelta"),
      money("frozenDelta"),
      money("availableAfter"),
      money("frozenAfter"),
      ledgerHelper.accessor("actor", { header: t("actor") }),
      ledgerHelper.accessor("remark", { header: t("remark") }),
    ]);
  }, [t]);
  const choices = useMemo(() => LEDGER_CHOICES.map((id) => ({ id, label: t(LEDGER_LABELS[id]) })), [t]);
  const query = useMemo(() => [{ kind: "dict" as const, name: "ledgerKind", label: t("kind"), options: LEDGER_KINDS.map((k) => ({ dictValue: k, dictLabel: t(`kinds.${k}`) })) }], [t]);
  return (
    <ListFrame
      testId="withdrawal-ledger"
      tableTestId="ledger-table"
      list={ledger}
      draft={draft}
      query={query}
      columns={columns}
      choices={choices}
      page={data}
      rowKey="id"
      rowAttributes={(row) => ({ "data-kind": row.kind })}
    />
  );
}

const helper = createColumnHelper<Features, Withdrawal>();
const CHOICES = ["withdrawNo", "uid", "amountFen", "payee", "status", "approvers", "applyTime"] as const;
const ICONS = { approve: <CheckIcon />, reject: <XIcon />, pay: <BanknoteIcon /> } as const;

/** Withdrawals (finance/withdrawal/index): the queue in the list frame, approve / reject / pay after a confirmation naming the applicant and the amount, a detail, the ledger paged in the frame. */
export function WithdrawalView({ data }: { data: components["schemas"]["WithdrawalScreen"] }) {
  const t = useTranslations("withdrawal");
  const confirm = useConfirm();
  const list = useList(withdrawalParsers);
  const draft = useQueryDraft(list.query, WITHDRAWAL_FILTERS, list.setQuery);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [asking, setAsking] = useState<{ row: Withdrawal; action: Action } | null>(null);
  const [text, setText] = useState("");
  const { refresh } = list;

  const send = async (row: Withdrawal, action: Action, extra: { remark?: string; password?: string } = {}) => {
    try {
      const result = await answer(core.POST("/admin/CommonConfig/edit_withdrawal", { body: { id: row.id, action, ...extra } }));
      toast.success(result.msg ?? t("done"));
      setAsking(null);
      setText("");
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
    refresh();
  };

  // money and irreversible steps: approve and pay ask first (the applicant, the amount); reject asks for its reason in a dialog that names them
  const start = async (row: Withdrawal, action: Action) => {
    if (action !== "reject" && !(await confirm({ message: t(`ask.${action}`, whoAndHowMuch(row)) }))) return;
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

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("withdrawNo", { header: t("withdrawNo"), meta: { className: "font-mono text-xs" } }),
        helper.accessor("uid", { header: t("uid") }),
        helper.accessor("amountFen", {
          header: t("amount"),
          cell: ({ row }) => (
            <>
              ¥{fenToYuan(row.original.amountFen)}
              {row.original.needsSecond && <span className="text-muted-foreground ml-1 text-xs">{t("large")}</span>}
            </>
          ),
        }),
        helper.accessor((row) => `${row.payeeName} ${row.payeeAccount} (${t(`channels.${row.channel}`)})`, { id: "payee", header: t("payee") }),
        helper.accessor("status", {
          header: t("statusLabel"),
          cell: ({ row }) => (
            <>
              <Badge variant={row.original.status === "failed" || row.original.status === "rejected" ? "danger" : row.original.status === "paid" ? "success" : "warning"}>{t(`status.${row.original.status}`)}</Badge>
              {row.original.reason && <span className="text-muted-foreground ml-1 text-xs">{row.original.reason}</span>}
            </>
          ),
        }),
        helper.accessor((row) => [row.approver1, row.approver2].filter(Boolean).join(" / "), { id: "approvers", header: t("approvers"), meta: { className: "text-xs" } }),
        helper.accessor("applyTime", { header: t("applyTime") }),
        helper.display({
          id: "operations",
          header: t("actions"),
          meta: { fixed: true },
          cell: ({ row }) => (
            <RowActions
              actions={[
                { perms: "finance:withdrawal:query", testId: "withdrawal-detail", icon: <EyeIcon />, label: t("detail"), onClick: () => void open(row.original) },
                ...actionsFor(row.original.status).map((action) => ({ perms: PERM[action], testId: `withdrawal-${action}`, icon: ICONS[action], label: t(`do.${action}`), onClick: () => void start(row.original, action) })),
              ]}
            />
          ),
        }),
      ]),
    // start and open read the latest confirm and refresh: both stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  const choices = useMemo(() => CHOICES.map((id) => ({ id, label: t(id === "amountFen" ? "amount" : id === "status" ? "statusLabel" : id) })), [t]);
  const statuses = useMemo(() => WITHDRAWAL_STATUSES.map((s) => ({ dictValue: s, dictLabel: t(`status.${s}`) })), [t]);

  return (
    <div className="p-4" data-testid="withdrawal-screen">
      <Tabs defaultValue={list.query.ledgerPage > 1 || list.query.ledgerKind ? "ledger" : "queue"}>
        <TabsList>
          <TabsTrigger value="queue">{t("queue")}</TabsTrigger>
          <TabsTrigger value="ledger" data-testid="ledger-tab">
            {t("ledger")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="queue">
          <ListFrame
            testId="withdrawal-queue"
            tableTestId="withdrawal-table"
            list={list}
            draft={draft}
            filters={
              <>
                <QueryDictSelect label={t("statusLabel")} name="status" value={draft.draft.status ?? ""} onChange={(v) => draft.set("status", v)} options={statuses} />
                <QueryField label={t("uid")}>
                  <Input className="h-8" data-testid="withdrawal-uid" inputMode="numeric" placeholder={t("uid")} value={draft.draft.uid ?? ""} onChange={(e) => draft.set("uid", e.target.value.replace(/\D/g, ""))} />
                </QueryField>
              </>
            }
            columns={columns}
            choices={choices}
            rows={data.queue.rows}
            total={data.queue.total}
            rowKey="id"
            rowAttributes={(row) => ({ "data-testid": `withdrawal-row-${row.withdrawNo}`, "data-status": row.status })}
          />
        </TabsContent>
        <TabsContent value="ledger">
          <LedgerList list={list} data={data.ledger} />
        </TabsContent>
      </Tabs>

      <TitledDialog open={asking !== null} onClose={() => setAsking(null)} title={asking?.action === "reject" ? t("rejectTitle") : t("passwordTitle")}>
        {asking && (
          <p className="text-sm" data-testid="withdrawal-dialog-subject">
            {t("subject", whoAndHowMuch(asking.row))}
          </p>
        )}
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
