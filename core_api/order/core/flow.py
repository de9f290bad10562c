"""The shop order state machine (DOMAIN.md "Orders").

unpaid → to_ship | to_pickup | grouping (paid) → shipped → completed; closed from unpaid (buyer, operator,
unpaid timeout) or from to_ship (every line refunded before shipping). Payment, refund, settlement and pick-up
are fields of their own (``pay_status``, ``refund_status``, ``settle_status``, ``pickup_status``).

``move`` is the only way a status changes: one conditional update on the status and version the caller saw,
and one ``OrderLog`` row with the actor, in the caller's transaction. An illegal move is refused with the
current status in the operator's words and changes nothing; a concurrent move makes the loser fail with
"订单状态已变化".
"""

from __future__ import annotations

import functools
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core_api.order.core.models import OrderLog, OrderShop
from core_api.platform import sql
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.outbox import publish_kept
from core_api.platform.schema import english

log = logging.getLogger("console.order")

UNPAID, TO_SHIP, TO_PICKUP, GROUPING = "unpaid", "to_ship", "to_pickup", "grouping"
SHIPPED, COMPLETED, CLOSED = "shipped", "completed", "closed"
STATUSES = {UNPAID: "待付款", TO_SHIP: "待发货", TO_PICKUP: "待自提", GROUPING: "待成团", SHIPPED: "已发货",
            COMPLETED: "已完成", CLOSED: "已关闭"}
OPEN = (UNPAID, TO_SHIP, TO_PICKUP, GROUPING, SHIPPED)  # holds stock, or may still ship

# action: (the statuses it may start from, its label for messages). The target is given by the caller only
# where it depends on the order (``pay`` lands on to_ship, to_pickup or grouping); else it is fixed here.
ACTIONS: dict[str, tuple[frozenset[str], str, str | None]] = {
    "pay": (frozenset({UNPAID}), "支付", None),
    "cancel": (frozenset({UNPAID}), "取消", CLOSED),  # the buyer
    "close": (frozenset({UNPAID}), "关闭", CLOSED),  # an operator
    "timeout": (frozenset({UNPAID}), "超时关闭", CLOSED),
    "group_full": (frozenset({GROUPING}), "成团", None),  # to_ship or to_pickup
    "group_failed": (frozenset({GROUPING}), "拼团失败关闭", CLOSED),
    "refund_close": (frozenset({TO_SHIP, TO_PICKUP}), "全额退款关闭", CLOSED),
    "ship": (frozenset({TO_SHIP}), "发货", SHIPPED),
    "pickup": (frozenset({TO_PICKUP}), "自提核销", COMPLETED),
    "confirm": (frozenset({SHIPPED}), "确认收货", COMPLETED),  # the buyer
    "auto_complete": (frozenset({SHIPPED}), "自动确认收货", COMPLETED),
}


@dataclass(frozen=True)
class Actor:
    """Who moves an order: the buyer (``user``, the app uid), console staff (``staff``) or the system."""

    kind: str
    id: int = 0
    name: str = ""


SYSTEM = Actor("system", 0, "系统")


def new_order_no(now: datetime, prefix: str = "") -> str:
    """Time-ordered and unguessable enough for a number shown to people: yymmddHHMMSS + 8 random digits."""
    return f"{prefix}{now:%y%m%d%H%M%S}{secrets.randbelow(10**8):08d}"


async def move(order: OrderShop, action: str, actor: Actor, now: datetime, *, to: str | None = None,
               note: str = "", **fields: Any) -> OrderShop:
    """Moves ``order`` (as the caller loaded it) by ``action``; ``fields`` are written by the same update.
    Call inside a transaction. Answers the order as it is now."""
    sources, label, target = ACTIONS[action]
    target = target or to
    if target is None or target not in STATUSES:
        raise ValueError(f"{action} needs a target status")
    if order.status not in sources:
        raise ServiceError(f"订单{STATUSES.get(order.status, order.status)}，不能{label}")
    names = tuple(fields)
    rows = await sql.fetch(OrderShop, _move_text(names), target, now, *(fields[n] for n in names), order.id,
                           order.status, order.version)
    if len(rows) != 1:
        raise ServiceError("订单状态已变化，请刷新后重试", 409)
    await sql.insert([OrderLog(shop_order_id=order.id, action=action, from_status=order.status, to_status=target,
                               actor_kind=actor.kind, actor_id=actor.id, actor_name=actor.name[:64], note=note[:500],
                               create_time=now)])
    return OrderShop._init_from_db(**rows[0])


@functools.lru_cache(maxsize=64)
def _move_text(names: tuple[str, ...]) -> str:
    """The conditional update of a move that also writes ``names``, answering the order as it is now: one statement
    instead of the ORM's update and a read after it (every payment, shipment and completion moves an order). The
    names are the callers' (code, never a request's); an unknown one fails here."""
    meta = OrderShop._meta
    sets = ['"status" = $1', '"version" = "version" + 1', '"update_time" = $2']
    sets += [f'"{meta.fields_db_projection[name]}" = ${i + 3}' for i, name in enumerate(names)]
    k = len(names) + 3
    return (f'UPDATE "{meta.db_table}" SET {", ".join(sets)} '  # noqa: S608 - column names and marks only
            f'WHERE "id" = ${k} AND "status" = ${k + 1} AND "version" = ${k + 2} RETURNING *')


async def note(order_id: int, action: str, actor: Actor, now: datetime, text: str = "") -> None:
    """An order log row for an event that is not a status change (logistics edited, after-sale applied)."""
    await OrderLog.create(shop_order_id=order_id, action=action, actor_kind=actor.kind, actor_id=actor.id,
                          actor_name=actor.name[:64], note=text[:500], create_time=now)


async def load(order_id: int, *, for_update: bool = False) -> OrderShop:
    query = OrderShop.filter(id=order_id)
    if for_update:
        query = query.select_for_update()
    order = await query.first()
    if order is None:
        raise NotFound("订单不存在")
    return order


# Every order event goes out on one bus topic after its transaction commits; consumers (the order messages
# of the message centre, the dashboard aggregates) subscribe with their own consumer group and must be
# idempotent on (event, shopOrderId, ref).
TOPIC = "order.changed"  # not "order.event": that one is the partner-fed message-centre topic
EVENTS = {
    "placed": "下单",
    "paid": "已支付",  # staff act: ship or prepare the pick-up
    "shipped": "已发货",
    "completed": "已完成",
    "closed": "已关闭",
    "after_sale_applied": "申请售后",  # staff act: decide
    "refunded": "已退款",
    "group_failed": "拼团失败",  # staff act: the refunds
    "settled": "已结算",
}


async def publish(bus: Any, events: list[dict[str, Any]]) -> None:
    """After the commit: each event on ``TOPIC``, kept for the outbox's relay while the broker is away. The state is
    committed, so an event neither published nor kept (the database away too) is logged, not the caller's failure."""
    for e in events:
        try:
            await publish_kept(bus, TOPIC, e)
        except Exception:
            log.exception("order event %s of %s neither published nor kept", e.get("event"), e.get("orderNo"))


def event(name: str, order: OrderShop, now: datetime, *, ref: str = "", amount_fen: int = 0) -> dict[str, Any]:
    """The payload of an order event; publish it with ``publish(bus, [...])`` after the commit."""
    if name not in EVENTS:
        raise ValueError(name)
    return {"event": name, "shopOrderId": order.id, "orderNo": order.order_no, "mainNo": order.main_no,
            "shopId": order.shop_id, "uid": order.uid, "status": order.status, "ref": ref,
            "amountFen": amount_fen, "at": now.isoformat()}


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "订单不存在": "The order does not exist",
    "订单状态已变化，请刷新后重试": "The order's state has changed: refresh and try again",
    "订单{status}，不能{label}": "The order is {status}: cannot {label}",
}, words={
    "待付款": "awaiting payment",
    "待发货": "awaiting shipment",
    "待自提": "awaiting pickup",
    "待成团": "awaiting its group",
    "已发货": "shipped",
    "已完成": "completed",
    "已关闭": "closed",
    "支付": "pay",
    "取消": "cancel",
    "关闭": "close",
    "超时关闭": "close on timeout",
    "成团": "complete the group",
    "拼团失败关闭": "close as a failed group",
    "全额退款关闭": "close with a full refund",
    "发货": "ship",
    "自提核销": "verify the pickup",
    "确认收货": "confirm receipt",
    "自动确认收货": "confirm receipt automatically",
})
