"""Order timeouts (DOMAIN.md "Orders": each timeout has a delayed message and a periodic sweep, both doing a
conditional update, so a lost message or a restart never leaves an order stuck).

- unpaid: placing publishes ``order.timeout`` 30 minutes later (``bus.publish_later``); the handler and the
  job ``closeUnpaidOrders`` close the shop orders of a main order still unpaid past its deadline (action
  ``timeout``, actor SYSTEM).
- shipped: the ``shipped`` order event schedules ``order.auto_complete`` 7 days later; the handler and the job
  ``completeShippedOrders`` complete an order still shipped and due (action ``auto_complete``).
- settlement: the job ``settleOrders`` settles a completed order whose after-sale window has ended with no open
  after-sale: the shop's commission split on the amount paid net of refunds, and the buyer's earned points
  (key ``earn:<shopOrderNo>``); publishes ``settled``. The check for open after-sales and the settlement are
  made under the shop order's row lock, which an after-sale application and a refund take too: a settled order
  is never refunded, so its fee and payout never need reversing.

Each step is one conditional update per order in its own transaction: run twice, concurrently or after a
redelivery, the second run finds nothing to do.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import Field
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from core_api.monitor.job.handlers import JobContext, job_handler
from core_api.order.aftersale.service import OPEN as AFTER_SALE_OPEN  # an open after-sale holds settlement
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderMain, OrderShop
from core_api.order.place import service
from core_api.platform.errors import ServiceError
from core_api.platform.schema import StrictSchema

log = logging.getLogger("console.order")
TIMEOUT_TOPIC = "order.timeout"
AUTO_COMPLETE_TOPIC = "order.auto_complete"
# Fixed delays (one delay queue each on RabbitMQ). Configuration values with DOMAIN.md's defaults.
TIMEOUT_DELAY_S = service.PAY_MINUTES * 60
AUTO_COMPLETE_DELAY_S = service.AUTO_COMPLETE_DAYS * 86400


async def schedule_timeout(bus: Any, main: OrderMain) -> None:
    try:
        await bus.publish_later(TIMEOUT_TOPIC, {"mainId": main.id, "mainNo": main.order_no}, TIMEOUT_DELAY_S)
    except Exception:  # the sweep closes it anyway
        log.exception("timeout of order %s not scheduled", main.order_no)


async def close_unpaid(main_id: int, now: datetime) -> list[dict[str, Any]]:
    """Closes the unpaid shop orders of a main order unpaid past its deadline; answers the events."""
    events: list[dict[str, Any]] = []
    main = await OrderMain.get_or_none(id=main_id)
    if main is None or main.pay_status != "unpaid" or main.pay_deadline > now:
        return events
    for so in await OrderShop.filter(main_id=main_id, status=flow.UNPAID).order_by("id"):
        try:
            async with in_transaction():
                events += await service.close_shop_order(so, "timeout", flow.SYSTEM, now, "超时未支付",
                                                         unpaid_before=now)
        except ServiceError as exc:  # paid, cancelled or closed meanwhile: nothing to do
            log.info("timeout of %s skipped: %s", so.order_no, exc.msg)
    return events


async def complete_shipped(shop_order_id: int, now: datetime, after_sale_days: int = service.AFTER_SALE_DAYS,
                           after: timedelta = timedelta(days=service.AUTO_COMPLETE_DAYS)) -> list[dict[str, Any]]:
    so = await OrderShop.get_or_none(id=shop_order_id)
    if so is None or so.status != flow.SHIPPED or (so.shipped_at and so.shipped_at + after > now):
        return []
    try:
        async with in_transaction():
            done = await flow.move(so, "auto_complete", flow.SYSTEM, now, completed_at=now,
                                   after_sale_until=now + timedelta(days=after_sale_days))
    except ServiceError as exc:
        log.info("auto-complete of %s skipped: %s", so.order_no, exc.msg)
        return []
    return [flow.event("completed", done, now, ref="auto_complete")]


async def settle(so: OrderShop, now: datetime) -> list[dict[str, Any]]:
    """Settles one completed order past its after-sale window with no open after-sale, exactly once."""
    from core_api.mall.shop.models import MallShop
    from core_api.mall.shop.service import split_fee
    from core_api.points.ledger import service as points

    if so.status != flow.COMPLETED or so.settle_status == "settled" or not so.after_sale_until \
            or so.after_sale_until > now:
        return []
    shop = await MallShop.get_or_none(id=so.shop_id)
    cfg = await service.integral_config()
    if cfg.enabled and max(so.pay_fen - so.refunded_fen, 0) * cfg.earn_per_yuan // 100:  # refunds only lower it
        await points.ensure_account(so.uid, now)
    async with in_transaction():
        # under the row lock that an after-sale application and a refund take: no after-sale opens and no refund
        # is booked between the check for open after-sales and the settlement, so fee and payout stay final
        locked = await OrderShop.filter(id=so.id).select_for_update().first()
        if locked is None or locked.version != so.version or await OrderLine.filter(
                shop_order_id=so.id, after_sale__in=AFTER_SALE_OPEN).exists():
            return []
        net = max(locked.pay_fen - locked.refunded_fen, 0)
        fee, payout = split_fee(net, shop.rate_bp if shop else 0)
        # one movement holds at most MAX_POINTS: an order earns no more (a ¥100,000 order at 1,000 points a yuan)
        earned = min(net * cfg.earn_per_yuan // 100, points.MAX_POINTS) if cfg.enabled else 0
        if not await OrderShop.filter(id=so.id, status=flow.COMPLETED, settle_status=so.settle_status,
                                      version=so.version).update(
                settle_status="settled", settled_at=now, fee_fen=fee, payout_fen=payout, points_earned=earned,
                version=F("version") + 1, update_time=now):
            return []
        if earned:
            await points.move(so.uid, earned, f"earn:{so.order_no}", "earn", now, ref=so.order_no,
                              remark="订单完成赠送积分")
        await flow.note(so.id, "settle", flow.SYSTEM, now,
                        f"结算：实收{net}分，平台佣金{fee}分，店铺应得{payout}分，赠送积分{earned}")
    fresh = await OrderShop.get(id=so.id)
    return [flow.event("settled", fresh, now, ref=f"settle:{so.order_no}", amount_fen=payout)]


def now_utc() -> datetime:
    return datetime.now(UTC)


async def on_timeout(bus: Any, payload: dict[str, Any]) -> None:
    await flow.publish(bus, await close_unpaid(int(payload["mainId"]), now_utc()))


async def on_order_event(bus: Any, payload: dict[str, Any]) -> None:
    """``shipped`` schedules the auto-complete."""
    if payload.get("event") == "shipped":
        await bus.publish_later(AUTO_COMPLETE_TOPIC, {"shopOrderId": payload["shopOrderId"]}, AUTO_COMPLETE_DELAY_S)


async def on_auto_complete(bus: Any, payload: dict[str, Any]) -> None:
    await flow.publish(bus, await complete_shipped(int(payload["shopOrderId"]), now_utc()))


def subscribe(bus: Any) -> None:
    """The order timeouts' handlers (called by workers.handlers.subscribe_all)."""
    async def timeout(payload: dict[str, Any]) -> None:
        await on_timeout(bus, payload)

    async def shipped(payload: dict[str, Any]) -> None:
        await on_order_event(bus, payload)

    async def auto_complete(payload: dict[str, Any]) -> None:
        await on_auto_complete(bus, payload)

    bus.subscribe(TIMEOUT_TOPIC, "order.timeout", timeout)
    bus.subscribe(flow.TOPIC, "order.auto-complete-schedule", shipped)
    bus.subscribe(AUTO_COMPLETE_TOPIC, "order.auto-complete", auto_complete)


class SweepParams(StrictSchema):
    limit: int = Field(500, title="每次最多处理", ge=1, le=10_000, description="orders handled in one run")


@job_handler("closeUnpaidOrders", "关闭超时未支付订单", SweepParams)
async def close_unpaid_orders(params: SweepParams, ctx: JobContext) -> str:
    ids = await OrderMain.filter(pay_status="unpaid", pay_deadline__lte=ctx.now).order_by("id").limit(
        params.limit).values_list("id", flat=True)
    events: list[dict[str, Any]] = []
    for main_id in ids:
        events += await close_unpaid(main_id, ctx.now)  # type: ignore[arg-type]
    await flow.publish(ctx.services.bus, events)
    return f"关闭超时未支付订单 {len(events)} 个" if events else "没有超时未支付的订单"


@job_handler("completeShippedOrders", "自动确认收货", SweepParams)
async def complete_shipped_orders(params: SweepParams, ctx: JobContext) -> str:
    due = ctx.now - timedelta(days=service.AUTO_COMPLETE_DAYS)
    ids = await OrderShop.filter(status=flow.SHIPPED, shipped_at__lte=due).order_by("id").limit(
        params.limit).values_list("id", flat=True)
    events: list[dict[str, Any]] = []
    for so_id in ids:
        events += await complete_shipped(so_id, ctx.now)  # type: ignore[arg-type]
    await flow.publish(ctx.services.bus, events)
    return f"自动确认收货 {len(events)} 个订单" if events else "没有到期的已发货订单"


@job_handler("settleOrders", "订单结算", SweepParams)
async def settle_orders(params: SweepParams, ctx: JobContext) -> str:
    rows = await OrderShop.filter(status=flow.COMPLETED, settle_status__in=("none", "pending"),
                                  after_sale_until__lte=ctx.now).order_by("id").limit(params.limit)
    events: list[dict[str, Any]] = []
    failed: list[str] = []
    for so in rows:
        try:  # one order refused (its transaction rolled back) never holds the others
            events += await settle(so, ctx.now)
        except ServiceError as exc:
            log.warning("settle %s: %s", so.order_no, exc.msg)
            failed.append(f"{so.order_no}：{exc.msg}")
    await flow.publish(ctx.services.bus, events)
    done = f"结算 {len(events)} 个订单" if events else "没有待结算的订单"
    if failed:  # the run is marked failed in the job log, naming each order
        raise ServiceError(f"{done}；{len(failed)} 个未能结算：" + "；".join(failed[:10]))
    return done
