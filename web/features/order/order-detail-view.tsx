"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useMemo, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import { DictTag } from "@/components/dict-tag";
import { useConsole } from "@/components/layout/console-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { HeadedTable, SectionCard } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { actionPayload } from "@/features/resources/logic";
import { MetaFormDialog } from "@/features/resources/resource-form";
import { bff, core, done } from "@/lib/api/core";
import type { ResourceActionMeta, ResourceFieldMeta } from "@/lib/api/types";
import { fenToYuan } from "@/lib/money";
import { hasPermi } from "@/lib/permission";
import {
  afterSaleHref,
  canClose,
  canRemark,
  CLOSE_REASON_MAX,
  closeProblem,
  lineDiscount,
  MAIN_VIEW,
  ordered,
  SHOP_VIEW,
  shopActions,
  type OrderDetailScreen,
  type ShopOrder,
} from "./order-logic";

const AFTER_SALE_DICT = "biz_order_after_sale";

/** A dialog of the detail: a declared action of a shop order, its closing (a reason), or the main order's remark. */
type Acting = { kind: "action"; action: ResourceActionMeta; shop: ShopOrder } | { kind: "close"; shop: ShopOrder } | { kind: "remark" } | null;

/** The order detail's body: the main order, its shop orders (focused first), their lines and logs, the payments. */
export function OrderDetailView({ detail }: { detail: OrderDetailScreen }) {
  const t = useTranslations("order.detail");
  const access = useConsole();
  const router = useRouter();
  const confirm = useConfirm();
  const [acting, setActing] = useState<Acting>(null);
  const { main, dicts } = detail;
  const allowed = (perm: string) => hasPermi(access, perm);
  const remarkField = useMemo(() => detail.mainMeta?.fields.find((f) => f.name === "remark") ?? null, [detail.mainMeta]);
  const closeField: ResourceFieldMeta = { name: "reason", label: t("closeReason"), kind: "textarea", required: true, maxLength: CLOSE_REASON_MAX };

  /** A declared call of the shop orders' list, as the list runs it; the page is rendered again after it. */
  const runAction = async (action: ResourceActionMeta, shop: ShopOrder, values: Record<string, unknown>) => {
    const body = actionPayload(action, shop, values);
    if (!(await done(bff.POST("/bff/resources/action", { params: { query: { view: SHOP_VIEW, key: action.key } }, body })))) return false;
    toast.success(t("done"));
    router.refresh();
    return true;
  };

  /** Closing cannot be undone: asked again, naming the order and its amount. */
  const close = async (shop: ShopOrder, values: Record<string, unknown>) => {
    const reason = String(values.reason ?? "").trim();
    const problem = closeProblem(reason);
    if (problem) {
      toast.error(t(problem));
      return false;
    }
    if (!(await confirm({ message: t("closeConfirm", { no: shop.orderNo, amount: fenToYuan(shop.payFen) }) }))) return false;
    if (!(await done(core.GET("/admin/common/status_operate", { params: { query: { orderNo: shop.orderNo, action: "close", reason } } })))) return false;
    toast.success(t("closed"));
    router.refresh();
    return true;
  };

  const saveRemark = async (values: Record<string, unknown>) => {
    const remark = String(values.remark ?? "").trim();
    if (!(await done(bff.PUT("/bff/resources/record", { params: { query: { view: MAIN_VIEW } }, body: { id: main.id, remark } })))) return false;
    toast.success(t("done"));
    router.refresh();
    return true;
  };

  const dialogFields = acting?.kind === "action" ? (acting.action.fields ?? []) : acting?.kind === "close" ? [closeField] : acting?.kind === "remark" && remarkField ? [remarkField] : [];
  // editing the logistics starts from the shipment's; the remark from the order's
  const dialogInitial =
    acting?.kind === "action" && acting.action.key === "editLogistics"
      ? { carrier: acting.shop.carrier, trackingNo: acting.shop.trackingNo }
      : acting?.kind === "remark"
        ? { remark: main.remark ?? "" }
        : null;
  const dialogTitle = acting?.kind === "action" ? acting.action.label : acting?.kind === "close" ? t("close") : acting?.kind === "remark" ? t("editRemark") : "";

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
          <div data-testid="order-detail-remark">
            {t("remark")}: {main.remark || <span className="text-muted-foreground">{t("noRemark")}</span>}
          </div>
          {canRemark(detail.mainMeta, allowed) && remarkField && (
            <div className="md:col-span-3">
              <Button size="sm" variant="outline" data-testid="order-detail-edit-remark" onClick={() => setActing({ kind: "remark" })}>
                {t("editRemark")}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      {ordered(detail).map((shop) => (
        <ShopOrderCard key={shop.id} shop={shop} focused={shop.id === detail.focus} afterSaleOptions={dicts[AFTER_SALE_DICT]}>
          {shopActions(detail.shopMeta, shop, allowed).map((action) => (
            <Button key={action.key} size="sm" data-testid={`order-detail-action-${action.key}`} onClick={() => setActing({ kind: "action", action, shop })}>
              {action.label}
            </Button>
          ))}
          {canClose(shop, allowed) && (
            <Button size="sm" variant="destructive" data-testid="order-detail-close" onClick={() => setActing({ kind: "close", shop })}>
              {t("close")}
            </Button>
          )}
          <AfterSaleLink shop={shop} entries={access.entries} label={t("handleAfterSale")} />
        </ShopOrderCard>
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
      <MetaFormDialog
        open={acting !== null}
        title={dialogTitle}
        testId="order-detail-dialog"
        fields={dialogFields}
        initial={dialogInitial}
        dicts={dicts}
        onClose={() => setActing(null)}
        onSave={(values) =>
          acting?.kind === "action" ? runAction(acting.action, acting.shop, values) : acting?.kind === "close" ? close(acting.shop, values) : acting?.kind === "remark" ? saveRemark(values) : Promise.resolve(false)
        }
      />
    </div>
  );
}

/** 处理售后: the user's after-sale list on the tab of the order's open after-sale (nothing without one or the page). */
function AfterSaleLink({ shop, entries, label }: { shop: ShopOrder; entries: readonly { path: string; component: string }[]; label: string }) {
  const href = afterSaleHref(entries, shop);
  if (!href) return null;
  return (
    <Button size="sm" variant="outline" asChild>
      <Link href={href} data-testid="order-detail-after-sale-link">
        {label}
      </Link>
    </Button>
  );
}

function ShopOrderCard({
  shop,
  focused,
  afterSaleOptions,
  children,
}: {
  shop: ShopOrder;
  focused: boolean;
  afterSaleOptions: OrderDetailScreen["dicts"][string] | undefined;
  children: ReactNode;
}) {
  const t = useTranslations("order.detail");
  return (
    <Card data-testid="order-detail-shop" data-status={shop.status} className={focused ? "border-primary" : undefined}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <span data-testid="order-detail-shop-no">{t("shopOrder", { no: shop.orderNo, shop: shop.shopName })}</span>
          <Badge data-testid="order-detail-status">{shop.statusLabel}</Badge>
          {shop.afterSale && (
            <span data-testid="order-detail-after-sale">
              <DictTag options={afterSaleOptions} value={shop.afterSale} />
            </span>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <div className="flex flex-wrap gap-2" data-testid="order-detail-actions">
          {children}
        </div>
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
