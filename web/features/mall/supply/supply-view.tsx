"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { components, paths } from "@/lib/api/bff-types";
import { answer, bff, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";

type SupplyScreen = components["schemas"]["SupplyScreen"];
type CloudGoods = SupplyScreen["goods"]["data"][number];
type SupplyQuery = NonNullable<paths["/bff/screens/mall/supply"]["get"]["parameters"]["query"]>;

/**
 * The supply-chain screen mall/supply/index (spec 001 §2.16): the provider's shops (and the local shop each
 * maps to), its cloud goods (with the local goods item each was synced into), and a sync button per goods item
 * whose result (created, updated, unchanged) is shown. It starts from the screen's first answer; a page, a search
 * or a sync reads the same screen again.
 */
export function SupplyView({ data, pageSize }: { data: SupplyScreen; pageSize: number }) {
  const t = useTranslations("mallSupply");
  const [screen, setScreen] = useState(data);
  const [query, setQuery] = useState<SupplyQuery>({ pageNum: 1, pageSize });
  const [keyword, setKeyword] = useState("");
  const [syncing, setSyncing] = useState<string | null>(null);
  const [result, setResult] = useState("");
  const { provider, shops } = screen.shops;
  const { data: rows, total } = screen.goods;
  const shopId = query.shopId ?? "";
  const pageNum = query.pageNum ?? 1;

  /** Reads the screen for these filters (the request layer tells the user of a failure; the screen stays). */
  const read = async (next: SupplyQuery) => {
    try {
      const answered = await answer(bff.GET("/bff/screens/mall/supply", { params: { query: next } }));
      setScreen(answered.data);
      setQuery(next);
    } catch (failure) {
      if (!(failure instanceof RequestError)) throw failure;
    }
  };

  const sync = async (goods: CloudGoods) => {
    setSyncing(goods.id);
    try {
      const synced = await answer(core.GET("/admin/supply_chain/syncGoodsInfo", { params: { query: { goodsId: goods.id } } }));
      setResult(`${goods.name}：${synced.msg ?? ""}`);
      toast.success(synced.msg ?? t("synced"));
      await read(query);
    } catch (failure) {
      if (!(failure instanceof RequestError)) throw failure;
    } finally {
      setSyncing(null);
    }
  };

  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col gap-4 p-4">
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-medium">
          {t("shops")} {provider && <span className="text-muted-foreground">（{provider}）</span>}
        </h2>
        <Table aria-label={t("shops")}>
          <TableHeader>
            <TableRow>
              <TableHead>{t("shopId")}</TableHead>
              <TableHead>{t("shopName")}</TableHead>
              <TableHead>{t("goodsCount")}</TableHead>
              <TableHead>{t("localShop")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shops.map((shop) => (
              <TableRow key={shop.id}>
                <TableCell>{shop.id}</TableCell>
                <TableCell>{shop.name}</TableCell>
                <TableCell>{shop.goodsCount}</TableCell>
                <TableCell>{shop.localShopId ? `${shop.localShopName}（${shop.localShopId}）` : t("notMapped")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
      <section className="flex flex-col gap-2">
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void read({ ...query, keyword: keyword.trim() || undefined, pageNum: 1 });
          }}
        >
          <NativeSelect aria-label={t("shopName")} value={shopId} onChange={(e) => void read({ ...query, shopId: e.target.value || undefined, pageNum: 1 })}>
            <option value="">{t("allShops")}</option>
            {shops.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </NativeSelect>
          <Input aria-label={t("keyword")} placeholder={t("keyword")} className="w-56" value={keyword} maxLength={50} onChange={(e) => setKeyword(e.target.value)} />
          <Button type="submit" size="sm">
            {t("search")}
          </Button>
        </form>
        {result && (
          <p className="text-sm" data-testid="supply-result">
            {result}
          </p>
        )}
        <Table aria-label={t("goods")}>
          <TableHeader>
            <TableRow>
              <TableHead>{t("goodsId")}</TableHead>
              <TableHead>{t("goodsName")}</TableHead>
              <TableHead>{t("price")}</TableHead>
              <TableHead>{t("stock")}</TableHead>
              <TableHead>{t("local")}</TableHead>
              <TableHead>{t("actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} className="text-center text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            )}
            {rows.map((goods) => (
              <TableRow key={goods.id}>
                <TableCell>{goods.id}</TableCell>
                <TableCell>{goods.name}</TableCell>
                <TableCell>{fenToYuan(goods.priceFen)}</TableCell>
                <TableCell>{goods.stock}</TableCell>
                <TableCell>
                  {goods.localGoodsId === null ? (
                    <Badge variant="outline">{t("notSynced")}</Badge>
                  ) : (
                    <Badge variant={goods.outdated ? "warning" : "success"}>
                      {goods.outdated ? t("outdated", { id: goods.localGoodsId }) : t("syncedAs", { id: goods.localGoodsId })}
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  <Authorized perms={["mall:supply:sync"]}>
                    <Button size="sm" variant="outline" disabled={syncing !== null} onClick={() => void sync(goods)} data-testid={`supply-sync-${goods.id}`}>
                      {syncing === goods.id ? t("syncing") : t("sync")}
                    </Button>
                  </Authorized>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <div className="flex items-center justify-end gap-2 text-sm">
          <span className="text-muted-foreground">{t("total", { total })}</span>
          <Button size="sm" variant="outline" disabled={pageNum <= 1} onClick={() => void read({ ...query, pageNum: pageNum - 1 })}>
            {t("prev")}
          </Button>
          <span>
            {pageNum} / {pages}
          </span>
          <Button size="sm" variant="outline" disabled={pageNum >= pages} onClick={() => void read({ ...query, pageNum: pageNum + 1 })}>
            {t("next")}
          </Button>
        </div>
      </section>
    </div>
  );
}
