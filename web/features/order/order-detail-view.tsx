"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { HeadedTable, SectionCard } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { fenToYuan } from "@/lib/money";
import { lineDiscount, ordered, type OrderDetail, type ShopOrder } from "./order-logic";

/** The order detail's body: the main order, its shop orders (focused first), their lines and logs, the payments. */
export function OrderDetailView({ detail }: { detail: OrderDetail }) {
  const t = useTranslations("order.detail");
  const { main } = detail;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="order-detail">
      <Card>
        <CardHeader>
          <CardTitle data-testid="order-detail-main">{t("main", { no: main.orderNo })}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm md:grid-cols-3">
          <div>{t("uid")}: {main.uid}</div>
          <div>{t("payStatus")}: {t(`pay.${main.payStatus}`)}</div>
          <div>{t("placedAt")}: {main.createTime}</div>
          {main.payFen !== undefined && (
            <>
              <div>{t("goods")}: ¥{fenToYuan(main.goodsFen ?? 0)}</div>
              <div>{t("freight")}: ¥{fenToYuan(main.freightFen ?? 0)}</div>
              <div>{t("discount")}: ¥{fenToYuan((main.couponFen ?? 0) + (main.pointsFen ?? 0))}</div>
              <div data-testid="order-detail-paid">{t("paid")}: ¥{fenToYuan(main.payFen)}</div>
            </>
          )}
          {main.paidAt && <div>{t("paidAt")}: {main.paidAt}</div>}
          {main.remark && <div>{t("remark")}: {main.remark}</div>}
        </CardContent>
      </Card>
      {ordered(detail).map((shop) => (
        <ShopOrderCard key={shop.id} shop={shop} focused={shop.id === detail.focus} />
      ))}
      {detail.pays.length > 0 && (
        <SectionCard title={t("pays")} contentClassName="overflow-x-auto">
          <HeadedTable headers={[t("payKind"), t("outNo"), t("tradeNo"), t("amount"), t("time")]}>
            {detail.pays.map((p) => (
              <TableRow key={p.id} data-testid="order-detail-pay">
                <TableCell>{t(`kind.${p.kind}`)}</TableCell>
                <TableCell>{p.outNo}</TableCell>
                <TableCell>{p.tradeNo}</TableCell>
                <TableCell>¥{fenToYuan(p.amountFen)}</TableCell>
                <TableCell>{p.createTime}</TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        </SectionCard>
      )}
    </div>
  );
}

function ShopOrderCard({ shop, focused }: { shop: ShopOrder; focused: boolean }) {
  const t = useTranslations("order.detail");
  return (
    <Card data-testid="order-detail-shop" className={focused ? "border-primary" : undefined}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <span data-testid="order-detail-shop-no">{t("shopOrder", { no: shop.orderNo, shop: shop.shopName })}</span>
          <Badge data-testid="order-detail-status">{shop.statusLabel}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <div className="grid gap-1 md:grid-cols-3">
          <div>{t("delivery")}: {t(`deliveryKind.${shop.delivery}`)}</div>
          <div>{t("receiver")}: {shop.receiverName} {shop.receiverPhone}</div>
          <div>{t("address")}: {shop.receiverArea} {shop.receiverAddress}</div>
          <div>{t("goods")}: ¥{fenToYuan(shop.goodsFen)}</div>
          <div>{t("freight")}: ¥{fenToYuan(shop.freightFen)}</div>
          <div>{t("discount")}: ¥{fenToYuan(shop.couponFen + shop.pointsFen)}</div>
          <div data-testid="order-detail-shop-paid">{t("paid")}: ¥{fenToYuan(shop.payFen)}</div>
          <div>{t("refunded")}: ¥{fenToYuan(shop.refundedFen)}</div>
          {shop.trackingNo && (
            <div data-testid="order-detail-logistics">
              {t("logistics")}: {shop.carrier} {shop.trackingNo} {shop.shippedAt ?? ""}
            </div>
          )}
        </div>
        <div className="overflow-x-auto">
          <HeadedTable headers={[t("goodsName"), t("spec"), t("price"), t("quantity"), t("discount"), t("paid"), t("refunded")]}>
            {shop.lines.map((line) => (
              <TableRow key={line.id} data-testid="order-detail-line">
                <TableCell>{line.goodsName}</TableCell>
                <TableCell>{line.spec}</TableCell>
                <TableCell>¥{fenToYuan(line.priceFen)}</TableCell>
                <TableCell>{line.quantity}</TableCell>
                <TableCell>¥{fenToYuan(lineDiscount(line))}</TableCell>
                <TableCell>¥{fenToYuan(line.payFen)}</TableCell>
                <TableCell>¥{fenToYuan(line.refundedFen)}</TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        </div>
        <div>
          <div className="mb-1 font-medium">{t("log")}</div>
          <ol className="flex flex-col gap-1" data-testid="order-detail-log">
            {shop.logs.map((log) => (
              <li key={log.id} data-testid="order-detail-log-row" className="text-muted-foreground">
                {log.createTime} · {log.actionLabel} · {log.actorName || t(`actor.${log.actorKind}`)}
                {log.note ? ` · ${log.note}` : ""}
              </li>
            ))}
          </ol>
        </div>
      </CardContent>
    </Card>
  );
}
