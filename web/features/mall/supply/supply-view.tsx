"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { RefreshCwIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowActions } from "@/components/data-table/operations";
import { useList, useQueryDraft } from "@/components/data-table/use-list";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { fenToYuan } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { SUPPLY_FILTERS, supplyParsers } from "./query";

type SupplyScreen = components["schemas"]["SupplyScreen"];
type CloudGoods = SupplyScreen["goods"]["data"][number];

const helper = createColumnHelper<Features, CloudGoods>();
const CHOICES = ["id", "name", "priceFen", "stock", "local"] as const;
const LABELS = { id: "goodsId", name: "goodsName", priceFen: "price", stock: "stock", local: "local" } as const;

/**
 * The supply-chain screen mall/supply/index (spec 001 §2.16): the provider's shops (and the local shop each
 * maps to), its cloud goods in the list frame (with the local goods item each was synced into, paged and searched
 * by shop and name through the URL), and 同步 per goods item whose result (created, updated, unchanged) is shown.
 */
export function SupplyView({ data }: { data: SupplyScreen }) {
  const t = useTranslations("mallSupply");
  const list = useList(supplyParsers);
  const draft = useQueryDraft(list.query, SUPPLY_FILTERS, list.setQuery);
  const [result, setResult] = useState("");
  const syncing = useRef(false);
  const { provider, shops } = data.shops;
  const { refresh } = list;

  const sync = async (goods: CloudGoods) => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      const synced = await answer(core.GET("/admin/supply_chain/syncGoodsInfo", { params: { query: { goodsId: goods.id } } }));
      setResult(`${goods.name}：${synced.msg ?? ""}`);
      toast.success(synced.msg ?? t("synced"));
    } catch (failure) {
      if (!(failure instanceof RequestError)) throw failure;
    } finally {
      syncing.current = false;
    }
    refresh();
  };

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("id", { header: t("goodsId") }),
        helper.accessor("name", { header: t("goodsName") }),
        helper.accessor("priceFen", { header: t("price"), cell: (info) => fenToYuan(info.getValue()) }),
        helper.accessor("stock", { header: t("stock") }),
        helper.display({
          id: "local",
          header: t("local"),
          cell: ({ row: { original: goods } }) =>
            goods.localGoodsId === null ? (
              <Badge variant="outline">{t("notSynced")}</Badge>
            ) : (
              <Badge variant={goods.outdated ? "warning" : "success"}>{goods.outdated ? t("outdated", { id: goods.localGoodsId }) : t("syncedAs", { id: goods.localGoodsId })}</Badge>
            ),
        }),
        helper.display({
          id: "operations",
          header: t("actions"),
          meta: { fixed: true },
          cell: ({ row }) => <RowActions actions={[{ perms: "mall:supply:sync", testId: `supply-sync-${row.original.id}`, icon: <RefreshCwIcon />, label: t("sync"), onClick: () => void sync(row.original) }]} />,
        }),
      ]),
    // sync reads the latest refresh: stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  const choices = useMemo(() => CHOICES.map((id) => ({ id, label: t(LABELS[id]) })), [t]);
  const query = useMemo(
    () => [
      { kind: "dict" as const, name: "shopId", label: t("shopName"), options: shops.map((shop) => ({ dictValue: shop.id, dictLabel: shop.name })) },
      { kind: "input" as const, name: "keyword", label: t("keyword") },
    ],
    [t, shops],
  );

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
      <ListFrame
        testId="supply-goods"
        header={
          <>
            <h2 className="mb-3 text-sm font-medium">{t("goods")}</h2>
            {result && (
              <p className="mb-2 text-sm" data-testid="supply-result">
                {result}
              </p>
            )}
          </>
        }
        list={list}
        draft={draft}
        query={query}
        columns={columns}
        choices={choices}
        rows={data.goods.data}
        total={data.goods.total}
        rowKey="id"
        rowAttributes={(row) => ({ "data-goods": row.id })}
      />
    </div>
  );
}
