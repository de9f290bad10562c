"""The shop order list's total per shop, status and local day (core_api/platform/tally.py, migration 0036): kept by
PostgreSQL triggers through every kind of write, folded as it is read, rebuilt when the zone changes; SQLite (no
tally) counts exactly. The totals must equal an exact count of the same filters on both backends."""

from __future__ import annotations

import importlib
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from tortoise import connections

from core_api.order.core import flow
from core_api.order.core.models import OrderShop
from core_api.order.manage.routes import ORDER_SHOP_TALLIES
from core_api.platform.paging import between_days
from core_api.platform.tally import FOLD_AT, rezone
from tests.conftest import BACKEND
from tests.mall_support import make_shop, shop_staff
from tests.order_support import goods_of, make_order
from tests.test_order_manage import STAFF, world

LIST = "/admin/OrderShop/list"
BY_SHOP, BY_STATUS = (t.name for t in ORDER_SHOP_TALLIES)  # order_shop_by_shop_id_status, order_shop_by_status
SHANGHAI = ZoneInfo("Asia/Shanghai")
postgres_only = pytest.mark.skipif(BACKEND != "postgres", reason="the tally is kept by PostgreSQL triggers; "
                                                                 "SQLite lists count exactly (tested below too)")


def local(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=SHANGHAI).astimezone(UTC)


async def exact(shop_id: int | None = None, status: str | None = None, begin: date | None = None,
                end: date | None = None) -> int:
    qs = OrderShop.all()
    if shop_id is not None:
        qs = qs.filter(shop_id=shop_id)
    if status is not None:
        qs = qs.filter(status=status)
    return await between_days(qs, "create_time", begin, end).count()


def params(shop_id: int | None = None, status: str | None = None, begin: date | None = None,
           end: date | None = None) -> dict[str, str]:
    out = {"shopId": shop_id, "status": status, "beginTime": begin and begin.isoformat(),
           "endTime": end and end.isoformat()}
    return {k: str(v) for k, v in out.items() if v is not None}


async def loose_rows() -> int:
    rows = await connections.get("default").execute_query_dict(
        f"SELECT (SELECT COUNT(*) FROM {BY_SHOP} WHERE NOT folded) + "
        f"(SELECT COUNT(*) FROM {BY_STATUS} WHERE NOT folded) AS k")
    return int(rows[0]["k"])


async def test_totals_equal_an_exact_count_through_placing_moving_and_deleting(start_app, make_settings):
    _client, admin, a, b, skus_a, skus_b = await world(start_app, make_settings)
    d1, d2, d3 = date(2026, 3, 9), date(2026, 3, 10), date(2026, 3, 11)
    made = []
    # a day's edges in the configured zone: 00:10 and 23:50 local are 16:10 and 15:50 UTC the day before / of
    for day, hour, minute, shop, skus, status in (
            (d1, 0, 10, a, skus_a, flow.COMPLETED), (d1, 23, 50, a, skus_a, flow.COMPLETED),
            (d2, 12, 0, a, skus_a, flow.TO_SHIP), (d2, 23, 59, a, skus_a, flow.COMPLETED),
            (d3, 0, 0, a, skus_a, flow.COMPLETED), (d2, 9, 0, b, skus_b, flow.COMPLETED),
            (d3, 9, 0, b, skus_b, flow.UNPAID)):
        made.append(await make_order(shop, 9100 + len(made), [(skus[0], 1)], status=status,
                                     now=local(day, hour, minute)))
    staff = await shop_staff(admin, a, "tally_a", STAFF)
    asks = [(None, flow.COMPLETED, d1, d2), (None, flow.COMPLETED, d2, d2), (None, None, d2, d3),
            (None, flow.TO_SHIP, None, None), (None, None, None, None), (None, flow.COMPLETED, d3, None)]

    async def check() -> None:
        for shop_id, status, begin, end in asks:
            want = await exact(a.id, status, begin, end)
            got = await staff.get(LIST, params=params(shop_id, status, begin, end))
            assert (got["code"], got["total"], len(got["rows"])) == (200, want, min(want, 10)), (status, begin, end)
            for shop in (a.id, b.id, None):  # an operator: one shop or all of them
                want = await exact(shop, status, begin, end)
                got = await admin.get(LIST, params=params(shop, status, begin, end))
                assert got["total"] == want, (shop, status, begin, end)

    await check()
    assert (await staff.get(LIST, params=params(None, flow.COMPLETED, d1, d2)))["total"] == 3  # d1 twice, d2 23:59
    # a staff member asking for another shop sees nothing, as before
    assert (await staff.get(LIST, params=params(b.id, flow.COMPLETED)))["total"] == 0
    # moves one at a time, a bulk move, a move to another day (a correction), and deletes
    await OrderShop.filter(id=made[2].id).update(status=flow.SHIPPED)
    await OrderShop.filter(shop_id=a.id, status=flow.COMPLETED, create_time__lt=local(d2, 0)).update(
        status=flow.CLOSED)
    await OrderShop.filter(id=made[4].id).update(create_time=local(d1, 8))
    fresh = await OrderShop.get(id=made[3].id)
    fresh.status = flow.CLOSED
    await fresh.save()  # every column written: only the status counts
    await OrderShop.filter(id=made[5].id).delete()
    asks += [(None, flow.CLOSED, d1, d2), (None, flow.SHIPPED, d2, d2)]
    await check()
    # a filter the tally does not keep (delivery, a user) is counted exactly
    got = await staff.get(LIST, params={**params(None, flow.CLOSED), "delivery": "express"})
    assert got["total"] == await OrderShop.filter(shop_id=a.id, status=flow.CLOSED, delivery="express").count()
    assert (await admin.get(LIST, params={"uid": "9101"}))["total"] == 1


@postgres_only
async def test_the_total_is_the_tallys_and_its_deltas_fold_as_it_is_read(start_app, make_settings):
    _client, admin, a, _b, skus_a, _ = await world(start_app, make_settings)
    day = date(2026, 4, 1)
    for i in range(FOLD_AT + 8):
        await make_order(a, 9200 + i, [(skus_a[0], 1)], status=flow.TO_SHIP, now=local(day, 10, i))
    for order in await OrderShop.filter(shop_id=a.id).order_by("id"):  # one statement each: one delta each
        await OrderShop.filter(id=order.id).update(status=flow.SHIPPED)
    assert await loose_rows() >= 2 * (FOLD_AT + 8)
    ask = params(a.id, flow.SHIPPED, day, day)
    assert (await admin.get(LIST, params=ask))["total"] == FOLD_AT + 8
    # the deltas of that shop's shipped orders that day are one row now; the to-ship ones are untouched
    db = connections.get("default")
    rows = await db.execute_query_dict(
        f"SELECT n, folded FROM {BY_SHOP} WHERE shop_id = $1 AND status = $2", [a.id, flow.SHIPPED])
    assert [(r["n"], r["folded"]) for r in rows] == [(FOLD_AT + 8, True)]
    assert (await admin.get(LIST, params=ask))["total"] == FOLD_AT + 8
    assert (await admin.get(LIST, params=params(a.id, flow.TO_SHIP, day, day)))["total"] == 0
    # the answer is the tally's: a row added by hand shows (no COUNT behind it), and goes with the next rebuild
    await db.execute_query(f"INSERT INTO {BY_SHOP} (shop_id, status, day, n) VALUES ($1, $2, $3, 1000)",
                           [a.id, flow.SHIPPED, day])
    assert (await admin.get(LIST, params=ask))["total"] == FOLD_AT + 8 + 1000
    # an operator's status without a shop sums the tally of every shop's orders by status (folded too)
    every = params(None, flow.SHIPPED, day, day)
    assert (await admin.get(LIST, params=every))["total"] == FOLD_AT + 8
    rows = await db.execute_query_dict(f"SELECT n, folded FROM {BY_STATUS} WHERE status = $1", [flow.SHIPPED])
    assert [(r["n"], r["folded"]) for r in rows] == [(FOLD_AT + 8, True)]
    await db.execute_query(f"INSERT INTO {BY_STATUS} (status, day, n) VALUES ($1, $2, 500)", [flow.SHIPPED, day])
    assert (await admin.get(LIST, params=every))["total"] == FOLD_AT + 8 + 500
    # another zone in the tally than the configured one: the list counts exactly; migrate rebuilds it
    await db.execute_query("UPDATE biz_tally SET zone = 'UTC' WHERE tbl = 'order_shop'")
    assert (await admin.get(LIST, params=ask))["total"] == FOLD_AT + 8
    assert await rezone(db, "Asia/Shanghai") == [BY_SHOP, BY_STATUS]
    assert await rezone(db, "Asia/Shanghai") == []
    assert (await admin.get(LIST, params=ask))["total"] == FOLD_AT + 8
    assert (await admin.get(LIST, params=every))["total"] == FOLD_AT + 8
    assert await loose_rows() == 0


@postgres_only
async def test_a_rebuild_in_another_zone_moves_the_days(start_app, make_settings):
    """Rebuilt in UTC, an order placed at 00:10 Shanghai time counts on the day before: the tally answers only
    callers of its own zone, so the Shanghai console counts it exactly (on its own day) meanwhile."""
    _client, admin, a, _b, skus_a, _ = await world(start_app, make_settings)
    day = date(2026, 5, 2)
    await make_order(a, 9300, [(skus_a[0], 1)], status=flow.COMPLETED, now=local(day, 0, 10))
    db = connections.get("default")
    assert await rezone(db, "UTC") == [BY_SHOP, BY_STATUS]
    rows = await db.execute_query_dict(f"SELECT day FROM {BY_SHOP} WHERE shop_id = $1", [a.id])
    assert [r["day"] for r in rows] == [day - timedelta(days=1)]
    assert (await admin.get(LIST, params=params(a.id, flow.COMPLETED, day, day)))["total"] == 1
    assert await rezone(db, "Asia/Shanghai") == [BY_SHOP, BY_STATUS]
    rows = await db.execute_query_dict(f"SELECT day FROM {BY_SHOP} WHERE shop_id = $1", [a.id])
    assert [r["day"] for r in rows] == [day]


def test_the_migration_keeps_the_tally_the_list_reads():
    migration = importlib.import_module("core_api.migrations.0036_order_shop_tally")
    assert migration.TALLIES == ORDER_SHOP_TALLIES


async def test_no_tally_for_a_shops_staff_without_the_shop_scope_or_with_an_extra_filter(start_app, make_settings):
    """The to-ship list (a fixed status and delivery) and the main orders are never answered by the tally."""
    _client, admin, a, b, skus_a, skus_b = await world(start_app, make_settings)
    await make_order(a, 9400, [(skus_a[0], 1)], status=flow.TO_SHIP)
    await make_order(a, 9401, [(skus_a[0], 1)], status=flow.TO_SHIP, delivery="pickup")
    await make_order(b, 9402, [(skus_b[0], 1)], status=flow.TO_SHIP)
    shop = await make_shop("丙店")
    await goods_of(shop, "丙商品")
    assert (await admin.get("/admin/order_mall/wait_logistics_data"))["total"] == 2
    assert (await admin.get(LIST, params={"status": flow.TO_SHIP}))["total"] == 3
    assert (await admin.get(LIST, params={"shopId": str(shop.id)}))["total"] == 0
    assert (await admin.get("/admin/OrderMain/list"))["total"] == 3
