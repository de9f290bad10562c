"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { goodsIds } from "../content-logic";

type Entry = components["schemas"]["AdGoodsRow"];

const PERM = "mall:adCategory";

/**
 * The hidden sub-page mall/adCategory/goods (spec 001 §2.16): the goods of one ad category with their sort
 * numbers and status; adding goods of the category's shop by id, editing a sort number, showing or hiding an
 * entry. The category list itself is the declared resource's standard screen (mall/adCategory/index).
 */
export function AdGoods({ categoryId, data }: { categoryId: number; data: components["schemas"]["AdGoodsScreen"] }) {
  const t = useTranslations("mallAdGoods");
  const router = useRouter();
  const { rows, total } = data.goods;
  const [ids, setIds] = useState("");
  const [sorts, setSorts] = useState<Record<number, string>>({});

  // a change goes to the core, then the screen is read again (its server half: /bff/screens/mall/ad/goods)
  const run = async (pending: Promise<{ data?: { msg?: string }; error?: unknown; response: Response }>) => {
    try {
      toast.success((await answer(pending)).msg ?? t("done"));
      setSorts({});
      router.refresh();
    } catch (failure) {
      if (!(failure instanceof RequestError)) throw failure;
    }
  };

  const add = () => {
    const wanted = goodsIds(ids);
    if (!wanted) return void toast.error(t("badIds"));
    setIds("");
    void run(core.GET("/admin/shopAd_category/add_goods", { params: { query: { categoryId, goodsIds: wanted } } }));
  };

  const saveSort = (entry: Entry) => {
    const sort = Number(sorts[entry.id]);
    if (!Number.isInteger(sort) || sort < 0 || sort > 9999) return void toast.error(t("badSort"));
    void run(core.POST("/admin/shopAd_category/edit_goods", { body: { id: entry.id, sort } }));
  };

  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">{t("count", { total })}</span>
        <Authorized perms={[`${PERM}:goods`]}>
          <Input aria-label={t("goodsIds")} placeholder={t("goodsIdsHint")} className="w-72" value={ids} onChange={(e) => setIds(e.target.value)} />
          <Button size="sm" onClick={add} data-testid="ad-add-goods">
            {t("add")}
          </Button>
        </Authorized>
      </div>
      <HeadedTable aria-label={t("title")} headers={[t("goodsId"), t("name"), t("price"), t("stock"), t("sort"), t("status"), t("actions")]} empty={rows.length === 0 && t("empty")}>
        {rows.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>{entry.goodsId}</TableCell>
            <TableCell>{entry.goodsName}</TableCell>
            <TableCell>{fenToYuan(entry.priceFen)}</TableCell>
            <TableCell>{entry.stock}</TableCell>
            <TableCell>
              <Input
                aria-label={t("sort")}
                className="w-20"
                type="number"
                min={0}
                max={9999}
                value={sorts[entry.id] ?? String(entry.sort)}
                onChange={(e) => setSorts({ ...sorts, [entry.id]: e.target.value })}
              />
            </TableCell>
            <TableCell>
              <Badge variant={entry.status === "1" ? "success" : "outline"}>{entry.status === "1" ? t("shown") : t("hidden")}</Badge>
            </TableCell>
            <TableCell className="flex gap-2">
              <Authorized perms={[`${PERM}:goods`]}>
                <Button size="sm" variant="outline" disabled={sorts[entry.id] === undefined} onClick={() => saveSort(entry)}>
                  {t("saveSort")}
                </Button>
              </Authorized>
              <Authorized perms={[`${PERM}:status`]}>
                <Button size="sm" variant="outline" onClick={() => void run(core.GET("/admin/shopAd_category/change_status", { params: { query: { id: entry.id, target: "goods" } } }))}>
                  {entry.status === "1" ? t("hide") : t("show")}
                </Button>
              </Authorized>
            </TableCell>
          </TableRow>
        ))}
      </HeadedTable>
    </div>
  );
}

/** Shown when the page is opened without a category (?id=). */
export function NoCategory() {
  const t = useTranslations("mallAdGoods");
  return <p className="p-4 text-sm text-muted-foreground">{t("noCategory")}</p>;
}
