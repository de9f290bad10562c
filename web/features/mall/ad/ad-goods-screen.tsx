"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { EyeIcon, EyeOffIcon, SaveIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowActions } from "@/components/data-table/operations";
import { useList } from "@/components/data-table/use-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { goodsIds } from "../content-logic";
import { adGoodsParsers } from "./query";

type Entry = components["schemas"]["AdGoodsRow"];

const PERM = "mall:adCategory";
const helper = createColumnHelper<Features, Entry>();
const CHOICES = ["goodsId", "goodsName", "priceFen", "stock", "sort", "status"] as const;
const LABELS = { goodsId: "goodsId", goodsName: "name", priceFen: "price", stock: "stock", sort: "sort", status: "status" } as const;

/**
 * The hidden sub-page mall/adCategory/goods (spec 001 §2.16): the goods of one ad category with their sort
 * numbers and status; adding goods of the category's shop by id, editing a sort number, showing or hiding an
 * entry, in the list frame (paged through the URL). The category list itself is the declared resource's standard screen (mall/adCategory/index).
 */
export function AdGoods({ categoryId, data }: { categoryId: number; data: components["schemas"]["AdGoodsScreen"] }) {
  const t = useTranslations("mallAdGoods");
  const { total } = data.goods;
  const list = useList(adGoodsParsers);
  const [ids, setIds] = useState("");
  // the sort numbers edited and not yet saved, by entry id (read when 保存排序 runs)
  const sorts = useRef<Record<number, string>>({});

  // a change goes to the core, then the screen is read again (its server half: /bff/screens/mall/ad/goods)
  const run = async (pending: Promise<{ data?: { msg?: string }; error?: unknown; response: Response }>) => {
    try {
      toast.success((await answer(pending)).msg ?? t("done"));
      sorts.current = {};
      list.refresh();
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
    const sort = Number(sorts.current[entry.id] ?? entry.sort);
    if (!Number.isInteger(sort) || sort < 0 || sort > 9999) return void toast.error(t("badSort"));
    void run(core.POST("/admin/shopAd_category/edit_goods", { body: { id: entry.id, sort } }));
  };

  const toggle = (entry: Entry) => void run(core.GET("/admin/shopAd_category/change_status", { params: { query: { id: entry.id, target: "goods" } } }));

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("goodsId", { header: t("goodsId") }),
        helper.accessor("goodsName", { header: t("name") }),
        helper.accessor("priceFen", { header: t("price"), cell: (info) => fenToYuan(info.getValue()) }),
        helper.accessor("stock", { header: t("stock") }),
        helper.accessor("sort", {
          header: t("sort"),
          cell: ({ row: { original: entry } }) => <SortInput entry={entry} label={t("sort")} onChange={(value) => (sorts.current[entry.id] = value)} />,
        }),
        helper.accessor("status", {
          header: t("status"),
          cell: (info) => <Badge variant={info.getValue() === "1" ? "success" : "outline"}>{info.getValue() === "1" ? t("shown") : t("hidden")}</Badge>,
        }),
        helper.display({
          id: "operations",
          header: t("actions"),
          meta: { fixed: true },
          cell: ({ row: { original: entry } }) => (
            <RowActions
              actions={[
                { perms: `${PERM}:goods`, testId: "ad-save-sort", icon: <SaveIcon />, label: t("saveSort"), onClick: () => saveSort(entry) },
                { perms: `${PERM}:status`, testId: "ad-toggle", icon: entry.status === "1" ? <EyeOffIcon /> : <EyeIcon />, label: entry.status === "1" ? t("hide") : t("show"), onClick: () => toggle(entry) },
              ]}
            />
          ),
        }),
      ]),
    // saveSort and toggle read the latest sorts and refresh through refs: stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  const choices = useMemo(() => CHOICES.map((id) => ({ id, label: t(LABELS[id]) })), [t]);

  return (
    <div className="p-4">
      <ListFrame
        testId="ad-goods"
        list={list}
        columns={columns}
        choices={choices}
        page={data.goods}
        rowKey="id"
        empty={t("empty")}
        rowAttributes={(row) => ({ "data-goods": String(row.goodsId), "data-status": row.status })}
        filters={<span className="text-muted-foreground text-sm">{t("count", { total })}</span>}
        buttons={
          <Authorized perms={[`${PERM}:goods`]}>
            <Input aria-label={t("goodsIds")} placeholder={t("goodsIdsHint")} className="h-8 w-72" value={ids} onChange={(e) => setIds(e.target.value)} />
            <Button size="sm" onClick={add} data-testid="ad-add-goods">
              {t("add")}
            </Button>
          </Authorized>
        }
      />
    </div>
  );
}

/** An entry's sort number, edited in place and saved by the row's 保存排序 (kept by entry id while the page is shown). */
function SortInput({ entry, label, onChange }: { entry: Entry; label: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(String(entry.sort));
  return (
    <Input
      aria-label={label}
      className="h-8 w-20"
      type="number"
      min={0}
      max={9999}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onChange(e.target.value);
      }}
    />
  );
}

/** Shown when the page is opened without a category (?id=). */
export function NoCategory() {
  const t = useTranslations("mallAdGoods");
  return <p className="p-4 text-sm text-muted-foreground">{t("noCategory")}</p>;
}
