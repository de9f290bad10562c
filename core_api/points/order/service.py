"""Points-mall redemptions (DOMAIN.md "Points"): one transaction takes the points (a ledger debit keyed by the
request number), checks the per-user limit under the account row the debit locked, and takes the stock with a
conditional decrement. A repeated request number answers the first order. A cancel gives the points back (a
credit keyed by the order) and the stock, once: the status update from to_ship is conditional."""

from __future__ import annotations

from datetime import datetime

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from core_api.mall.integral_goods.models import MallIntegralGoods
from core_api.order.core.flow import new_order_no
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.schema import english
from core_api.points.ledger import service as points
from core_api.points.order.models import OrderIntegral

TO_SHIP, SHIPPED, COMPLETED, CANCELLED = "to_ship", "shipped", "completed", "cancelled"
STATUSES = {TO_SHIP: "待发货", SHIPPED: "已发货", COMPLETED: "已完成", CANCELLED: "已取消"}
CHANGED = "订单状态已变化，请刷新后重试"


def _same(order: OrderIntegral, uid: int, goods_id: int, quantity: int) -> OrderIntegral:
    if (order.uid, order.goods_id, order.quantity) != (uid, goods_id, quantity):
        raise ServiceError("该请求号已用于另一笔兑换", 409)
    return order


async def redeem(uid: int, goods_id: int, quantity: int, request_no: str, receiver: dict[str, str],
                 now: datetime) -> tuple[OrderIntegral, bool]:
    """Answers (the order, created now)."""
    if (done := await OrderIntegral.get_or_none(request_no=request_no)) is not None:
        return _same(done, uid, goods_id, quantity), False
    goods = await MallIntegralGoods.get_or_none(id=goods_id)
    if goods is None:
        raise NotFound("积分商品不存在")
    if goods.shelf != "1":
        raise ServiceError(f"积分商品“{goods.name}”已下架")
    if goods.cash_fen > 0:
        raise ServiceError(f"积分商品“{goods.name}”需另付现金，暂不支持纯积分兑换")
    if goods.stock < quantity:
        raise ServiceError(f"积分商品“{goods.name}”库存不足")
    if goods.limit_per_user and quantity > goods.limit_per_user:
        raise ServiceError(f"积分商品“{goods.name}”每人限兑{goods.limit_per_user}件")
    total = goods.points * quantity
    if total > points.MAX_POINTS:
        raise ServiceError("兑换积分超出单笔上限")
    await points.ensure_account(uid, now)
    order_no = new_order_no(now, "JF")
    try:
        async with in_transaction():
            # the debit's conditional update locks the account row: the limit below is counted under it
            await points.move(uid, -total, f"redeem:{request_no}", "redeem", now, ref=order_no,
                              remark=f"兑换{goods.name}x{quantity}")
            if goods.limit_per_user:
                had = await OrderIntegral.filter(uid=uid, goods_id=goods.id).exclude(
                    status=CANCELLED).values("quantity")
                if sum(int(r["quantity"]) for r in had) + quantity > goods.limit_per_user:
                    raise ServiceError(f"积分商品“{goods.name}”每人限兑{goods.limit_per_user}件")
            taken = await MallIntegralGoods.filter(id=goods.id, shelf="1", stock__gte=quantity).update(
                stock=F("stock") - quantity, sales=F("sales") + quantity)
            if taken != 1:
                raise ServiceError(f"积分商品“{goods.name}”库存不足")
            order = await OrderIntegral.create(
                order_no=order_no, request_no=request_no, uid=uid, goods_id=goods.id, goods_name=goods.name,
                goods_image=(goods.pics.split(",")[0] if goods.pics else "")[:500], unit_points=goods.points,
                quantity=quantity, points=total, status=TO_SHIP, receiver_name=receiver["name"],
                receiver_phone=receiver["phone"], receiver_address=receiver["address"], create_time=now)
    except IntegrityError:
        done = await OrderIntegral.get_or_none(request_no=request_no)
        if done is None:
            raise
        return _same(done, uid, goods_id, quantity), False
    return order, True


async def ship(order_id: int, carrier: str, tracking_no: str, by: str, now: datetime) -> OrderIntegral:
    """Ships a to-ship order, or edits the logistics of a shipped one."""
    order = await OrderIntegral.get_or_none(id=order_id)
    if order is None:
        raise NotFound("积分订单不存在")
    if order.status not in (TO_SHIP, SHIPPED):
        raise ServiceError(f"订单{STATUSES[order.status]}，不能发货")
    values = {"carrier": carrier, "tracking_no": tracking_no, "shipped_by": by[:64], "update_time": now,
              "version": F("version") + 1, "status": SHIPPED}
    if order.status == TO_SHIP:
        values["shipped_at"] = now
    if not await OrderIntegral.filter(id=order.id, status=order.status, version=order.version).update(**values):
        raise ServiceError(CHANGED)
    return await OrderIntegral.get(id=order.id)


async def complete(order_id: int, now: datetime) -> OrderIntegral:
    order = await OrderIntegral.get_or_none(id=order_id)
    if order is None:
        raise NotFound("积分订单不存在")
    if order.status != SHIPPED:
        raise ServiceError(f"订单{STATUSES[order.status]}，只有已发货的订单可以确认完成")
    if not await OrderIntegral.filter(id=order.id, status=SHIPPED, version=order.version).update(
            status=COMPLETED, completed_at=now, update_time=now, version=F("version") + 1):
        raise ServiceError(CHANGED)
    return await OrderIntegral.get(id=order.id)


async def cancel(order_id: int, reason: str, by: str, now: datetime) -> OrderIntegral:
    """Only a to-ship order: the points come back (a credit keyed by the order) and the stock, exactly once."""
    order = await OrderIntegral.get_or_none(id=order_id)
    if order is None:
        raise NotFound("积分订单不存在")
    if order.status != TO_SHIP:
        raise ServiceError(f"订单{STATUSES[order.status]}，只有待发货的订单可以取消")
    await points.ensure_account(order.uid, now)
    async with in_transaction():
        if not await OrderIntegral.filter(id=order.id, status=TO_SHIP, version=order.version).update(
                status=CANCELLED, cancelled_by=by[:64], cancel_reason=reason[:200], cancelled_at=now,
                update_time=now, version=F("version") + 1):
            raise ServiceError(CHANGED)
        await points.move(order.uid, order.points, f"redeem-cancel:{order.order_no}", "refund", now,
                          ref=order.order_no, remark=f"积分订单取消退回：{order.goods_name}")
        await MallIntegralGoods.filter(id=order.goods_id).update(stock=F("stock") + order.quantity,
                                                                 sales=F("sales") - order.quantity)
    return await OrderIntegral.get(id=order.id)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "积分商品不存在": "The points goods do not exist",
    "积分商品“{name}”已下架": "The points goods “{name}” are off the shelf",
    "积分商品“{name}”库存不足": "The points goods “{name}” are out of stock",
    "积分商品“{name}”每人限兑{n}件": "The points goods “{name}” are limited to {n} per user",
    "积分订单不存在": "The points order does not exist",
    "订单{status}，只有已发货的订单可以确认完成": "The order is {status}: only a shipped order can be completed",
    "订单{status}，只有待发货的订单可以取消": "The order is {status}: only an order to ship can be cancelled",
}, words={
    "已取消": "cancelled",
})
