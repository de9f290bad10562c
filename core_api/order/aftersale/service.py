"""The after-sale state machine of one order line and the refund execution (DOMAIN.md "Refunds and after-sale").

applied → rejected | awaiting_refund (refund only) | awaiting_return → return_shipped → received (or
return_rejected) → awaiting_refund → refunding → refunded | refund_failed (→ refunding again, with the same
refund number). The buyer may cancel before the refund executes.

Like ``core_api.order.core.flow``: ``ACTIONS`` holds the statuses each action may start from; ``step`` is the
only way a status changes (a conditional update on the status and version the caller saw, and an order log row
via ``flow.note`` with the actor), and the line's ``after_sale`` follows in the same transaction.

A settled shop order is never refunded (its commission and payout are final): an application and an execution
check it under the shop order's row lock, which settlement takes too. A refund row with its own number is
committed before the wallet is called. An answer that is not final (the wallet still processing, a timeout)
leaves the refund refunding with nothing booked; the job ``resendStuckRefunds`` sends the same number again later
and applies the final answer once. The total refunded of a shop order
never exceeds what was paid: checked under a row lock of the shop order (``select_for_update``) when the money
is booked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from core_api.mall.goods.models import MallGoods, MallSku
from core_api.order.aftersale.models import OrderAfterSale, OrderRefund
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderMain, OrderPay, OrderShop
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.schema import english
from core_api.platform.wallet import FAILED, PAID, HttpWallet, LocalWallet, WalletRefused, WalletUnavailable
from core_api.points.ledger import service as points
from core_api.points.ledger.models import PointsLedger

REFUND, RETURN_REFUND = "refund", "return_refund"
KINDS = {REFUND: "仅退款", RETURN_REFUND: "退货退款"}
APPLIED, REJECTED, AWAITING_REFUND, AWAITING_RETURN = "applied", "rejected", "awaiting_refund", "awaiting_return"
RETURN_SHIPPED, RECEIVED, RETURN_REJECTED = "return_shipped", "received", "return_rejected"
REFUNDING, REFUNDED, REFUND_FAILED, CANCELLED = "refunding", "refunded", "refund_failed", "cancelled"
STATUSES = {APPLIED: "待审核", REJECTED: "已拒绝", AWAITING_REFUND: "待退款", AWAITING_RETURN: "待退货",
            RETURN_SHIPPED: "买家已退货", RECEIVED: "已收货", RETURN_REJECTED: "拒绝收货", REFUNDING: "退款中",
            REFUNDED: "已退款", REFUND_FAILED: "退款失败", CANCELLED: "已撤销"}
OPEN = (APPLIED, AWAITING_REFUND, AWAITING_RETURN, RETURN_SHIPPED, RECEIVED, REFUNDING, REFUND_FAILED)
FINAL = (REJECTED, RETURN_REJECTED, REFUNDED, CANCELLED)

# action: (the statuses it may start from, its label for messages, its target)
ACTIONS: dict[str, tuple[frozenset[str], str, str]] = {
    "approve_refund": (frozenset({APPLIED}), "同意退款", AWAITING_REFUND),
    "approve_return": (frozenset({APPLIED}), "同意退货", AWAITING_RETURN),
    "reject": (frozenset({APPLIED}), "拒绝", REJECTED),
    "cancel": (frozenset({APPLIED, AWAITING_REFUND, AWAITING_RETURN, RETURN_SHIPPED}), "撤销", CANCELLED),
    "return_ship": (frozenset({AWAITING_RETURN}), "填写退货物流", RETURN_SHIPPED),
    "receive": (frozenset({RETURN_SHIPPED}), "确认收货", RECEIVED),
    "reject_return": (frozenset({RETURN_SHIPPED}), "拒绝收货", RETURN_REJECTED),
    "to_refund": (frozenset({RECEIVED}), "转待退款", AWAITING_REFUND),
    "execute": (frozenset({AWAITING_REFUND, REFUND_FAILED}), "执行退款", REFUNDING),
    "refunded": (frozenset({REFUNDING}), "退款成功", REFUNDED),
    "refund_fail": (frozenset({REFUNDING}), "退款失败", REFUND_FAILED),
}
CHANGED = "售后状态已变化，请刷新后重试"
# A settled order's commission and payout are booked on what was paid net of refunds: no refund after that.
SETTLED_APPLY = "订单已结算，不能申请售后"
SETTLED_REFUND = "订单已结算，不能退款（平台佣金和店铺货款已按实收金额结算）"
THRESHOLD_KEY = "biz.refund.secondApproveFen"
DEFAULT_THRESHOLD = 50_000  # fen: 500 yuan


def new_no(prefix: str, now: datetime) -> str:
    return flow.new_order_no(now, prefix)


async def get(after_sale_id: int, *, shop_id: int | None = None, uid: int | None = None) -> OrderAfterSale:
    """One after-sale, 404 when it is not there or not the caller's (another shop, another buyer)."""
    query = OrderAfterSale.filter(id=after_sale_id)
    if shop_id is not None:
        query = query.filter(shop_id=shop_id)
    if uid is not None:
        query = query.filter(uid=uid)
    row = await query.first()
    if row is None:
        raise NotFound("售后单不存在")
    return row


async def step(row: OrderAfterSale, action: str, actor: flow.Actor, now: datetime, *, note: str = "",
               **fields: Any) -> OrderAfterSale:
    """Moves ``row`` (as the caller loaded it) by ``action``, in the caller's transaction: the conditional update,
    the line's ``after_sale`` and an order log row. Answers the row as it is now."""
    sources, label, target = ACTIONS[action]
    if row.status not in sources:
        raise ServiceError(f"售后单{STATUSES.get(row.status, row.status)}，不能{label}")
    moved = await OrderAfterSale.filter(id=row.id, status=row.status, version=row.version).update(
        status=target, version=F("version") + 1, update_time=now, **fields)
    if moved != 1:
        raise ServiceError(CHANGED, 409)
    await OrderLine.filter(id=row.line_id).update(after_sale=target)
    text = f"售后 {row.after_sale_no} 商品行 {row.line_id}：{STATUSES[row.status]} → {STATUSES[target]}"
    await flow.note(row.shop_order_id, f"after_sale_{action}", actor, now, f"{text}{'，' + note if note else ''}")
    return await OrderAfterSale.get(id=row.id)


# ---- the buyer (the partner API)

@dataclass
class Application:
    uid: int
    request_no: str
    line_id: int
    kind: str
    quantity: int
    amount_fen: int | None
    reason: str
    images: list[str] = field(default_factory=list)


def pro_rata(line: OrderLine, quantity: int) -> int:
    """The refund of ``quantity`` of a line by default: its share of what was paid, rounded down, the last
    units taking the remainder so that the parts add up to the line exactly."""
    if quantity == line.quantity - line.refunded_qty:
        return line.pay_fen - line.refunded_fen
    return min(line.pay_fen * quantity // line.quantity, line.pay_fen - line.refunded_fen)


async def apply(app: Application, now: datetime) -> tuple[OrderAfterSale, bool]:
    """A buyer's after-sale request on one line; a repeated request number answers the first request."""
    if (same := await OrderAfterSale.get_or_none(request_no=app.request_no)) is not None:
        return _same(same, app), False
    line = await OrderLine.get_or_none(id=app.line_id)
    order = await OrderShop.get_or_none(id=line.shop_order_id) if line else None
    if line is None or order is None or order.uid != app.uid:
        raise NotFound("订单商品不存在")
    _applicable(order, app.kind, now)
    left_qty = line.quantity - line.refunded_qty
    left_fen = line.pay_fen - line.refunded_fen
    free = line.pay_fen == 0  # paid wholly in points or coupons: refunded by quantity, its points come back
    if left_qty <= 0 or (left_fen <= 0 and not free):
        raise ServiceError("该商品已全部退款")
    if app.quantity > left_qty:
        raise ServiceError(f"退款数量不能超过可退数量 {left_qty}")
    amount = pro_rata(line, app.quantity) if app.amount_fen is None else app.amount_fen
    if amount > left_fen:
        raise ServiceError(f"退款金额不能超过可退金额 {left_fen} 分")
    if amount <= 0 and not free:
        raise ServiceError("退款金额必须大于 0")
    if app.kind == REFUND and app.quantity == left_qty and amount != left_fen:
        # the order closes when nothing is left to send: money kept for units never sent would go nowhere
        raise ServiceError(f"发货前退回全部剩余数量，须退回全部剩余金额 {left_fen} 分")
    actor = flow.Actor("user", app.uid, f"用户{app.uid}")
    try:
        async with in_transaction():
            # under the shop order's row lock, as settlement checks for open after-sales: an order is either
            # settled first (and refused here) or holds this after-sale (and is not settled)
            locked = await OrderShop.filter(id=order.id).select_for_update().first()
            if locked is None or locked.settle_status == "settled":
                raise ServiceError(SETTLED_APPLY)
            # judged again on the order as locked: shipping takes this lock and refuses an open refund, so an
            # order is either shipped first (refund only refused here) or holds this refund (and does not ship)
            _applicable(locked, app.kind, now)
            # one open after-sale per line: the line's after_sale field is claimed by a conditional update
            claimed = await OrderLine.filter(id=line.id, after_sale__not_in=OPEN).update(after_sale=APPLIED)
            if claimed != 1:
                raise ServiceError("该商品已有处理中的售后，请勿重复申请")
            row = await OrderAfterSale.create(
                after_sale_no=new_no("AS", now), request_no=app.request_no, uid=app.uid, main_id=order.main_id,
                shop_order_id=order.id, shop_id=order.shop_id, line_id=line.id, kind=app.kind, quantity=app.quantity,
                amount_fen=amount, before_ship=locked.status in (flow.TO_SHIP, flow.TO_PICKUP), reason=app.reason,
                images=app.images, create_time=now, update_time=now)
            await flow.note(order.id, "after_sale_apply", actor, now,
                            f"申请{KINDS[app.kind]} {row.after_sale_no}：商品行 {line.id} × {app.quantity}，"
                            f"{amount} 分，{app.reason}")
    except IntegrityError:
        same = await OrderAfterSale.get_or_none(request_no=app.request_no)
        if same is None:
            raise
        return _same(same, app), False
    return row, True


def _applicable(order: OrderShop, kind: str, now: datetime) -> None:
    """Refuses an after-sale of ``kind`` the order's status does not allow."""
    if order.pay_status != "paid" or order.status in (flow.UNPAID, flow.CLOSED):
        raise ServiceError(f"订单{flow.STATUSES.get(order.status, order.status)}，不能申请售后")
    if order.status == flow.GROUPING:
        raise ServiceError("拼团中的订单不能申请售后，拼团失败会自动全额退款")
    if order.settle_status == "settled":
        raise ServiceError(SETTLED_APPLY)
    if kind == REFUND and order.status not in (flow.TO_SHIP, flow.TO_PICKUP):
        raise ServiceError(f"订单{flow.STATUSES[order.status]}，仅退款只能在发货前申请，请申请退货退款")
    if kind == RETURN_REFUND:
        if order.status not in (flow.SHIPPED, flow.COMPLETED):
            raise ServiceError(f"订单{flow.STATUSES[order.status]}，未发货的订单请申请仅退款")
        if order.status == flow.COMPLETED and (order.after_sale_until is None or now > order.after_sale_until):
            raise ServiceError("订单已超过售后期限，不能申请售后")


def _same(row: OrderAfterSale, app: Application) -> OrderAfterSale:
    if row.uid != app.uid or row.line_id != app.line_id or row.kind != app.kind or row.quantity != app.quantity:
        raise ServiceError("该申请号已用于另一笔售后", 409)
    return row


async def buyer_step(after_sale_id: int, uid: int, action: str, now: datetime, **fields: Any) -> OrderAfterSale:
    row = await get(after_sale_id, uid=uid)
    async with in_transaction():
        return await step(row, action, flow.Actor("user", uid, f"用户{uid}"), now, **fields)


# ---- shop staff and operators decide

async def decide(row: OrderAfterSale, action: str, actor: flow.Actor, now: datetime, *, reason: str = "",
                 sellable: bool | None = None) -> OrderAfterSale:
    async with in_transaction():
        if action == "approve":
            target = "approve_refund" if row.kind == REFUND else "approve_return"
            return await step(row, target, actor, now, approver_id=actor.id, approver=actor.name[:64])
        if action == "reject":
            if row.status == RETURN_SHIPPED:
                return await step(row, "reject_return", actor, now, note=reason, reject_reason=reason)
            return await step(row, "reject", actor, now, note=reason, reject_reason=reason)
        if action == "receive":
            if sellable is None:
                raise ServiceError("请选择退回商品是否可再次销售")
            got = await step(row, "receive", actor, now, note="可再次销售" if sellable else "不可再次销售",
                             sellable=sellable)
            return await step(got, "to_refund", actor, now)
    raise ValueError(action)


# ---- finance executes

@dataclass
class Outcome:
    status: str
    refund: OrderRefund
    closed: OrderShop | None = None
    events: list[dict[str, Any]] = field(default_factory=list)


async def start(row: OrderAfterSale, actor: flow.Actor, now: datetime) -> OrderRefund:
    """Moves the after-sale to refunding and commits its refund row (a new number, or the one of a failed try)
    before any call to the wallet. Of concurrent identical calls one wins, the others change nothing."""
    async with in_transaction():
        order = await OrderShop.filter(id=row.shop_order_id).select_for_update().first()
        if order is None:
            raise NotFound("订单不存在")
        # ``row`` was read before the lock: a concurrent execution may have refunded it since, and the amounts
        # below would then say "exceeds" where the truth is "already moved on".
        if not await OrderAfterSale.filter(id=row.id, status=row.status, version=row.version).exists():
            raise ServiceError(CHANGED, 409)
        if row.status in ACTIONS["execute"][0] and order.settle_status == "settled":
            raise ServiceError(SETTLED_REFUND)
        if row.status in ACTIONS["execute"][0] and order.refunded_fen + row.amount_fen > order.pay_fen:
            raise ServiceError(f"退款金额超过订单可退金额（已退 {order.refunded_fen} 分，实付 {order.pay_fen} 分）")
        line = await OrderLine.get(id=row.line_id)
        if row.status in ACTIONS["execute"][0] and line.refunded_fen + row.amount_fen > line.pay_fen:
            raise ServiceError(f"退款金额超过商品可退金额（已退 {line.refunded_fen} 分，实付 {line.pay_fen} 分）")
        moved = await step(row, "execute", actor, now)
        refund = await OrderRefund.get_or_none(after_sale_id=row.id)
        if refund is None:
            main = await OrderMain.get(id=row.main_id)
            refund = await OrderRefund.create(
                refund_no=new_no("R", now), after_sale_id=row.id, main_id=row.main_id, main_no=main.order_no,
                shop_order_id=row.shop_order_id, shop_id=row.shop_id, line_id=row.line_id, uid=row.uid,
                amount_fen=row.amount_fen, attempts=1, executor_id=actor.id, executor=actor.name[:64],
                create_time=now, update_time=now)
            await OrderAfterSale.filter(id=moved.id).update(refund_id=refund.id)
        else:
            await OrderRefund.filter(id=refund.id).update(status=REFUNDING, attempts=F("attempts") + 1, reason="",
                                                          executor_id=actor.id, executor=actor.name[:64],
                                                          update_time=now)
            refund = await OrderRefund.get(id=refund.id)
    return refund


async def execute(row: OrderAfterSale, wallet: LocalWallet | HttpWallet, actor: flow.Actor, now: datetime) -> Outcome:
    refund = await start(row, actor, now)
    return await send(row.id, refund, wallet, actor, now)


async def send(after_sale_id: int, refund: OrderRefund, wallet: LocalWallet | HttpWallet, actor: flow.Actor,
               now: datetime) -> Outcome:
    """Sends the committed refund row to the wallet (its own number: the wallet answers a repeat with the first
    result and never pays twice) and applies the answer by the conditional steps from refunding: of two senders
    of one refund (an execution and the sweep) one books it, the other raises ``ServiceError`` and changes nothing.
    Only a definite answer is final (paid: booked; refused: refund_failed); "still processing", a timeout or an
    unusable answer leave it refunding, nothing booked, for the sweep to send again."""
    if refund.amount_fen == 0:  # a line paid wholly in points or coupons: nothing to ask the wallet for
        return await _book(after_sale_id, refund, "", actor, now)
    main = await OrderMain.get(id=refund.main_id)
    try:
        result = await wallet.refund(refund.refund_no, main.out_trade_no or main.order_no, refund.amount_fen)
    except WalletUnavailable as exc:  # no answer, or none usable: the refund may have been paid
        return await _processing(after_sale_id, refund, actor, now, exc.msg.removesuffix("，请稍后重试"))
    except WalletRefused as exc:  # a definite refusal ours to fix (key, merchant, funds): nothing was paid
        return await _failed(after_sale_id, refund, actor, now, f"{exc.msg}（可重试，不会重复退款）")
    if result.status == PAID:
        return await _book(after_sale_id, refund, result.refund_id, actor, now)
    if result.status == FAILED:
        return await _failed(after_sale_id, refund, actor, now, result.reason or "支付渠道退款失败")
    return await _processing(after_sale_id, refund, actor, now, "支付渠道处理中")


STUCK_AFTER = timedelta(minutes=5)  # a refund still refunding this long after its last send lost its answer


async def stuck_refunds(now: datetime, limit: int, after: timedelta = STUCK_AFTER) -> list[int]:
    """After-sales left refunding (the process died between the commit and the wallet answer), oldest first."""
    ids = await OrderAfterSale.filter(status=REFUNDING, update_time__lte=now - after).order_by(
        "update_time", "id").limit(limit).values_list("id", flat=True)
    return [int(x) for x in ids]  # type: ignore[call-overload]


async def resume(after_sale_id: int, wallet: LocalWallet | HttpWallet, now: datetime,
                 after: timedelta = STUCK_AFTER) -> Outcome | None:
    """The sweep of one stuck refund: claims it by a conditional update (still refunding, the version it saw, no
    send since ``after``), so that of concurrent sweeps one sends; then sends the SAME refund number again and
    applies the answer like an execution. None when there was nothing to do (moved on, claimed by another)."""
    row = await OrderAfterSale.get_or_none(id=after_sale_id)
    if row is None or row.status != REFUNDING or row.update_time is None or row.update_time > now - after:
        return None
    refund = await OrderRefund.get_or_none(after_sale_id=row.id, status=REFUNDING)
    if refund is None:
        return None
    async with in_transaction():
        claimed = await OrderAfterSale.filter(id=row.id, status=REFUNDING, version=row.version).update(
            version=F("version") + 1, update_time=now)
        if claimed != 1:
            return None
        await OrderRefund.filter(id=refund.id, status=REFUNDING).update(attempts=F("attempts") + 1, update_time=now)
        await flow.note(row.shop_order_id, "after_sale_resend", flow.SYSTEM, now,
                        f"售后 {row.after_sale_no} 退款单 {refund.refund_no} 结果未知，以同一退款单号重新发送")
    try:
        return await send(row.id, await OrderRefund.get(id=refund.id), wallet, flow.SYSTEM, now)
    except ServiceError:  # another sender applied the answer first: nothing changed here
        return None


PROCESSING_NOTE = "退款处理中，稍后自动重查"


async def _processing(after_sale_id: int, refund: OrderRefund, actor: flow.Actor, now: datetime,
                      detail: str) -> Outcome:
    """The wallet is still processing the refund, or its answer was lost: nothing is booked and nothing is final.
    The refund and the after-sale stay refunding (the reason says so, and an order log row when the reason is new)
    until the sweep ``resendStuckRefunds`` sends the same refund number again and applies the final answer."""
    reason = f"{PROCESSING_NOTE}（{detail}，不会重复退款）"
    async with in_transaction():
        row = await OrderAfterSale.get(id=after_sale_id)
        noted = await OrderRefund.filter(id=refund.id, status=REFUNDING).update(reason=reason[:200], update_time=now)
        if row.status != REFUNDING or noted != 1:  # another sender of this refund applied its answer first
            raise ServiceError(CHANGED, 409)
        if refund.reason != reason[:200]:  # the same answer again (a sweep every few minutes) is not news
            await flow.note(row.shop_order_id, "after_sale_processing", actor, now,
                            f"售后 {row.after_sale_no} 退款单 {refund.refund_no}：{reason}")
    return Outcome(REFUNDING, await OrderRefund.get(id=refund.id))


async def _failed(after_sale_id: int, refund: OrderRefund, actor: flow.Actor, now: datetime,
                  reason: str) -> Outcome:
    async with in_transaction():
        row = await OrderAfterSale.get(id=after_sale_id)
        await step(row, "refund_fail", actor, now, note=reason)
        await OrderRefund.filter(id=refund.id, status=REFUNDING).update(status="failed", reason=reason[:200],
                                                                         update_time=now)
    return Outcome(REFUND_FAILED, await OrderRefund.get(id=refund.id))


def _share(total: int, part: int, whole: int) -> int:
    return total * part // whole if whole > 0 else 0


async def _book(after_sale_id: int, refund: OrderRefund, trade_no: str, actor: flow.Actor,
                now: datetime) -> Outcome:
    """The refund succeeded: the money, the stock and the points, under the shop order's row lock."""
    await points.ensure_account(refund.uid, now)
    events: list[dict[str, Any]] = []
    closed = None
    async with in_transaction():
        order = await OrderShop.filter(id=refund.shop_order_id).select_for_update().first()
        assert order is not None
        row = await OrderAfterSale.get(id=after_sale_id)
        if row.status != REFUNDING:  # another sender of this refund applied its answer first
            raise ServiceError(CHANGED, 409)
        if order.refunded_fen + refund.amount_fen > order.pay_fen:
            raise ServiceError("退款金额超过订单实付金额，已拒绝入账")
        line = await OrderLine.get(id=refund.line_id)
        if line.refunded_fen + refund.amount_fen > line.pay_fen or line.refunded_qty + row.quantity > line.quantity:
            raise ServiceError("退款超过商品实付金额或数量，已拒绝入账")
        row = await step(row, "refunded", actor, now, note=f"退款单 {refund.refund_no}，{refund.amount_fen} 分")
        line_fen, line_qty = line.refunded_fen + refund.amount_fen, line.refunded_qty + row.quantity
        await OrderLine.filter(id=line.id, refunded_fen=line.refunded_fen, refunded_qty=line.refunded_qty).update(
            refunded_fen=line_fen, refunded_qty=line_qty)
        lines = await OrderLine.filter(shop_order_id=order.id)
        every = all(x.refunded_fen >= x.pay_fen and x.refunded_qty >= x.quantity for x in lines)
        total = order.refunded_fen + refund.amount_fen
        changed = await OrderShop.filter(id=order.id, refunded_fen=order.refunded_fen).update(
            refunded_fen=total, refund_status="full" if every or 0 < order.pay_fen <= total else "partial",
            update_time=now)
        if changed != 1:
            raise ServiceError(CHANGED, 409)
        await OrderPay.create(kind="refund", main_id=refund.main_id, main_no=refund.main_no,
                              shop_order_id=order.id, shop_id=order.shop_id, uid=refund.uid, out_no=refund.refund_no,
                              trade_no=trade_no, amount_fen=refund.amount_fen, create_time=now)
        if row.before_ship or row.sellable:
            line_sku = await MallSku.filter(id=line.sku_id).update(stock=F("stock") + row.quantity)
            # the goods item's total as placement and close keep it (the goods list shows it)
            await MallGoods.filter(id=line.goods_id).update(stock=F("stock") + row.quantity,
                                                            sales=F("sales") - row.quantity)
            await flow.note(order.id, "after_sale_stock", actor, now,
                            f"库存退回 SKU {line.sku_id} × {row.quantity}" if line_sku else "SKU 已删除，库存未退回")
        back, reversed_, unreversed = await _points(order, line, refund, row.quantity, now)
        await OrderRefund.filter(id=refund.id, status=REFUNDING).update(
            status=REFUNDED, trade_no=trade_no[:64], reason="", points_back=back, points_reversed=reversed_,
            points_unreversed=unreversed, finish_time=now, update_time=now)
        fresh = await OrderShop.get(id=order.id)
        events.append(flow.event("refunded", fresh, now, ref=refund.refund_no, amount_fen=refund.amount_fen))
        if fresh.status in (flow.TO_SHIP, flow.TO_PICKUP) and nothing_to_ship(fresh, lines):
            closed = await _refund_close(fresh, lines, refund, actor, now)
            events.append(flow.event("closed", closed, now, ref=refund.refund_no))
    return Outcome(REFUNDED, await OrderRefund.get(id=refund.id), closed, events)


def nothing_to_ship(order: OrderShop, lines: list[OrderLine]) -> bool:
    """An unshipped order the buyer has nothing left to receive for: every line refunded in quantity or in its
    goods' money (a line paid 0 only by quantity), or the order's money refunded. It closes, and never ships."""
    if 0 < order.pay_fen <= order.refunded_fen:
        return True
    return bool(lines) and all(x.refunded_qty >= x.quantity or 0 < x.pay_fen <= x.refunded_fen for x in lines)


async def _refund_close(order: OrderShop, lines: list[OrderLine], refund: OrderRefund, actor: flow.Actor,
                        now: datetime) -> OrderShop:
    """The refund that left nothing to ship closes the order (in ``_book``'s transaction). The units not refunded
    (the money refunded in full for part of them) never leave either: their stock comes back here, so that the
    stock of a closed order is what it was before the order."""
    every_unit = all(x.refunded_qty >= x.quantity for x in lines)
    closed = await flow.move(order, "refund_close", actor, now, note=f"退款单 {refund.refund_no}",
                             close_reason="全部商品已退款" if every_unit else "货款已全额退款", closed_at=now)
    for line in sorted(lines, key=lambda x: x.sku_id):  # SKU order, as placement and close update them
        rest = line.quantity - line.refunded_qty
        if rest <= 0:
            continue
        line_sku = await MallSku.filter(id=line.sku_id).update(stock=F("stock") + rest)
        await MallGoods.filter(id=line.goods_id).update(stock=F("stock") + rest, sales=F("sales") - rest)
        await flow.note(order.id, "after_sale_stock", actor, now,
                        f"库存退回 SKU {line.sku_id} × {rest}（订单关闭，未退款数量）" if line_sku
                        else "SKU 已删除，库存未退回")
    return closed


async def _points(order: OrderShop, line: OrderLine, refund: OrderRefund, quantity: int,
                  now: datetime) -> tuple[int, int, int]:
    """Points spent come back pro rata of the line's refund (the line's last refund takes the remainder; a line
    paid wholly in points or coupons, pro rata of the quantity);
    points earned on the order are reversed pro rata of the order's payment once they were credited, never below
    zero: what the buyer already spent is recorded as not reversed."""
    back = 0
    if line.points_used > 0:
        given = sum(r.points_back for r in await OrderRefund.filter(line_id=line.id, status=REFUNDED))
        if line.pay_fen == 0:
            last = line.refunded_qty + quantity >= line.quantity
            back = line.points_used - given if last else min(_share(line.points_used, quantity, line.quantity),
                                                             line.points_used - given)
        elif line.refunded_fen + refund.amount_fen >= line.pay_fen:
            back = line.points_used - given
        else:
            back = min(_share(line.points_used, refund.amount_fen, line.pay_fen), line.points_used - given)
        if back > 0:
            await points.move(refund.uid, back, f"refund:{refund.refund_no}:back", "refund", now,
                              ref=refund.refund_no, remark=f"订单 {order.order_no} 退款退回积分")
    reversed_ = unreversed = 0
    credited = order.points_earned > 0 and await PointsLedger.filter(uid=refund.uid, ref=order.order_no,
                                                                     delta__gt=0).exists()
    if credited:
        wanted = _share(order.points_earned, refund.amount_fen, order.pay_fen)
        reversed_ = min(wanted, await points.balance(refund.uid))
        if reversed_ > 0:
            try:
                await points.move(refund.uid, -reversed_, f"refund:{refund.refund_no}:reverse",
                                  "refund_rev", now, ref=refund.refund_no,
                                  remark=f"订单 {order.order_no} 退款扣回赠送积分")
            except points.ShortPoints:  # spent meanwhile: nothing written, recorded as not reversed
                reversed_ = 0
        unreversed = wanted - reversed_
    return max(back, 0), reversed_, unreversed


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "售后单不存在": "The after-sale does not exist",
    "拼团中的订单不能申请售后，拼团失败会自动全额退款":
        "An order still grouping cannot ask for an after-sale: a failed group is refunded in full automatically",
    "订单商品不存在": "The order item does not exist",
    "订单已超过售后期限，不能申请售后": "The order is past its after-sale period",
    "该商品已全部退款": "The item has been refunded in full",
    "该商品已有处理中的售后，请勿重复申请": "The item already has an after-sale in progress",
    "退款金额必须大于 0": "The refund amount must be above 0",
    "售后单{status}，不能{label}": "The after-sale is {status}: cannot {label}",
    "订单{status}，不能申请售后": "The order is {status}: cannot ask for an after-sale",
    "退款金额不能超过可退金额 {left} 分": "The refund may not exceed the refundable {left} fen",
    "退款数量不能超过可退数量 {left}": "The quantity may not exceed the refundable {left}",
}, words={
    "待审核": "pending review",
    "已拒绝": "rejected",
    "待退款": "awaiting refund",
    "待退货": "awaiting return",
    "同意退款": "approve the refund",
    "同意退货": "approve the return",
    "拒绝": "reject",
    "撤销": "withdraw",
    "填写退货物流": "give the return shipment",
    "拒绝收货": "return refused",
    "转待退款": "move to awaiting refund",
    "执行退款": "execute the refund",
    "退款成功": "mark refunded",
    "买家已退货": "returned by the buyer",
    "已收货": "received",
    "退款中": "refunding",
    "已退款": "refunded",
    "退款失败": "refund failed",
    "已撤销": "withdrawn",
})
