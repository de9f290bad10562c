"""The buyer's view of their orders for the app server (partner calls ``orders/info`` and ``orders/list``).

Everything is read for one uid: another uid's order answers 404 like a missing one. Amounts are fen. The
pick-up code is shown only by ``info`` (one order of its buyer), only while it waits to be picked up; a list
never carries it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tortoise.expressions import Subquery

from core_api.mall.shop.models import MallShop
from core_api.order.aftersale import service as aftersale
from core_api.order.aftersale.models import OrderAfterSale
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderMain, OrderShop
from core_api.platform.errors import NotFound

PAY_STATUSES = {"unpaid": "待支付", "paid": "已支付", "closed": "已关闭"}
REFUND_STATUSES = {"none": "无退款", "partial": "部分退款", "full": "全额退款"}


def _t(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _line(ln: OrderLine, last: OrderAfterSale | None) -> dict[str, Any]:
    after_sale = None
    if last is not None:
        after_sale = {"id": last.id, "afterSaleNo": last.after_sale_no, "kind": last.kind, "status": last.status,
                      "statusLabel": aftersale.STATUSES.get(last.status, last.status), "quantity": last.quantity,
                      "amountFen": last.amount_fen, "rejectReason": last.reject_reason}
    return {"lineId": ln.id, "goodsId": ln.goods_id, "skuId": ln.sku_id, "goodsName": ln.goods_name, "spec": ln.spec,
            "image": ln.image, "priceFen": ln.price_fen, "quantity": ln.quantity, "amountFen": ln.amount_fen,
            "couponFen": ln.coupon_fen, "pointsFen": ln.points_fen, "pointsUsed": ln.points_used,
            "payFen": ln.pay_fen, "refundedFen": ln.refunded_fen, "refundedQty": ln.refunded_qty,
            "afterSaleStatus": ln.after_sale, "afterSale": after_sale, "commented": ln.commented}


def _shop(so: OrderShop, shop_name: str, lines: list[dict[str, Any]], carriers: dict[str, str], *,
          detail: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "orderNo": so.order_no, "shopId": so.shop_id, "shopName": shop_name, "status": so.status,
        "statusLabel": flow.STATUSES.get(so.status, so.status), "delivery": so.delivery, "kind": so.kind,
        "teamId": so.group_team_id, "goodsFen": so.goods_fen, "freightFen": so.freight_fen, "couponFen": so.coupon_fen,
        "pointsFen": so.points_fen, "payFen": so.pay_fen, "refundedFen": so.refunded_fen,
        "refundStatus": so.refund_status, "pickupStatus": so.pickup_status, "lines": lines}
    if detail:
        waiting = so.delivery == "pickup" and so.pickup_status == "waiting" and so.status == flow.TO_PICKUP
        out.update({
            "pickupCode": so.pickup_code if waiting else None,
            "receiver": {"name": so.receiver_name, "phone": so.receiver_phone, "area": so.receiver_area,
                         "address": so.receiver_address},
            "logistics": {"carrier": so.carrier, "carrierLabel": carriers.get(so.carrier, so.carrier),
                          "trackingNo": so.tracking_no, "shippedAt": _t(so.shipped_at)} if so.carrier else None,
            "buyerRemark": so.buyer_remark, "closeReason": so.close_reason, "paidAt": _t(so.paid_at),
            "shippedAt": _t(so.shipped_at), "completedAt": _t(so.completed_at), "closedAt": _t(so.closed_at),
            "afterSaleUntil": _t(so.after_sale_until)})
    return out


def _main(main: OrderMain, shops: list[dict[str, Any]]) -> dict[str, Any]:
    return {"orderNo": main.order_no, "payStatus": main.pay_status,
            "payStatusLabel": PAY_STATUSES.get(main.pay_status, main.pay_status), "goodsFen": main.goods_fen,
            "freightFen": main.freight_fen, "couponFen": main.coupon_fen, "pointsFen": main.points_fen,
            "pointsUsed": main.points_used, "payFen": main.pay_fen, "payDeadline": _t(main.pay_deadline),
            "paidAt": _t(main.paid_at), "closedAt": _t(main.closed_at), "createTime": _t(main.create_time),
            "shopOrders": shops}


async def _views(mains: list[OrderMain], carriers: dict[str, str], *, detail: bool) -> list[dict[str, Any]]:
    """The mains with their shop orders and lines, in four queries whatever the page size."""
    if not mains:
        return []
    shops = await OrderShop.filter(main_id__in=[m.id for m in mains]).order_by("id")
    lines = await OrderLine.filter(shop_order_id__in=[s.id for s in shops]).order_by("id")
    names = dict(await MallShop.filter(id__in={s.shop_id for s in shops}).values_list("id", "name"))
    last: dict[int, OrderAfterSale] = {}
    for row in await OrderAfterSale.filter(line_id__in=[ln.id for ln in lines]).order_by("id"):
        last[row.line_id] = row  # the line's latest after-sale
    by_shop: dict[int, list[dict[str, Any]]] = {}
    for ln in lines:
        by_shop.setdefault(ln.shop_order_id, []).append(_line(ln, last.get(ln.id)))
    by_main: dict[int, list[dict[str, Any]]] = {}
    for so in shops:
        by_main.setdefault(so.main_id, []).append(
            _shop(so, str(names.get(so.shop_id, "")), by_shop.get(so.id, []), carriers, detail=detail))
    return [_main(m, by_main.get(m.id, [])) for m in mains]


async def info(uid: int, order_no: str, carriers: dict[str, str]) -> dict[str, Any]:
    """One main order of ``uid`` by its number (or by one of its shop orders' numbers)."""
    main = await OrderMain.get_or_none(order_no=order_no, uid=uid)
    if main is None:
        so = await OrderShop.get_or_none(order_no=order_no, uid=uid)
        main = await OrderMain.get_or_none(id=so.main_id, uid=uid) if so else None
    if main is None:
        raise NotFound("订单不存在")
    return (await _views([main], carriers, detail=True))[0]


async def page(uid: int, status: str | None, after: int | None, size: int,
               carriers: dict[str, str]) -> tuple[list[dict[str, Any]], int | None]:
    """``uid``'s main orders newest first (by id: the order they were placed in), ``size`` after the cursor
    ``after`` (the last id of the page before); with ``status``, those holding a shop order in that status.
    Answers the rows and the next cursor (None on the last page)."""
    query = OrderMain.filter(uid=uid, shelf="1")  # shelf 0: removed from the buyer's list
    if status is not None:
        query = query.filter(id__in=Subquery(OrderShop.filter(uid=uid, status=status).values("main_id")))
    if after is not None:
        query = query.filter(id__lt=after)
    mains = list(await query.order_by("-id").limit(size + 1))
    more = len(mains) > size
    mains = mains[:size]
    return await _views(mains, carriers, detail=False), (mains[-1].id if more and mains else None)
