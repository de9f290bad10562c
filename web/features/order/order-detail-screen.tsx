import { getTranslations } from "next-intl/server";
import { ScreenFailure } from "@/components/screen-error";
import { screenQuery } from "@/lib/list-query";
import { loadScreen } from "@/lib/session";
import { OrderDetailView } from "./order-detail-view";
import { detailQuery, type OrderDetailScreen } from "./order-logic";

/**
 * The order detail (订单详情 order/detail/index, opened at /myMenu/orderDetail?orderNo= by an order message, and
 * 商城订单详情 order/shop/detail?id= from the shop orders), from the BFF's order detail screen.
 */
export async function OrderDetailScreen({ orderNo, id }: { orderNo?: string; id?: string }) {
  const query = detailQuery({ orderNo, id });
  if (!query) {
    const t = await getTranslations("order.detail");
    return <div className="text-muted-foreground p-4 text-sm" data-testid="order-detail-missing">{t("noOrder")}</div>;
  }
  const result = await loadScreen<OrderDetailScreen>(`/bff/screens/order/detail?${screenQuery(query)}`);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <OrderDetailView detail={result.data} />;
}
