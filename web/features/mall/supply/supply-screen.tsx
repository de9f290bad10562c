"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type CloudGoodsPage, listPage } from "@/lib/list-page";
import { fenToYuan } from "@/lib/money";
import { request, RequestError } from "@/lib/request";

interface ProviderShop {
  id: string;
  name: string;
  goodsCount: number;
  localShopId: number | null;
  localShopName: string;
}

type CloudGoods = {
  id: string;
  shopId: string;
  name: string;
  priceFen: number;
  stock: number;
  localGoodsId: number | null;
  localPriceFen: number | null;
  outdated: boolean;
};

const PAGE_SIZE = 20;

/**
 * The supply-chain screen mall/supply/index (spec 001 §2.16): the provider's shops (and the local shop each
 * maps to), its cloud goods (with the local goods item each was synced into), and a sync button per goods item
 * whose result (created, updated, unchanged) is shown.
 */
export function SupplyScreen() {
  const t = useTranslations("mallSupply");
  const [shops, setShops] = useState<ProviderShop[]>([]);
  const [provider, setProvider] = useState("");
  const [shopId, setShopId] = useState("");
  const [keyword, setKeyword] = useState("");
  const [pageNum, setPageNum] = useState(1);
  const [rows, setRows] = useState<CloudGoods[]>([]);
  const [total, setTotal] = useState(0);
  const [syncing, setSyncing] = useState<string | null>(null);
  const [result, setResult] = useState("");

  const loadShops = useCallback(async () => {
    try {
      const answer = await request<{ provider: string; shops: ProviderShop[] }>("api/admin/supply_chain/get_all_shops");
      setShops(answer.data?.shops ?? []);
      setProvider(answer.data?.provider ?? "");
    } catch (failure) {
      if (!(failure instanceof RequestError)) throw failure;
    }
  }, []);

  const loadGoods = useCallback(async () => {
    try {
      const answer = await request<CloudGoodsPage>("api/admin/supply_chain/list_data", {
        method: "POST",
        data: { shopId: shopId || null, keyword: keyword.trim() || null, pageNum, pageSize: PAGE_SIZE },
      });
      const page = listPage<CloudGoods, CloudGoodsPage>(answer);
      setRows(page.rows);
      setTotal(page.total);
    } catch (failure) {
      if (!(failure instanceof RequestError)) throw failure;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keyword is read when searching, not as typed
  }, [shopId, pageNum]);

  useEffect(() => {
    void loadShops();
  }, [loadShops]);
  useEffect(() => {
    void loadGoods();
  }, [loadGoods]);

  const sync = async (goods: CloudGoods) => {
    setSyncing(goods.id);
    try {
      const answer = await request<unknown>("api/admin/supply_chain/syncGoodsInfo", { params: { goodsId: goods.id } });
      setResult(`${goods.name}：${answer.msg ?? ""}`);
      toast.success(answer.msg ?? t("synced"));
      await Promise.all([loadGoods(), loadShops()]);
    } catch (failure) {
      if (!(failure instanceof RequestError)) throw failure;
    } finally {
      setSyncing(null);
    }
  };

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
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
            if (pageNum !== 1) setPageNum(1);
            else void loadGoods();
          }}
        >
          <NativeSelect aria-label={t("shopName")} value={shopId} onChange={(e) => { setShopId(e.target.value); setPageNum(1); }}>
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
          <Button size="sm" variant="outline" disabled={pageNum <= 1} onClick={() => setPageNum(pageNum - 1)}>
            {t("prev")}
          </Button>
          <span>
            {pageNum} / {pages}
          </span>
          <Button size="sm" variant="outline" disabled={pageNum >= pages} onClick={() => setPageNum(pageNum + 1)}>
            {t("next")}
          </Button>
        </div>
      </section>
    </div>
  );
}
