"""Order timeouts (issue 14 §1.4): the delayed unpaid-close message, the auto-complete scheduled by the
"shipped" event, the sweeps closeUnpaidOrders / completeShippedOrders / settleOrders, each doing its work once
when run twice or concurrently; on RabbitMQ, a worker killed while handling a timeout (the message comes back,
the order closes once), delayed messages that wait in the broker while nobody is connected, and delayed messages
pending across a restart of the broker."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from core_api.mall.goods.models import MallSku
from core_api.mall.shop.service import split_fee
from core_api.monitor.job.handlers import JobContext
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderShop
from core_api.order.place import job
from core_api.platform.bus import RabbitBus
from core_api.platform.state import BUS
from core_api.points.ledger.models import PointsLedger
from tests.conftest import AMQP_URL, BACKEND, eventually
from tests.mall_support import make_shop
from tests.order_support import goods_of, make_order
from tests.test_order_place import UID, place, setup, shop_part

rabbit_only = pytest.mark.skipif(BACKEND != "postgres", reason="RabbitMQ runs beside PostgreSQL")
# The RabbitMQ tests run on classic queues and on quorum queues (CONSOLE_BUS_QUORUM): quorum delay queues
# dead-letter at least once, so a timeout expiring while the broker restarts is not dropped.
queue_kinds = pytest.mark.parametrize("quorum", [False, True], ids=["classic", "quorum"])


def ctx(client, now: datetime | None = None) -> JobContext:
    return JobContext(now=now or datetime.now(UTC), services=SimpleNamespace(bus=client.server.app[BUS]))


async def overdue_order(client, stock: int = 5):
    shop = await make_shop(f"店{uuid.uuid4().hex[:6]}")
    _, (sku,) = await goods_of(shop, "商品", (1000,), stock=stock)
    out = await place(client, [shop_part(shop, [(sku, 2)])])
    assert out["code"] == 200, out
    main = await OrderMain.get(order_no=out["data"]["orderNo"])
    await OrderMain.filter(id=main.id).update(pay_deadline=datetime.now(UTC) - timedelta(seconds=1))
    return main, sku


async def test_the_delayed_message_closes_an_unpaid_order_once(start_app, make_settings, monkeypatch):
    monkeypatch.setattr(job, "TIMEOUT_DELAY_S", 1.0)
    client, _ = await setup(start_app, make_settings)
    main, sku = await overdue_order(client)
    assert (await MallSku.get(id=sku.id)).stock == 3

    async def closed() -> bool:
        return (await OrderMain.get(id=main.id)).pay_status == "closed"

    await eventually(closed, timeout=15)
    so = await OrderShop.get(main_id=main.id)
    assert so.status == "closed" and so.close_reason == "超时未支付"
    log = await OrderLog.get(shop_order_id=so.id, action="timeout")
    assert (log.actor_kind, log.from_status, log.to_status) == ("system", "unpaid", "closed")
    assert (await MallSku.get(id=sku.id)).stock == 5
    # the sweep after it finds nothing
    assert await job.close_unpaid_orders(job.SweepParams(), ctx(client)) == "没有超时未支付的订单"


async def test_a_timeout_before_the_deadline_or_after_payment_does_nothing(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    shop = await make_shop("甲店")
    _, (sku,) = await goods_of(shop, "商品", (1000,), stock=5)
    out = await place(client, [shop_part(shop, [(sku, 1)])])
    main = await OrderMain.get(order_no=out["data"]["orderNo"])
    assert await job.close_unpaid(main.id, datetime.now(UTC)) == []  # not due yet
    paid = await make_order(shop, UID, [(sku, 1)], status=flow.TO_SHIP,
                            now=datetime.now(UTC) - timedelta(hours=2))
    assert await job.close_unpaid(paid.main_id, datetime.now(UTC)) == []
    assert (await OrderShop.get(id=paid.id)).status == "to_ship"
    assert (await OrderShop.get(main_id=main.id)).status == "unpaid"


async def test_the_unpaid_sweep_run_twice_concurrently_closes_each_order_once(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    orders = [await overdue_order(client) for _ in range(3)]
    results = await asyncio.gather(*(job.close_unpaid_orders(job.SweepParams(), ctx(client)) for _ in range(2)))
    assert sum(int(r.split()[1]) for r in results if r.startswith("关闭")) == 3, results
    for main, sku in orders:
        so = await OrderShop.get(main_id=main.id)
        assert so.status == "closed"
        assert await OrderLog.filter(shop_order_id=so.id, action="timeout").count() == 1
        assert (await MallSku.get(id=sku.id)).stock == 5


async def test_shipped_orders_complete_after_seven_days_once(start_app, make_settings, monkeypatch):
    monkeypatch.setattr(job, "AUTO_COMPLETE_DELAY_S", 0.5)
    client, _ = await setup(start_app, make_settings)
    shop = await make_shop("甲店")
    _, (sku,) = await goods_of(shop, "商品", (1000,), stock=9)
    long_ago = datetime.now(UTC) - timedelta(days=8)
    due = await make_order(shop, UID, [(sku, 1)], status=flow.SHIPPED, now=long_ago)
    fresh = await make_order(shop, UID, [(sku, 1)], status=flow.SHIPPED)
    results = await asyncio.gather(*(job.complete_shipped_orders(job.SweepParams(), ctx(client)) for _ in range(2)))
    assert set(results) == {"自动确认收货 1 个订单", "没有到期的已发货订单"}, results
    done = await OrderShop.get(id=due.id)
    assert done.status == "completed" and done.after_sale_until - done.completed_at == timedelta(days=7)
    assert await OrderLog.filter(shop_order_id=due.id, action="auto_complete", actor_kind="system").count() == 1
    assert (await OrderShop.get(id=fresh.id)).status == "shipped"
    # the "shipped" event schedules the delayed auto-complete
    other = await make_order(shop, UID, [(sku, 1)], status=flow.SHIPPED, now=long_ago)
    await client.server.app[BUS].publish(flow.TOPIC, flow.event("shipped", other, datetime.now(UTC)))

    async def completed() -> bool:
        return (await OrderShop.get(id=other.id)).status == "completed"

    await eventually(completed, timeout=15)


async def test_settlement_once_with_fee_payout_and_earned_points(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    shop = await make_shop("甲店", rate_bp=600)
    _, (sku,) = await goods_of(shop, "商品", (10050,), stock=9)
    past = datetime.now(UTC) - timedelta(days=20)
    ready = await make_order(shop, UID, [(sku, 1)], status=flow.COMPLETED, now=past)
    refunded = await make_order(shop, UID, [(sku, 2)], status=flow.COMPLETED, now=past)
    held = await make_order(shop, UID, [(sku, 1)], status=flow.COMPLETED, now=past)
    early = await make_order(shop, UID, [(sku, 1)], status=flow.COMPLETED)
    await OrderShop.filter(id__in=[ready.id, refunded.id, held.id]).update(after_sale_until=past + timedelta(days=7))
    await OrderShop.filter(id=early.id).update(after_sale_until=datetime.now(UTC) + timedelta(days=7))
    await OrderShop.filter(id=refunded.id).update(refunded_fen=10050)
    await OrderLine.filter(shop_order_id=refunded.id).update(after_sale="refunded")
    await OrderLine.filter(shop_order_id=held.id).update(after_sale="refund_failed")  # open: finance retries it
    await OrderLine.filter(shop_order_id=ready.id).update(after_sale="return_rejected")  # final: does not hold it
    results = await asyncio.gather(*(job.settle_orders(job.SweepParams(), ctx(client)) for _ in range(2)))
    assert sum(int(r.split()[1]) for r in results if r.startswith("结算 ")) == 2, results
    one = await OrderShop.get(id=ready.id)
    fee, payout = split_fee(10050, 600)
    assert (one.settle_status, one.fee_fen, one.payout_fen, one.points_earned) == ("settled", fee, payout, 100)
    two = await OrderShop.get(id=refunded.id)
    fee2, payout2 = split_fee(10050, 600)
    assert (two.settle_status, two.fee_fen, two.payout_fen, two.points_earned) == ("settled", fee2, payout2, 100)
    assert (await OrderShop.get(id=held.id)).settle_status == "none"
    assert (await OrderShop.get(id=early.id)).settle_status == "none"
    assert await PointsLedger.filter(idem_key=f"earn:{ready.order_no}", delta=100).count() == 1
    assert await OrderLog.filter(shop_order_id=ready.id, action="settle").count() == 1
    assert await job.settle_orders(job.SweepParams(), ctx(client)) == "没有待结算的订单"


async def test_a_large_order_earns_at_most_one_movement_and_a_refused_order_holds_no_other(start_app, make_settings,
                                                                                            monkeypatch):
    from core_api.mall.shop import service as shops
    from core_api.platform.errors import ServiceError
    from core_api.points.ledger.service import MAX_POINTS
    from tests.test_config_pages import body_of, fetch

    client, admin = await setup(start_app, make_settings)
    page = await fetch(admin, "GET", "/admin/common_config/integral_config_page")
    saved = await admin.post("/admin/common_config/edit_integral_config", json=body_of(page, earnPerYuan=1000))
    assert saved["code"] == 200, saved
    shop, odd = await make_shop("大店", rate_bp=500), await make_shop("怪店", rate_bp=777)
    _, (big,) = await goods_of(shop, "贵商品", (20_000_000,), stock=5)  # ¥200,000: 200,000,000 points at 1,000/yuan
    _, (small,) = await goods_of(odd, "小商品", (1000,), stock=5)
    past = datetime.now(UTC) - timedelta(days=20)
    refused = await make_order(odd, UID, [(small, 1)], status=flow.COMPLETED, now=past)
    large = await make_order(shop, UID, [(big, 1)], status=flow.COMPLETED, now=past)
    await OrderShop.filter(id__in=[refused.id, large.id]).update(after_sale_until=past + timedelta(days=7))
    real_split = shops.split_fee

    def split_fee_refusing_777(net: int, rate_bp: int) -> tuple[int, int]:  # a fault of one shop's order
        if rate_bp == 777:
            raise ServiceError("佣金比例不正确")
        return real_split(net, rate_bp)

    monkeypatch.setattr(shops, "split_fee", split_fee_refusing_777)
    with pytest.raises(ServiceError) as failed:
        await job.settle_orders(job.SweepParams(), ctx(client))
    assert failed.value.msg == f"结算 1 个订单；1 个未能结算：{refused.order_no}：佣金比例不正确"
    one = await OrderShop.get(id=large.id)
    assert (one.settle_status, one.points_earned) == ("settled", MAX_POINTS)
    assert await PointsLedger.filter(idem_key=f"earn:{large.order_no}", delta=MAX_POINTS).count() == 1
    assert (await OrderShop.get(id=refused.id)).settle_status == "none"  # rolled back, tried again next run
    monkeypatch.setattr(shops, "split_fee", real_split)
    assert await job.settle_orders(job.SweepParams(), ctx(client)) == "结算 1 个订单"


# ---- RabbitMQ


@asynccontextmanager
async def timeout_worker(prefix: str, delay_s: float, quorum: bool) -> AsyncIterator[list[dict]]:
    """A worker consuming the order timeouts under ``prefix``; yields the payloads it has handled, and takes its
    queues (the delay queue of ``delay_s`` too) away at the end."""
    worker = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=0.1, prefix=prefix, quorum=quorum)
    handled: list[dict] = []

    async def handle(payload: dict) -> None:
        await job.on_timeout(worker, payload)
        handled.append(payload)

    worker.subscribe(job.TIMEOUT_TOPIC, "order.timeout", handle)
    await worker.start(consume=True)
    try:
        yield handled
    finally:
        worker._delay_queues.add(worker.delay_queue(job.TIMEOUT_TOPIC, delay_s))
        await worker.delete_topology()
        await worker.close()


async def closed_once(main: OrderMain, sku: MallSku) -> None:
    so = await OrderShop.get(main_id=main.id)
    assert so.status == "closed"
    assert await OrderLog.filter(shop_order_id=so.id, action="timeout").count() == 1
    assert (await MallSku.get(id=sku.id)).stock == 5


@rabbit_only
@queue_kinds
async def test_a_worker_killed_while_handling_a_timeout_closes_the_order_once(start_app, make_settings, quorum):
    client, _ = await setup(start_app, make_settings)
    main, sku = await overdue_order(client)
    prefix = f"ordtest{uuid.uuid4().hex[:8]}"
    dying = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=0.1, prefix=prefix, quorum=quorum)
    held = asyncio.Event()

    async def close_then_die(payload: dict) -> None:
        await job.on_timeout(dying, payload)  # committed ...
        held.set()
        await asyncio.Event().wait()  # ... and killed before the ack

    dying.subscribe(job.TIMEOUT_TOPIC, "order.timeout", close_then_die)
    await dying.start(consume=True)
    await dying.publish_later(job.TIMEOUT_TOPIC, {"mainId": main.id, "mainNo": main.order_no}, 0.5)
    await asyncio.wait_for(held.wait(), 15)
    await dying._connection.close()  # the worker dies holding the message unacknowledged
    async with timeout_worker(prefix, 0.5, quorum) as seen:
        async def redelivered() -> bool:
            return len(seen) == 1

        await eventually(redelivered, timeout=15)
        await closed_once(main, sku)


@rabbit_only
@queue_kinds
async def test_delayed_messages_wait_in_the_broker_across_a_reconnect(start_app, make_settings, quorum):
    # No worker beside the app: its scheduler's minute sweep (closeUnpaidOrders) would close the overdue
    # order while nobody is connected, which is not what this test is about.
    client, _ = await setup(start_app, make_settings, worker=False)
    main, sku = await overdue_order(client)
    prefix = f"ordtest{uuid.uuid4().hex[:8]}"
    first = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=0.1, prefix=prefix, quorum=quorum)
    job.subscribe(first)
    await first.start(consume=False)  # declares nothing to consume: the queues come from declare()
    for sub in first.subscriptions:
        await first.declare(sub)
    await first.publish_later(job.TIMEOUT_TOPIC, {"mainId": main.id, "mainNo": main.order_no}, 1.0)
    await first.close()  # nobody connected while the delay runs out
    await asyncio.sleep(2.0)
    assert (await OrderShop.get(main_id=main.id)).status == "unpaid"
    second = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=0.1, prefix=prefix, quorum=quorum)
    job.subscribe(second)
    await second.start(consume=True)
    try:
        async def closed() -> bool:
            return (await OrderShop.get(main_id=main.id)).status == "closed"

        await eventually(closed, timeout=15)
        assert (await MallSku.get(id=sku.id)).stock == 5
    finally:
        second._delay_queues.add(second.delay_queue(job.TIMEOUT_TOPIC, 1.0))
        await second.delete_topology()
        await second.close()


def restart_broker() -> None:
    """Stops and starts the RabbitMQ application of the broker on this machine (durable queues and persistent
    messages are kept on disk across it, as across a restart of the server)."""
    import shutil
    import subprocess

    ctl = shutil.which("rabbitmqctl")
    assert ctl is not None, "rabbitmqctl is needed to restart the broker (./ops/test installs RabbitMQ)"
    for step in ("stop_app", "start_app", "await_startup"):
        subprocess.run([ctl, "-q", step], check=True, stdout=subprocess.DEVNULL, timeout=120)


@rabbit_only
@queue_kinds
async def test_delayed_messages_pending_across_a_broker_restart_close_the_order_once(start_app, make_settings,
                                                                                      quorum):
    client, _ = await setup(start_app, make_settings, worker=False)  # no sweep: only the delayed message acts
    main, sku = await overdue_order(client)
    prefix = f"ordtest{uuid.uuid4().hex[:8]}"
    first = RabbitBus(AMQP_URL, max_attempts=3, retry_delay=0.1, prefix=prefix, quorum=quorum)
    job.subscribe(first)
    await first.start(consume=False)
    for sub in first.subscriptions:
        await first.declare(sub)
    payload = {"mainId": main.id, "mainNo": main.order_no}
    await first.publish_later(job.TIMEOUT_TOPIC, payload, 1.0)
    await first.publish_later(job.TIMEOUT_TOPIC, payload, 1.0)  # the same timeout sent twice: done once
    await first.close()
    await asyncio.to_thread(restart_broker)  # the delay runs out while the broker is down or just back
    assert (await OrderShop.get(main_id=main.id)).status == "unpaid"
    async with timeout_worker(prefix, 1.0, quorum) as handled:
        async def both_handled() -> bool:
            return len(handled) == 2

        await eventually(both_handled, timeout=20)
        await closed_once(main, sku)
