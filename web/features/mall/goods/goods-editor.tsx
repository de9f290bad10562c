"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ImageUpload } from "@/components/upload/image-upload";
import { CategorySelect } from "@/features/mall/goods/category-picker";
import { ShopPicker } from "@/features/mall/shop/shop-picker";
import { fenToYuan, yuanToFen } from "@/lib/money";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import type { components as CoreComponents } from "@/lib/api/core-types";
import { RequestError } from "@/lib/request";
import { type ChosenSpec, combinations, MAX_ATTRS, MAX_SKUS, toggleValue } from "./goods-logic";

type EditPage = components["schemas"]["GoodsEditPage"];
type MallGoodsEdit = CoreComponents["schemas"]["MallGoodsEdit"];

interface Cell {
  price: string;
  stock: string;
  code: string;
  image: string;
}

const EMPTY_CELL: Cell = { price: "", stock: "0", code: "", image: "" };

/** The form's fields as typed: the stored item's, or a new item's defaults. */
function formOf(goods: EditPage["goods"]) {
  if (!goods) return { shopId: "", categoryId: "", name: "", subtitle: "", pics: "", detail: "", marketPrice: "", unit: "件", sort: "0" };
  return {
    shopId: String(goods.shopId),
    categoryId: String(goods.categoryId),
    name: goods.name,
    subtitle: goods.subtitle,
    pics: goods.pics,
    detail: goods.detail,
    marketPrice: goods.marketPriceFen ? fenToYuan(goods.marketPriceFen) : "",
    unit: goods.unit,
    sort: String(goods.sort),
  };
}

/**
 * The goods edit page (mall/goods/edit): the item, its pictures, its category and the SKU matrix editor, started
 * from the editor screen's answer; a save goes to the core and the screen is read again.
 */
export function GoodsEditor({ id: goodsId, page }: { id: number | null; page: EditPage }) {
  const t = useTranslations("mallGoods");
  const router = useRouter();
  const [form, setForm] = useState(() => formOf(page.goods));
  const [specs, setSpecs] = useState<ChosenSpec[]>(() => page.specs.map((s) => ({ attrId: s.attrId, valueIds: s.values.map((v) => v.id) })));
  const [cells, setCells] = useState<Record<string, Cell>>(() =>
    Object.fromEntries(page.skus.map((s) => [s.specKey, { price: fenToYuan(s.priceFen), stock: String(s.stock), code: s.code, image: s.image }])),
  );
  const [fill, setFill] = useState({ price: "", stock: "" });
  const [busy, setBusy] = useState(false);

  const rows = useMemo(() => combinations(specs, page.attrs), [specs, page]);
  const cell = (key: string) => cells[key] ?? EMPTY_CELL;
  const setCell = (key: string, patch: Partial<Cell>) => setCells((all) => ({ ...all, [key]: { ...(all[key] ?? EMPTY_CELL), ...patch } }));
  const chosenAttrs = specs.map((s) => s.attrId);

  const pick = (attrId: number, valueId: number) => {
    if (!chosenAttrs.includes(attrId) && chosenAttrs.length >= MAX_ATTRS) {
      toast.error(t("maxAttrs", { n: MAX_ATTRS }));
      return;
    }
    setSpecs((s) => toggleValue(s, attrId, valueId));
  };

  const applyFill = () =>
    setCells((all) => {
      const next = { ...all };
      for (const row of rows) next[row.key] = { ...(next[row.key] ?? EMPTY_CELL), ...(fill.price ? { price: fill.price } : {}), ...(fill.stock ? { stock: fill.stock } : {}) };
      return next;
    });

  const save = async () => {
    if (rows.length > MAX_SKUS) return void toast.error(t("maxSkus", { n: MAX_SKUS }));
    const skus = [];
    for (const row of rows) {
      const c = cell(row.key);
      const priceFen = yuanToFen(c.price);
      const stock = Number(c.stock);
      if (!priceFen || priceFen <= 0) return void toast.error(t("badPrice", { spec: row.spec || t("single") }));
      if (!/^\d+$/.test(c.stock.trim()) || !Number.isSafeInteger(stock)) return void toast.error(t("badStock", { spec: row.spec || t("single") }));
      skus.push({ valueIds: row.valueIds, priceFen, stock, code: c.code, image: c.image });
    }
    const marketPriceFen = yuanToFen(form.marketPrice);
    if (marketPriceFen === undefined) return void toast.error(t("badMarketPrice"));
    const categoryId = Number(form.categoryId);
    if (!categoryId) return void toast.error(t("pickCategory"));
    const body: MallGoodsEdit = {
      categoryId,
      name: form.name,
      subtitle: form.subtitle,
      pics: form.pics,
      detail: form.detail,
      marketPriceFen: marketPriceFen ?? 0,
      unit: form.unit,
      sort: Number(form.sort) || 0,
    };
    if (goodsId) {
      body.id = goodsId;
      body.version = page.goods?.version;
    } else if (page.ownShop == null) {
      body.shopId = Number(form.shopId) || undefined;
    }
    setBusy(true);
    try {
      const saved = await answer(core.POST("/admin/mall/shop/goods/add_edit", { body }));
      const savedId = saved.data.id;
      const specsAnswer = await answer(core.POST("/admin/mall/shop/goods/goods_crossing_attr", { body: { goodsId: savedId, specs, skus } }));
      toast.success(specsAnswer.msg ?? t("saved"));
      if (!goodsId) router.replace(`?id=${savedId}`);
      else router.refresh();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (goodsId) router.refresh(); // the item as stored now (someone else's save, or the first half of this one)
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!goodsId) return;
    try {
      const submitted = await answer(core.GET("/admin/mall/shop/goods/submit_review", { params: { query: { id: goodsId } } }));
      toast.success(submitted.msg ?? t("submitted"));
      router.refresh();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };

  const review = page.goods?.review;

  return (
    <div className="space-y-4 p-4" data-testid="goods-edit">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            {goodsId ? t("editTitle", { id: goodsId }) : t("newTitle")}
            {review && (
              <Badge data-testid="goods-review" variant={review === "approved" ? "success" : review === "rejected" ? "danger" : "warning"}>
                {t(`review.${review}`)}
              </Badge>
            )}
          </CardTitle>
          {review === "rejected" && page.goods?.reviewReason && <p className="text-sm text-destructive">{t("rejectedFor", { reason: page.goods.reviewReason })}</p>}
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          {page.ownShop == null && !goodsId && (
            <div className="space-y-1">
              <Label htmlFor="goods-shop">{t("shopId")}</Label>
              <ShopPicker id="goods-shop" testId="goods-shop" value={form.shopId ? Number(form.shopId) : null} onChange={(next) => setForm({ ...form, shopId: next === null ? "" : String(next) })} />
            </div>
          )}
          <div className="space-y-1">
            <Label htmlFor="goods-category">{t("category")}</Label>
            <CategorySelect id="goods-category" testId="goods-category" leavesOnly tree={page.categories} value={form.categoryId ? Number(form.categoryId) : null} onChange={(next) => setForm({ ...form, categoryId: next === null ? "" : String(next) })} emptyLabel={t("pickCategory")} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="goods-name">{t("name")}</Label>
            <Input id="goods-name" data-testid="goods-name" maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="goods-subtitle">{t("subtitle")}</Label>
            <Input id="goods-subtitle" maxLength={200} value={form.subtitle} onChange={(e) => setForm({ ...form, subtitle: e.target.value })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="goods-market">{t("marketPrice")}</Label>
            <Input id="goods-market" inputMode="decimal" value={form.marketPrice} onChange={(e) => setForm({ ...form, marketPrice: e.target.value })} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="space-y-1">
              <Label htmlFor="goods-unit">{t("unit")}</Label>
              <Input id="goods-unit" maxLength={8} value={form.unit} onChange={(e) => setForm({ ...form, unit: e.target.value })} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="goods-sort">{t("sort")}</Label>
              <Input id="goods-sort" inputMode="numeric" value={form.sort} onChange={(e) => setForm({ ...form, sort: e.target.value })} />
            </div>
          </div>
          <div className="space-y-1 md:col-span-2">
            <Label>{t("pics")}</Label>
            <ImageUpload value={form.pics} onChange={(pics) => setForm({ ...form, pics })} testId="goods-pics" />
          </div>
          <div className="space-y-1 md:col-span-2">
            <Label>{t("detail")}</Label>
            {/* the notices' editor; the server sanitises what it takes (a richtext field) */}
            <RichTextEditor testId="goods-detail" value={form.detail} onChange={(detail) => setForm({ ...form, detail })} minHeight={260} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("specs")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("specsHint", { attrs: MAX_ATTRS, skus: MAX_SKUS })}</p>
        </CardHeader>
        <CardContent className="space-y-3">
          {page.attrs.map((attr) => (
            <div key={attr.id} className="flex flex-wrap items-center gap-3" data-testid={`attr-${attr.name}`}>
              <span className="w-24 font-medium">{attr.name}</span>
              {attr.values.map((v) => (
                <label key={v.id} className="flex items-center gap-1 text-sm">
                  <Checkbox data-testid={`value-${attr.name}-${v.value}`} checked={specs.some((s) => s.attrId === attr.id && s.valueIds.includes(v.id))} onCheckedChange={() => pick(attr.id, v.id)} />
                  {v.value}
                </label>
              ))}
            </div>
          ))}
          <div className="flex flex-wrap items-end gap-2">
            <Input className="w-32" data-testid="fill-price" placeholder={t("price")} value={fill.price} onChange={(e) => setFill({ ...fill, price: e.target.value })} />
            <Input className="w-32" data-testid="fill-stock" placeholder={t("stock")} value={fill.stock} onChange={(e) => setFill({ ...fill, stock: e.target.value })} />
            <Button variant="outline" size="sm" data-testid="fill-all" onClick={applyFill}>
              {t("fillAll")}
            </Button>
            <span className="text-sm text-muted-foreground">{t("skuCount", { n: rows.length })}</span>
          </div>
          <Table data-testid="sku-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t("spec")}</TableHead>
                <TableHead>{t("price")}</TableHead>
                <TableHead>{t("stock")}</TableHead>
                <TableHead>{t("code")}</TableHead>
                <TableHead>{t("image")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => {
                // each input is named after its column and its row's spec ("价格 红色/XL") for a screen reader
                const named = (column: string) => `${column} ${row.spec || t("single")}`;
                return (
                <TableRow key={row.key} data-testid="sku-row" data-key={row.key}>
                  <TableCell>{row.spec || t("single")}</TableCell>
                  <TableCell>
                    <Input className="w-28" inputMode="decimal" data-testid="sku-price" aria-label={named(t("price"))} value={cell(row.key).price} onChange={(e) => setCell(row.key, { price: e.target.value })} />
                  </TableCell>
                  <TableCell>
                    <Input className="w-24" inputMode="numeric" data-testid="sku-stock" aria-label={named(t("stock"))} value={cell(row.key).stock} onChange={(e) => setCell(row.key, { stock: e.target.value })} />
                  </TableCell>
                  <TableCell>
                    <Input className="w-32" maxLength={64} aria-label={named(t("code"))} value={cell(row.key).code} onChange={(e) => setCell(row.key, { code: e.target.value })} />
                  </TableCell>
                  <TableCell>
                    <ImageUpload value={cell(row.key).image} onChange={(image) => setCell(row.key, { image })} limit={1} testId={`sku-image-${row.key}`} label={named(t("image"))} />
                  </TableCell>
                </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <div className="flex gap-2">
        <Authorized perms={["mall:goods:edit"]}>
          <Button data-testid="goods-save" disabled={busy} onClick={() => void save()}>
            {t("save")}
          </Button>
          {goodsId && (review === "draft" || review === "rejected") && (
            <Button variant="outline" data-testid="goods-submit" onClick={() => void submit()}>
              {t("submitReview")}
            </Button>
          )}
        </Authorized>
        <Button variant="ghost" onClick={() => router.back()}>
          {t("back")}
        </Button>
      </div>
    </div>
  );
}
