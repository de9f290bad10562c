"""The console side of orders: finding an order in the caller's scope, the order detail, shipping (or editing the
logistics of a shipped order) and confirming a pick-up by its code; the order messages of the message centre.

Statuses move only through ``flow.move`` (a conditional update and an order log row); the events go out on
``flow.TOPIC`` after the commit."""

from __future__ import annotations

import hmac
import re
from datetime import datetime, timedelta
from typing import Any

from tortoise.expressions import F as Col
from tortoise.expressions import RawSQL, Subquery
from tortoise.queryset import QuerySet
from tortoise.transactions import in_transaction

from core_api.mall.shop.refs import shop_names
from core_api.order.aftersale.models import OrderAfterSale
from core_api.order.aftersale.service import ACTIONS as AFTER_SALE
from core_api.order.aftersale.service import OPEN as AFTER_SALE_OPEN
from core_api.order.aftersale.service import nothing_to_ship
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import to_camel
from core_api.platform.resource import mask
from core_api.platform.security import Principal
from core_api.platform.timefmt import fmt

AFTER_SALE_DAYS = 7  # DOMAIN.md: the after-sale window starts at completion

# Each shop order's open after-sale state (its earliest open one; null when there is none), read in the statement
# that reads the order (the lists' pages and the detail): shipping or confirming a pick-up is refused while one is
# open (_deliverable), so the screens say so. The states written into it are the code's constants, checked to be
# plain words.
if not all(state.isidentifier() for state in AFTER_SALE_OPEN):
    raise ValueError("an after-sale state is not a plain word")
_OPEN_STATES = ", ".join(f"'{state}'" for state in AFTER_SALE_OPEN)
OPEN_AFTER_SALE = ('(SELECT a."status" FROM "order_after_sale" a WHERE a."shop_order_id" = "order_shop"."id" '  # noqa: S608
                   f'AND a."status" IN ({_OPEN_STATES}) ORDER BY a."id" LIMIT 1)')
TRACKING = re.compile(r"^[A-Za-z0-9-]{6,40}$")
LOGISTICS_ACTIONS = ("ship", "logistics", "confirm", "auto_complete")
PERSONAL = "account:consumer:personal"  # the one permission that shows buyers' phones unmasked


def actor_of(principal: Principal) -> flow.Actor:
    return flow.Actor("staff", principal.user_id, principal.user_name)


def mains_of_shop(shop_id: int) -> Subquery:
    return Subquery(OrderShop.filter(shop_id=shop_id).values("main_id"))


def scoped_shop_orders(principal: Principal, qs: QuerySet | None = None) -> QuerySet:
    qs = qs if qs is not None else OrderShop.all()
    if (where := principal.authz.scope.shop_filter("shop_id")) is not None:
        qs = qs.filter(where)
    return qs


async def shop_order_by_no(principal: Principal, order_no: str, *, for_update: bool = False) -> OrderShop:
    """The caller's shop order with that number: another shop's answers 404 as a missing one does."""
    qs = scoped_shop_orders(principal, OrderShop.filter(order_no=order_no))
    if for_update:
        qs = qs.select_for_update()
    order = await qs.first()
    if order is None:
        raise NotFound("订单不存在")
    return order


def _view(row: dict[str, Any]) -> dict[str, Any]:
    return {to_camel(k): fmt(v) if isinstance(v, datetime) else v for k, v in row.items()}


MAIN_FIELDS = ("id", "order_no", "uid", "goods_fen", "freight_fen", "coupon_fen", "points_fen", "points_used",
               "pay_fen", "pay_status", "pay_way", "trade_no", "paid_at", "pay_deadline", "closed_at", "shelf",
               "remark", "create_time")
MAIN_SHOP_VIEW = ("id", "order_no", "uid", "pay_status", "paid_at", "create_time")  # a shop account: no totals
SHOP_FIELDS = ("id", "order_no", "main_no", "shop_id", "uid", "status", "delivery", "kind", "goods_fen",
               "freight_fen", "coupon_fen", "points_fen", "points_used", "pay_fen", "refunded_fen", "pay_status",
               "refund_status", "settle_status", "pickup_status", "receiver_name", "receiver_phone",
               "receiver_area", "receiver_address", "carrier", "tracking_no", "buyer_remark", "close_reason",
               "paid_at", "shipped_at", "completed_at", "closed_at", "after_sale_until", "create_time")
LINE_FIELDS = ("id", "shop_order_id", "goods_id", "sku_id", "goods_name", "spec", "image", "price_fen", "quantity",
               "amount_fen", "coupon_fen", "points_fen", "pay_fen", "refunded_fen", "refunded_qty", "after_sale",
               "commented")
LOG_FIELDS = ("id", "shop_order_id", "action", "from_status", "to_status", "actor_kind", "actor_id", "actor_name",
              "note", "create_time")
PAY_FIELDS = ("id", "kind", "main_no", "shop_order_id", "shop_id", "out_no", "trade_no", "amount_fen", "pay_way",
              "create_time")


async def detail(principal: Principal, *, order_no: str | None = None, main_id: int | None = None,
                 shop_order_id: int | None = None) -> dict[str, Any]:
    """A main order with its shop orders (a shop account: its own shop's only), their lines and order logs, and
    the payments. ``order_no`` is a main order's or a shop order's number (an order message carries the latter:
    that shop order is ``focus``)."""
    focus = None
    if shop_order_id is not None or (order_no and not await OrderMain.filter(order_no=order_no).exists()):
        qs = OrderShop.filter(id=shop_order_id) if shop_order_id is not None else OrderShop.filter(order_no=order_no)
        shop = await scoped_shop_orders(principal, qs).first()
        if shop is None:
            raise NotFound("订单不存在")
        main_id, focus = shop.main_id, shop.id
    where: dict[str, Any] = {"id": main_id} if main_id is not None else {"order_no": order_no}
    mains = OrderMain.filter(**where)
    own = principal.authz.scope.shop_id
    if own is not None:
        mains = mains.filter(id__in=mains_of_shop(own))
    rows = await mains.values(*(MAIN_FIELDS if own is None else MAIN_SHOP_VIEW))
    if not rows:
        raise NotFound("订单不存在")
    main = rows[0]
    parts = scoped_shop_orders(principal, OrderShop.filter(main_id=main["id"]))
    shops = await parts.order_by("id").annotate(after_sale=RawSQL(OPEN_AFTER_SALE)).values(*SHOP_FIELDS, "after_sale")
    ids = [s["id"] for s in shops]
    lines = await OrderLine.filter(shop_order_id__in=ids).order_by("id").values(*LINE_FIELDS)
    since = log_since([s["create_time"] for s in shops])
    logs = await OrderLog.filter(shop_order_id__in=ids, **since).order_by("id").values(*LOG_FIELDS)
    pays = OrderPay.filter(main_id=main["id"])
    if own is not None:
        pays = pays.filter(shop_id=own)  # its refunds; the payment covers every shop of the checkout
    pay_rows = await pays.order_by("id").values(*PAY_FIELDS)
    names = await shop_names(sorted({s["shop_id"] for s in shops})) if shops else {}
    personal = principal.authz.has_permi(PERSONAL)
    out_shops = []
    for s in shops:
        view = _view(s)
        view["statusLabel"] = flow.STATUSES.get(s["status"], s["status"])
        view["shopName"] = names.get(s["shop_id"], "")
        view.pop("pickupCode", None)
        if not personal:
            view["receiverPhone"] = mask(s["receiver_phone"], "phone")
        view["lines"] = [_view(line) for line in lines if line["shop_order_id"] == s["id"]]
        view["logs"] = [{**_view(log), "actionLabel": action_label(log["action"])} for log in logs
                        if log["shop_order_id"] == s["id"]]
        out_shops.append(view)
    return {"main": _view(main), "shops": out_shops, "pays": [_view(p) for p in pay_rows], "focus": focus}


NOTE_LABELS = {"place": "下单", "logistics": "修改物流", "after_sale_apply": "申请售后", "after_sale_stock": "库存退回",
               "after_sale_resend": "重发退款", "after_sale_processing": "退款处理中", "paid_late": "关闭后到账",
               "settle": "结算"}


def action_label(action: str) -> str:
    """The log row's action in the operator's words: the order flow's, the after-sale steps' (``after_sale_<action>``,
    written by core_api/order/aftersale/service.py) and the notes'; never the raw code."""
    if action in flow.ACTIONS:
        return flow.ACTIONS[action][1]
    if action.startswith("after_sale_") and action[len("after_sale_"):] in AFTER_SALE:
        return "售后" + AFTER_SALE[action[len("after_sale_"):]][1]
    return NOTE_LABELS.get(action, action)


async def _deliverable(order: OrderShop, verb: str) -> None:
    """Refuses to hand over goods that a refund before shipping holds (an open after-sale: its execution would put
    them back in stock) or that were refunded already. Call under the order's row lock, which the after-sale
    apply and the refund's booking take too."""
    if await OrderAfterSale.filter(shop_order_id=order.id, status__in=AFTER_SALE_OPEN).exists():
        raise ServiceError(f"该订单有未处理的退款申请，请先处理售后后再{verb}")
    if nothing_to_ship(order, list(await OrderLine.filter(shop_order_id=order.id))):
        raise ServiceError(f"该订单商品已全部退款，不能{verb}")


async def ship(principal: Principal, order_no: str, carrier: str, carrier_label: str, tracking_no: str,
               now: datetime) -> tuple[OrderShop, bool]:
    """Ships a to-ship order (→ shipped), or edits the carrier and number of a shipped one (a log row, no
    status change). Answers the order and whether it was shipped now."""
    tracking_no = tracking_no.strip().upper()
    if not TRACKING.match(tracking_no):
        raise ServiceError("物流单号格式不正确（6到40位字母、数字或短横线）")
    actor = actor_of(principal)
    async with in_transaction():
        order = await shop_order_by_no(principal, order_no, for_update=True)
        if order.status == flow.SHIPPED:
            if order.carrier == carrier and order.tracking_no == tracking_no:
                raise ServiceError("物流信息没有变化")
            moved = await OrderShop.filter(id=order.id, status=flow.SHIPPED, version=order.version).update(
                carrier=carrier, tracking_no=tracking_no, version=Col("version") + 1, update_time=now)
            if moved != 1:
                raise ServiceError("订单状态已变化，请刷新后重试", 409)
            await flow.note(order.id, "logistics", actor, now,
                            f"物流信息修改：{order.carrier} {order.tracking_no} → {carrier_label} {tracking_no}")
            return await OrderShop.get(id=order.id), False
        if order.delivery != "express" and order.status in flow.ACTIONS["ship"][0]:
            raise ServiceError("自提订单不能发货")
        if order.status in flow.ACTIONS["ship"][0]:
            await _deliverable(order, "发货")
        fresh = await flow.move(order, "ship", actor, now, carrier=carrier, tracking_no=tracking_no, shipped_at=now,
                                note=f"{carrier_label} {tracking_no}")
    return fresh, True


async def confirm_pickup(principal: Principal, order_no: str, code: str, now: datetime) -> OrderShop:
    """A pick-up order whose code matches → completed (picked); a wrong code changes nothing."""
    actor = actor_of(principal)
    async with in_transaction():
        order = await shop_order_by_no(principal, order_no, for_update=True)
        if order.delivery != "pickup":
            raise ServiceError("该订单不是自提订单")
        if order.status != flow.TO_PICKUP:
            if order.status == flow.COMPLETED and order.pickup_status == "picked":
                raise ServiceError("订单已核销，请勿重复核销")
            raise ServiceError(f"订单{flow.STATUSES.get(order.status, order.status)}，不能自提核销")
        await _deliverable(order, "核销")
        # bytes: compare_digest refuses str with non-ASCII characters (TypeError), and a code may hold any
        if not order.pickup_code or not hmac.compare_digest(order.pickup_code.encode(),
                                                            code.strip().encode("utf-8", "surrogatepass")):
            raise ServiceError("提货码不正确")
        try:
            return await flow.move(order, "pickup", actor, now, pickup_status="picked", completed_at=now,
                                   after_sale_until=now + timedelta(days=AFTER_SALE_DAYS), note="提货码核销")
        except ServiceError as exc:
            if exc.code == 409:
                raise ServiceError("订单已核销，请勿重复核销", 409) from None
            raise


def log_since(created: list[datetime]) -> dict[str, datetime]:
    """No log row of a shop order is older than the order (a day's margin for hand-made rows): the bound names
    the order's months of the log, partitioned by month on PostgreSQL (core_api/platform/partitions.py)."""
    return {"create_time__gte": min(created) - timedelta(days=1)} if created else {}


async def logistics(principal: Principal, order_no: str) -> dict[str, Any]:
    order = await shop_order_by_no(principal, order_no)
    logs = await OrderLog.filter(shop_order_id=order.id, action__in=LOGISTICS_ACTIONS,
                                 **log_since([order.create_time])).order_by("id").values(*LOG_FIELDS)
    return {"orderNo": order.order_no, "status": order.status, "statusLabel": flow.STATUSES.get(order.status),
            "delivery": order.delivery, "carrier": order.carrier, "trackingNo": order.tracking_no,
            "shippedAt": fmt(order.shipped_at) if order.shipped_at else None,
            "logs": [{**_view(log), "actionLabel": action_label(log["action"])} for log in logs]}
