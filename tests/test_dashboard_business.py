"""The home report's business figures (issue 14 §5): order events counted into stat_daily once each, refunds,
the people figures of the daily job, shop isolation, the range rules, and the rebuild from the orders equal to
the live aggregates."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core_api.account.consumer.models import AccountSignIn
from core_api.dashboard import job as stat_job
from core_api.dashboard import stats
from core_api.dashboard.models import StatDaily, StatEvent
from core_api.messaging.chat.models import ChatMessage, ChatRoom
from core_api.monitor.job.handlers import JobContext
from core_api.order.core import flow
from core_api.order.core.models import OrderPay, OrderShop
from core_api.platform.state import BUS
from tests.conftest import eventually
from tests.mall_support import make_shop, shop_staff
from tests.order_support import goods_of, make_order
from tests.test_mall_market import setup

REPORT = "/index/dashboard/business"
MONEY = ("shop_id", "day", "orders", "paid_fen", "refund_fen")


async def publish(client, name: str, order: OrderShop, at: datetime, *, ref: str = "", amount_fen: int = 0) -> None:
    await client.app[BUS].publish(flow.TOPIC, flow.event(name, order, at, ref=ref, amount_fen=amount_fen))


async def settle(client) -> None:
    bus = client.app[BUS]
    if hasattr(bus, "drain"):
        await bus.drain()


async def refund(client, order: OrderShop, amount: int, refund_no: str, at: datetime) -> None:
    await OrderPay.create(kind="refund", main_id=order.main_id, main_no=order.main_no, shop_order_id=order.id,
                          shop_id=order.shop_id, uid=order.uid, out_no=refund_no, amount_fen=amount, create_time=at)
    await publish(client, "refunded", order, at, ref=refund_no, amount_fen=amount)


async def money_rows() -> list[tuple]:
    return sorted(await StatDaily.all().values_list(*MONEY))


async def world(client):
    """Two shops; three paid orders today (two in A), one yesterday in B; a refund in A; every event twice."""
    now = datetime.now(UTC)
    yesterday = now - timedelta(days=1)
    shop_a, shop_b = await make_shop("甲店"), await make_shop("乙店")
    _, skus_a = await goods_of(shop_a, "甲商品", (10000, 2550))
    _, skus_b = await goods_of(shop_b, "乙商品", (3300,))
    a1 = await make_order(shop_a, 8001, [(skus_a[0], 1), (skus_a[1], 2)], now=now, coupon_fen=1000)
    a2 = await make_order(shop_a, 8002, [(skus_a[1], 1)], now=now)
    b1 = await make_order(shop_b, 8003, [(skus_b[0], 3)], now=now)
    b0 = await make_order(shop_b, 8001, [(skus_b[0], 1)], now=yesterday)
    for order in (a1, a2, b1, b0):
        at = order.paid_at or now
        await publish(client, "paid", order, at, ref="pay", amount_fen=order.pay_fen)
        await publish(client, "paid", order, at, ref="pay", amount_fen=order.pay_fen)  # redelivered
        await publish(client, "shipped", order, at)  # not a counted event
    await refund(client, a1, 2550, "RF-1", now)
    await publish(client, "refunded", a1, now, ref="RF-1", amount_fen=2550)  # the same refund again
    await eventually(lambda: _counted(5))
    await settle(client)
    return shop_a, shop_b, (a1, a2, b1, b0), now


async def _counted(n: int) -> bool:
    return await StatEvent.all().count() == n


async def test_events_are_counted_once_with_refunds(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop_a, shop_b, (a1, a2, b1, b0), now = await world(client)
    today, yesterday = stats.local_day(now), stats.local_day(now - timedelta(days=1))
    assert a1.pay_fen == 10000 + 2 * 2550 - 1000
    rows = {(r[0], r[1]): r[2:] for r in await money_rows()}
    assert rows[(shop_a.id, today)] == (2, a1.pay_fen + a2.pay_fen, 2550)
    assert rows[(shop_b.id, today)] == (1, b1.pay_fen, 0)
    assert rows[(shop_b.id, yesterday)] == (1, b0.pay_fen, 0)
    assert rows[(0, today)] == (3, a1.pay_fen + a2.pay_fen + b1.pay_fen, 2550)
    assert rows[(0, yesterday)] == (1, b0.pay_fen, 0)
    report = await admin.get(REPORT, params={"beginTime": yesterday.isoformat(), "endTime": today.isoformat()})
    assert report["code"] == 200, report
    data = report["data"]
    assert data["shopId"] == 0 and data["people"] is True
    assert [d["day"] for d in data["days"]] == [yesterday.isoformat(), today.isoformat()]
    assert data["totals"]["orders"] == 4 and data["totals"]["refundFen"] == 2550
    assert data["totals"]["paidFen"] == sum(o.pay_fen for o in (a1, a2, b1, b0))
    # the default range: the last 30 days, zeros included
    default = (await admin.get(REPORT))["data"]
    assert len(default["days"]) == 30 and default["end"] == today.isoformat()
    assert default["days"][0]["orders"] == 0 and default["totals"]["orders"] == 4
    # an operator may look at one shop: its figures, without the platform's people figures
    one = (await admin.get(REPORT, params={"shopId": shop_a.id}))["data"]
    assert one["shopId"] == shop_a.id and one["people"] is False and one["totals"]["orders"] == 2
    assert one["totals"]["newUsers"] is None and one["days"][-1]["activeUsers"] is None
    assert (await admin.get(REPORT, params={"shopId": 424242}))["code"] == 404


async def test_shop_staff_see_their_shop_only(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop_a, shop_b, (a1, a2, _b1, _b0), now = await world(client)
    staff = await shop_staff(admin, shop_a, "dash_staff", ("index:dashboard:view",))
    mine = await staff.get(REPORT)
    assert mine["code"] == 200 and mine["data"]["shopId"] == shop_a.id and mine["data"]["people"] is False
    assert mine["data"]["totals"] == {"orders": 2, "paidFen": a1.pay_fen + a2.pay_fen, "refundFen": 2550,
                                      "newUsers": None, "activeUsers": None, "conversations": None}
    assert (await staff.get(REPORT, params={"shopId": shop_b.id}))["code"] == 404
    assert (await staff.get(REPORT, params={"shopId": 0}))["code"] == 404
    assert (await staff.get(REPORT, params={"shopId": shop_a.id}))["data"]["shopId"] == shop_a.id
    # without the home page's permission: refused
    other = await shop_staff(admin, shop_b, "dash_none", ("order:shop:list",))
    assert (await other.get(REPORT))["code"] == 403


async def test_range_validation(start_app, make_settings):
    _, admin = await setup(start_app, make_settings)
    cases = [
        ({"beginTime": "2026-03-02", "endTime": "2026-03-01"}, "开始日期不能晚于结束日期"),
        ({"beginTime": "2025-01-01", "endTime": "2026-01-02"}, "日期范围不能超过366天"),
        ({"beginTime": "2026-02-30"}, "开始日期格式不正确，应为 yyyy-MM-dd"),
        ({"endTime": "yesterday"}, "结束日期格式不正确，应为 yyyy-MM-dd"),
        ({"beginTime": "9999-12-31"}, "开始日期须在1970-01-01至2099-12-31之间"),
        ({"beginTime": "9999-12-01", "endTime": "9999-12-31"}, "开始日期须在1970-01-01至2099-12-31之间"),
        ({"endTime": "0001-01-01"}, "结束日期须在1970-01-01至2099-12-31之间"),
    ]
    for params, msg in cases:
        out = await admin.get(REPORT, params=params)
        assert out["code"] == 500 and out["msg"] == msg, (params, out)
    out = await admin.get(REPORT, params={"shopId": -1})
    assert out["code"] == 500 and "系统内部错误" not in out["msg"]
    full = await admin.get(REPORT, params={"beginTime": "2025-01-01", "endTime": "2026-01-01"})
    assert full["code"] == 200 and len(full["data"]["days"]) == 366


async def test_people_job_and_rebuild_equal_the_live_figures(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)  # registers 8001..8003 now
    _, _, _, now = await world(client)
    today = stats.local_day(now)
    for uid in (8001, 8001, 8002):
        await AccountSignIn.create(uid=uid, sign_in_time=now)
    await AccountSignIn.create(uid=8003, sign_in_time=now - timedelta(days=3))
    room = await ChatRoom.create(peer_kind="user", peer_id=8001)
    other = await ChatRoom.create(peer_kind="user", peer_id=8002)
    for r in (room, room, other):
        await ChatMessage.create(room=r, from_peer=True, sender_id=r.peer_id, content="[]")
    ctx = JobContext(now=now, services=None)
    text = await stat_job.stat_daily_people(stat_job.PeopleParams(), ctx)
    assert f"{today}：新增用户3，活跃用户2，会话2" in text
    total = await StatDaily.get(shop_id=0, day=today)
    assert (total.new_users, total.active_users, total.conversations) == (3, 2, 2)
    report = (await admin.get(REPORT))["data"]
    assert report["days"][-1]["newUsers"] == 3 and report["totals"]["conversations"] == 2
    live = await money_rows()
    # lost figures are recovered from the orders; redelivered events after the rebuild count nothing
    await StatDaily.all().update(orders=0, paid_fen=0, refund_fen=0)
    await StatDaily.filter(shop_id=0, day=today).update(orders=99)
    text = await stat_job.stat_daily_rebuild(stat_job.RebuildParams(), ctx)
    assert text == f"已按订单重算 {today - timedelta(days=1)} 至 {today} 共 2 天"
    assert await money_rows() == live
    total = await StatDaily.get(shop_id=0, day=today)
    assert (total.new_users, total.active_users, total.conversations) == (3, 2, 2)
    # a week rebuilt (days without orders) changes nothing more
    assert await stats.rebuild(today - timedelta(days=6), today, now) == 7
    assert [r for r in await money_rows() if r[2] or r[3] or r[4]] == [r for r in live if r[2] or r[3] or r[4]]


async def test_a_late_callback_counts_on_its_payment_day_and_an_event_after_a_rebuild_counts_nothing(
        start_app, make_settings):
    import time

    from tests.test_order_place import UID, call, notify, place, shop_part
    from tests.test_order_place import setup as place_setup

    client, admin = await place_setup(start_app, make_settings)
    shop = await make_shop("甲店")
    _, (sku,) = await goods_of(shop, "商品", (10000,), stock=5)
    placed = (await place(client, [shop_part(shop, [(sku, 1)])]))["data"]
    pay = await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]})
    paid_at = int(time.time()) - 2 * 86400  # paid two days ago; the provider's notice arrives now
    assert (await notify(client, pay["data"]["outTradeNo"], 10000, paid_at=paid_at))["result"] == "paid"
    await eventually(lambda: _counted(1))
    await settle(client)
    now = datetime.now(UTC)
    today, paid_day = stats.local_day(now), stats.local_day(datetime.fromtimestamp(paid_at, UTC))
    params = {"beginTime": (today - timedelta(days=3)).isoformat(), "endTime": today.isoformat()}

    async def by_day() -> dict:
        data = (await admin.get(REPORT, params=params))["data"]
        return {d["day"]: (d["orders"], d["paidFen"]) for d in data["days"] if d["orders"]}

    assert await by_day() == {paid_day.isoformat(): (1, 10000)}
    await stat_job.stat_daily_rebuild(stat_job.RebuildParams(), JobContext(now=now, services=None))  # today, yesterday
    assert await by_day() == {paid_day.isoformat(): (1, 10000)}
    await stats.rebuild(today - timedelta(days=3), today, now)
    assert await by_day() == {paid_day.isoformat(): (1, 10000)}
    # an order paid now whose event is still queued: the rebuild counts it, the event delivered after counts nothing
    order = await make_order(shop, 8001, [(sku, 1)], now=now)
    await stats.rebuild(today, today, now)
    await publish(client, "paid", order, now, ref="pay", amount_fen=order.pay_fen)
    await settle(client)
    await eventually(lambda: _counted(2))
    assert await StatDaily.filter(shop_id=shop.id, day=today).values_list("orders", "paid_fen") == [
        (1, order.pay_fen)]
    assert await by_day() == {paid_day.isoformat(): (1, 10000), today.isoformat(): (1, order.pay_fen)}


async def test_rebuild_job_parameters(start_app, make_settings):
    _, admin = await setup(start_app, make_settings)
    for params, msg in [({"begin": "2026-03-02", "end": "2026-03-01"}, "开始日期不能晚于结束日期"),
                        ({"begin": "2024-01-01", "end": "2026-01-01"}, "日期范围不能超过366天"),
                        ({"begin": "9999-12-30", "end": "9999-12-31"}, "日期须在1970-01-01至2099-12-31之间")]:
        try:
            stat_job.RebuildParams.model_validate(params)
        except ValueError as exc:
            assert msg in str(exc)
        else:
            raise AssertionError(params)


async def test_concurrent_deliveries_count_each_event_once_and_every_event_adds(start_app, make_settings):
    """Deliveries run concurrently on two workers: the same payment delivered ten times at once counts once, and
    the payments of two shops counted at the same moment all add up on the day's shop and total rows (the rows
    made by whichever delivery came first)."""
    import asyncio

    await start_app(make_settings())
    at = datetime(2026, 6, 1, 4, 0, tzinfo=UTC)
    day = stats.local_day(at)

    def paid(order_id: int, shop_id: int, fen: int) -> dict:
        return {"event": "paid", "shopOrderId": order_id, "shopId": shop_id, "amountFen": fen, "at": at.isoformat()}

    events = [paid(9001, 71, 1200)] * 10 + [paid(9000 + i, 71 + i % 2, 100 * i) for i in range(2, 12)]
    counted = await asyncio.gather(*(stats.count_event(e, at) for e in events))
    assert sum(counted) == 11 and counted[:10].count(True) == 1
    rows = {r[0]: r[2:] for r in await money_rows() if r[1] == day}
    odd = sum(100 * i for i in range(3, 12, 2))
    even = sum(100 * i for i in range(2, 12, 2))
    assert rows == {71: (6, 1200 + even, 0), 72: (5, odd, 0), 0: (11, 1200 + even + odd, 0)}
    assert await StatEvent.filter(key="paid:9001").count() == 1
    refund = {"event": "refunded", "shopOrderId": 9001, "shopId": 71, "amountFen": 300, "ref": "R1",
              "at": at.isoformat()}
    assert await asyncio.gather(*(stats.count_event(refund, at) for _ in range(3))) in (
        [True, False, False], [False, True, False], [False, False, True])
    rows = {r[0]: r[2:] for r in await money_rows() if r[1] == day}
    assert rows[71] == (6, 1200 + even, 300) and rows[0] == (11, 1200 + even + odd, 300)
