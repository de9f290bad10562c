"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import QRCode from "qrcode";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useTransition } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SectionCard } from "@/components/headed-table";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { fenToYuan } from "@/lib/money";
import type { components as BffComponents } from "@/lib/api/bff-types";
import { answer, core, done } from "@/lib/api/core";
import type { components } from "@/lib/api/core-types";
import { RequestError } from "@/lib/request";
import { countdown, payCodeFen, secondsLeft } from "./finance-logic";
import { PAY_CODE_FILTERS, PAY_CODE_STATUSES, payCodeParsers } from "./query";

type PayCode = components["schemas"]["PayCode"];

const helper = createColumnHelper<Features, BffComponents["schemas"]["PayCodeRow"]>();
const CHOICES = ["orderNo", "amountFen", "subject", "status", "createTime", "paidAt"] as const;
const STATUS_VARIANT = { pending: "warning", paid: "success", expired: "outline", closed: "outline" } as const;

/** Pay codes (finance/payCode/index): amount and subject → the QR image, amount, expiry; polled until paid; the recent codes paged in the list frame. */
export function PayCodeView({ data: list }: { data: BffComponents["schemas"]["PayCodeScreen"] }) {
  const t = useTranslations("payCode");
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [amount, setAmount] = useState("");
  const [subject, setSubject] = useState("");
  const [current, setCurrent] = useState<PayCode | null>(null);
  const [image, setImage] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const [deadline, setDeadline] = useState(0);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => startTransition(() => router.refresh()), [router]);
  const codes = useList(payCodeParsers);
  const draft = useQueryDraft(codes.query, PAY_CODE_FILTERS, codes.setQuery);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("orderNo", { header: t("orderNo"), meta: { className: "font-mono text-xs" } }),
        helper.accessor("amountFen", { header: t("amount"), cell: (info) => `¥${fenToYuan(info.getValue())}` }),
        helper.accessor("subject", { header: t("subject") }),
        helper.accessor("status", {
          header: t("statusLabel"),
          cell: ({ row }) => (
            <>
              <Badge variant={STATUS_VARIANT[row.original.status]}>{t(`status.${row.original.status}`)}</Badge>
              {row.original.paidLate && <span className="text-muted-foreground ml-1 text-xs">{t("late")}</span>}
            </>
          ),
        }),
        helper.accessor("createTime", { header: t("createTime") }),
        helper.accessor((row) => row.paidAt ?? "-", { id: "paidAt", header: t("paidAt") }),
      ]),
    [t],
  );
  const choices = useMemo(() => CHOICES.map((id) => ({ id, label: t(id === "amountFen" ? "amount" : id === "status" ? "statusLabel" : id) })), [t]);
  const query = useMemo(() => [{ kind: "dict" as const, name: "status", label: t("statusLabel"), options: PAY_CODE_STATUSES.map((s) => ({ dictValue: s, dictLabel: t(`status.${s}`) })) }], [t]);

  useEffect(() => {
    if (!current?.codeUrl) return;
    void QRCode.toDataURL(current.codeUrl, { width: 240, margin: 1 }).then(setImage);
  }, [current?.codeUrl]);

  const orderNo = current?.orderNo;
  const pending = current?.status === "pending";
  useEffect(() => {
    if (!orderNo || !pending) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    const poll = setInterval(() => {
      void answer(core.GET("/admin/open/v1/pay_code/status", { params: { query: { orderNo } } }))
        .then(({ data }) => {
          if (data.status !== "pending") {
            setCurrent(data);
            reload();
          }
        })
        .catch(() => undefined);
    }, 2000);
    return () => {
      clearInterval(timer);
      clearInterval(poll);
    };
  }, [orderNo, pending, reload]);

  const create = async () => {
    const amountFen = payCodeFen(amount);
    if (!amountFen) {
      toast.error(t("badAmount"));
      return;
    }
    setBusy(true);
    try {
      const { data } = await answer(
        core.GET("/admin/open/v1/{provider}_pay_pc", { params: { path: { provider: list.provider }, query: { amountFen, subject: subject.trim() || undefined } } }),
      );
      setImage("");
      setCurrent(data);
      setNow(Date.now());
      setDeadline(Date.now() + data.secondsLeft * 1000);
      reload();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  const simulate = async () => {
    if (!current) return;
    await done(core.POST("/admin/open/v1/pay_code/simulate_paid", { body: { orderNo: current.orderNo } }));
  };

  const left = current ? secondsLeft(deadline, now) : 0;
  return (
    <div className="grid gap-4 p-4 lg:grid-cols-[22rem_1fr]" data-testid="pay-code-screen">
      <SectionCard className="min-w-0" title={t("title")} contentClassName="grid gap-3">
        <Label htmlFor="pay-code-amount">{t("amount")}</Label>
        <Input id="pay-code-amount" data-testid="pay-code-amount" inputMode="decimal" placeholder="0.00" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <Label htmlFor="pay-code-subject">{t("subject")}</Label>
        <Input id="pay-code-subject" data-testid="pay-code-subject" maxLength={32} placeholder={t("subjectHint")} value={subject} onChange={(e) => setSubject(e.target.value)} />
        <Button data-testid="pay-code-create" disabled={busy} onClick={() => void create()}>
          {t("create")}
        </Button>
        {current && (
          <div className="grid justify-items-center gap-2 border-t pt-3" data-testid="pay-code-current">
            {image && current.status === "pending" && <img src={image} alt={t("qrAlt")} width={240} height={240} data-testid="pay-code-qr" />}
            <div className="text-2xl font-semibold" data-testid="pay-code-shown-amount">
              ¥{fenToYuan(current.amountFen)}
            </div>
            <div className="text-muted-foreground text-sm">{current.subject}</div>
            {current.status === "pending" ? (
              <div className="text-sm" data-testid="pay-code-expiry">
                {t("expiresIn", { left: countdown(left), at: current.expiresAt })}
              </div>
            ) : (
              <Badge data-testid="pay-code-status" variant={STATUS_VARIANT[current.status]}>
                {t(`status.${current.status}`)}
              </Badge>
            )}
            {list.simulate && current.status === "pending" && (
              <Button size="sm" variant="outline" data-testid="pay-code-simulate" onClick={() => void simulate()}>
                {t("simulate")}
              </Button>
            )}
          </div>
        )}
      </SectionCard>
      {/* min-w-0: a grid item may shrink below its table's width, which then scrolls inside the card */}
      <ListFrame
        className="min-w-0"
        testId="pay-code-recent"
        tableTestId="pay-code-list"
        header={<h2 className="mb-3 font-semibold">{t("recent")}</h2>}
        list={codes}
        draft={draft}
        query={query}
        columns={columns}
        choices={choices}
        page={list}
        rowKey="orderNo"
        rowAttributes={(row) => ({ "data-status": row.status })}
      />
    </div>
  );
}
