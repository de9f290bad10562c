"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { DictTag } from "@/components/dict-tag";
import { useConsole } from "@/components/layout/console-context";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { StoredImage } from "@/components/upload/image-upload";
import { MetaFormDialog } from "@/features/resources/resource-form";
import type { components } from "@/lib/api/bff-types";
import { bff, done } from "@/lib/api/core";
import type { ResourceActionMeta } from "@/lib/api/types";
import { hasPermi } from "@/lib/permission";
import { actionBody, actionProblem, actionTextKey, detailActions, LIST_VIEW, showsLogistics } from "./points-logic";

const STATUS_DICT = "biz_integral_order";
const CARRIER_DICT = "biz_logistics_company";

/**
 * 积分订单详情 (order/integral/detail?id=, a hidden page opened from a row of the points orders' list): the order as
 * redeemed (goods with its picture, points, quantity), its status by the dictionary, the receiver, the logistics
 * once shipped, the points entries and the order's log; the ship (or edit logistics) and cancel calls of the list's
 * declaration (`meta`, null when the user may not read the list) that the status allows and the user holds. All of it
 * from the BFF's points detail screen, rendered again on the server after an action.
 */
export function PointsOrderDetailView({ data }: { data: components["schemas"]["PointsDetailScreen"] }) {
  const t = useTranslations("orderPoints");
  const access = useConsole();
  const router = useRouter();
  const { order, meta, dicts } = data;
  const [acting, setActing] = useState<ResourceActionMeta | null>(null);

  const actions = useMemo(() => (meta ? detailActions(meta.actions, order, (perm) => hasPermi(access, perm)) : []), [order, meta, access]);
  const carriers = useMemo(() => (dicts[CARRIER_DICT] ?? []).map((d) => d.dictValue), [dicts]);
  // editing the logistics starts from the shipment's; a first shipment from the dictionary's default carrier
  const initial = useMemo(() => (acting?.key === "ship" && order.trackingNo ? { carrier: order.carrier, trackingNo: order.trackingNo } : null), [acting, order]);
  const listHref = access.entries.find((e) => e.component === LIST_VIEW)?.path ?? null;

  const run = async (action: ResourceActionMeta, values: Record<string, unknown>): Promise<boolean> => {
    const problem = actionProblem(action.key, values, carriers);
    if (problem) {
      toast.error(t(`detail.${problem}`));
      return false;
    }
    const body = actionBody(order.id, values);
    if (!(await done(bff.POST("/bff/resources/action", { params: { query: { view: LIST_VIEW, key: action.key } }, body })))) return false; // the core's refusal is already shown
    toast.success(t(`detail.done.${action.key === "cancel" ? "cancel" : "ship"}`));
    router.refresh();
    return true;
  };

  const statusOptions = dicts[STATUS_DICT];
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="points-detail" data-status={order.status}>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <span data-testid="points-detail-no">{t("detail.title", { no: order.orderNo })}</span>
            <span data-testid="points-detail-status">
              {statusOptions && statusOptions.length > 0 ? <DictTag options={statusOptions} value={order.status} /> : t(`status.${order.status}`)}
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 text-sm">
          <div className="flex flex-wrap items-center gap-4" data-testid="points-detail-goods">
            <StoredImage path={order.goodsImage} alt={order.goodsName} className="size-20 rounded object-cover" />
            <div className="grid gap-1">
              <div className="font-medium">{order.goodsName}</div>
              <div>
                {t("detail.unitPoints")}: {order.unitPoints} · {t("detail.quantity")}: <span data-testid="points-detail-quantity">{order.quantity}</span>
              </div>
              <div>
                {t("detail.points")}: <span data-testid="points-detail-points">{order.points}</span>
              </div>
            </div>
          </div>
          <div className="grid gap-1 md:grid-cols-3">
            <div>{t("detail.uid")}: {order.uid}</div>
            <div>{t("detail.redeemedAt")}: {order.createTime}</div>
            {order.completedAt && <div>{t("detail.completedAt")}: {order.completedAt}</div>}
            {order.cancelledAt && (
              <div data-testid="points-detail-cancelled">
                {t("detail.cancelledAt")}: {order.cancelledAt} · {t("detail.cancelReason")}: {order.cancelReason}
              </div>
            )}
            <div>{t("detail.receiver")}: {order.receiverName} {order.receiverPhone}</div>
            <div className="md:col-span-2">{t("detail.address")}: {order.receiverAddress}</div>
          </div>
          <div data-testid="points-detail-logistics">
            <span className="font-medium">{t("detail.logistics")}: </span>
            {showsLogistics(order) ? (
              <>
                <DictTag options={dicts[CARRIER_DICT]} value={order.carrier} /> <span data-testid="points-detail-tracking">{order.trackingNo}</span>
                {order.shippedAt && ` · ${t("detail.shippedAt")}: ${order.shippedAt}`}
                {order.shippedBy && ` · ${t("detail.shippedBy")}: ${order.shippedBy}`}
              </>
            ) : (
              <span className="text-muted-foreground">{t("detail.notShipped")}</span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button key={action.key} size="sm" variant={action.key === "cancel" ? "outline" : "default"} data-testid={`points-detail-${action.key}`} onClick={() => setActing(action)}>
                {t(`detail.do.${actionTextKey(action.key, order.status)}`)}
              </Button>
            ))}
            {listHref && (
              <Button size="sm" variant="ghost" asChild>
                <Link href={listHref}>{t("detail.back")}</Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("detail.log")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-1 text-sm" data-testid="points-detail-log">
            {order.log.map((step) => (
              <li key={step.key} data-testid="points-detail-log-row" data-action={step.action} className="text-muted-foreground">
                {step.createTime} · {t(`detail.step.${step.action}`)} · {step.actorKind === "staff" ? step.actorName : t(`detail.actor.${step.actorKind}`, { uid: step.actorName })}
                {step.trackingNo && (
                  <>
                    {" · "}
                    <DictTag options={dicts[CARRIER_DICT]} value={step.carrier} /> {step.trackingNo}
                  </>
                )}
                {step.note ? ` · ${step.note}` : ""}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      {order.ledger.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{t("detail.ledger")}</CardTitle>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("detail.delta")}</TableHead>
                  <TableHead>{t("detail.balanceAfter")}</TableHead>
                  <TableHead>{t("detail.remark")}</TableHead>
                  <TableHead>{t("detail.time")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {order.ledger.map((entry) => (
                  <TableRow key={entry.id} data-testid="points-detail-ledger-row">
                    <TableCell className="tabular-nums">{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</TableCell>
                    <TableCell className="tabular-nums">{entry.balanceAfter}</TableCell>
                    <TableCell>{entry.remark}</TableCell>
                    <TableCell>{entry.createTime}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}

      <MetaFormDialog
        open={acting !== null}
        title={acting ? t(`detail.do.${actionTextKey(acting.key, order.status)}`) : ""}
        testId="points-detail-action"
        fields={acting?.fields ?? []}
        initial={initial}
        dicts={dicts}
        onClose={() => setActing(null)}
        onSave={(values) => (acting ? run(acting, values) : Promise.resolve(false))}
      />
    </div>
  );
}
