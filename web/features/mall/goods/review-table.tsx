"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { useConfirm, useConfirmWords } from "@/components/confirm-provider";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/titled-dialog";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { StoredImage } from "@/components/upload/image-upload";
import type { components } from "@/lib/api/bff-types";
import type { components as CoreComponents } from "@/lib/api/core-types";
import { answer, bff, core } from "@/lib/api/core";
import { confirmText } from "@/lib/confirm-text";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { REVIEW_PAGE } from "./goods-logic";

type Review = "pending" | "approved" | "rejected";
type Row = components["schemas"]["GoodsRow"];
type Settle = CoreComponents["schemas"]["GoodsDetail"];

/** Nothing when the request layer refused (the user was told), else the call's answer. */
async function quietly<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof RequestError) return null;
    throw error;
  }
}

/**
 * Goods review (mall/review/index): the goods awaiting review (the first page comes with the screen; another
 * state or name reads the BFF screen again); the settle page; approve, or reject with a reason.
 */
export function ReviewTable({ initial }: { initial: Row[] }) {
  const t = useTranslations("mallGoods");
  const confirm = useConfirm();
  const words = useConfirmWords();
  const [review, setReview] = useState<Review>("pending");
  const [name, setName] = useState("");
  const [rows, setRows] = useState<Row[]>(initial);
  const [asked, setAsked] = useState<{ review: Review; name: string } | null>(null); // null: the screen's first page
  const [open, setOpen] = useState<Settle | null>(null);
  const [reason, setReason] = useState("");

  useEffect(() => {
    if (!asked) return;
    let live = true;
    const query = { review: asked.review, name: asked.name || undefined, pageSize: REVIEW_PAGE };
    void quietly(answer(bff.GET("/bff/screens/mall/review", { params: { query } }))).then((out) => {
      if (live && out) setRows(out.data.goods.data);
    });
    return () => {
      live = false;
    };
  }, [asked]);

  const reload = (next: { review?: Review; name?: string } = {}) => {
    const wanted = { review, name, ...next };
    setReview(wanted.review);
    setName(wanted.name);
    setAsked(wanted);
  };

  const show = async (id: number) => {
    const out = await quietly(answer(core.GET("/admin/shop/goods_mall/settle_page", { params: { query: { id } } })));
    if (out) {
      setReason("");
      setOpen(out.data);
    }
  };

  const decide = async (status: "approved" | "rejected") => {
    if (!open) return;
    if (status === "rejected" && !reason.trim()) return void toast.error(t("reasonRequired"));
    // a rejection names the item it sends back; cancelling sends nothing
    if (status === "rejected" && !(await confirm({ message: confirmText(words, { action: t("reject"), kind: "", names: [open.goods.name] }) }))) return;
    const out = await quietly(answer(core.POST("/admin/shop/goods_mall/aduit_data", { body: { id: open.goods.id, status, reason } })));
    if (out) {
      toast.success(out.msg ?? t("done"));
      setOpen(null);
    }
    reload();
  };

  return (
    <div className="space-y-3 p-4" data-testid="review-screen">
      <div className="flex flex-wrap items-center gap-2">
        {(["pending", "approved", "rejected"] as const).map((r) => (
          <Button key={r} size="sm" data-testid={`review-filter-${r}`} variant={review === r ? "default" : "outline"} onClick={() => reload({ review: r })}>
            {t(`review.${r}`)}
          </Button>
        ))}
        <Input className="w-48" placeholder={t("name")} value={name} onChange={(e) => reload({ name: e.target.value })} />
      </div>
      <HeadedTable data-testid="review-table" headers={[t("pics"), t("name"), t("shop"), t("category"), t("price"), t("stock"), t("reviewLabel"), t("operations")]}>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`review-row-${row.name}`}>
            <TableCell>
              <StoredImage path={row.pics.split(",")[0] ?? ""} alt={row.name} className="size-10 rounded object-cover" />
            </TableCell>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.shopName}</TableCell>
            <TableCell>{row.categoryName}</TableCell>
            <TableCell>¥{fenToYuan(row.priceFen)}</TableCell>
            <TableCell>{row.stock}</TableCell>
            <TableCell>
              {t(`review.${row.review}`)}
              {row.reviewReason && <div className="text-xs text-muted-foreground">{row.reviewReason}</div>}
            </TableCell>
            <TableCell>
              <Button size="sm" variant="link" data-testid="review-open" onClick={() => void show(row.id)}>
                {row.review === "pending" ? t("audit") : t("view")}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </HeadedTable>
      <TitledDialog open={open !== null} onClose={() => setOpen(null)} title={open?.goods.name} className="max-w-3xl">
        {open && (
          <div className="space-y-3" data-testid="settle-page">
            <p className="text-sm text-muted-foreground">
              {open.goods.shopName} · {open.goods.categoryName} · {open.goods.subtitle}
            </p>
            <div className="flex gap-2">
              {open.goods.pics
                .split(",")
                .filter(Boolean)
                .map((p) => (
                  <StoredImage key={p} path={p} alt={open.goods.name} className="size-16 rounded object-cover" />
                ))}
            </div>
            <HeadedTable headers={[t("spec"), t("price"), t("stock"), t("code")]}>
              {open.skus.map((s) => (
                <TableRow key={s.id} data-testid="settle-sku">
                  <TableCell>{s.spec || t("single")}</TableCell>
                  <TableCell>¥{fenToYuan(s.priceFen)}</TableCell>
                  <TableCell>{s.stock}</TableCell>
                  <TableCell>{s.code}</TableCell>
                </TableRow>
              ))}
            </HeadedTable>
            {open.goods.review === "pending" && (
              <Authorized perms={["mall:review:audit"]}>
                <Textarea data-testid="review-reason" placeholder={t("rejectReason")} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
                <div className="flex gap-2">
                  <Button data-testid="review-approve" onClick={() => void decide("approved")}>
                    {t("approve")}
                  </Button>
                  <Button variant="destructive" data-testid="review-reject" onClick={() => void decide("rejected")}>
                    {t("reject")}
                  </Button>
                </div>
              </Authorized>
            )}
          </div>
        )}
      </TitledDialog>
    </div>
  );
}
