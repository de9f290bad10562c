import { getTranslations } from "next-intl/server";
import { ScreenFailure } from "@/components/screen-error";
import type { components } from "@/lib/api/bff-types";
import { screenQuery } from "@/lib/list-query";
import { loadScreen } from "@/lib/session";
import { PointsOrderDetailView } from "./points-detail-view";
import { detailId } from "./points-logic";

/**
 * The points order detail (积分订单详情 order/integral/detail?id=, from a row of the points orders' list): one call to
 * the BFF's points detail screen (the order, the list's actions and dictionaries) made on the server.
 */
export async function PointsOrderDetailScreen({ id }: { id?: string }) {
  const orderId = detailId(id);
  if (!orderId) {
    const t = await getTranslations("orderPoints");
    return <div className="text-muted-foreground p-4 text-sm" data-testid="points-detail-missing">{t("detail.noOrder")}</div>;
  }
  const result = await loadScreen<components["schemas"]["PointsDetailScreen"]>(`/bff/screens/order/points/detail?${screenQuery({ id: orderId })}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <PointsOrderDetailView data={result.data} />;
}
