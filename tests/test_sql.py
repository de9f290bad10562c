"""Hand-written statements on either backend (core_api/platform/sql.py): rows inserted in one statement read
back through the ORM exactly as the ORM's own create writes them (defaults, aware times that its time filters
find), their ids in the order given; a unique violation is the ORM's IntegrityError and writes nothing; a
conditional update answers how many rows it changed; PostgreSQL's numbered parameters work on SQLite too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.order.core.models import OrderLine, OrderLog
from core_api.platform import sql
from core_api.platform.models import PartnerRequest
from core_api.system.post.models import SysPost


async def test_inserted_rows_read_back_as_the_orms_own(admin):
    now = datetime(2026, 11, 25, 7, 30, 15, 123456, tzinfo=UTC)
    by_orm = await OrderLog.create(shop_order_id=7, action="place", to_status="unpaid", actor_kind="user",
                                   actor_id=5, create_time=now)
    rows = [OrderLog(shop_order_id=7, action=action, to_status="unpaid", actor_kind="user", actor_id=5,
                     create_time=now) for action in ("place", "pay", "ship")]
    await sql.insert(rows)
    assert [r.id for r in rows] == sorted(r.id for r in rows) and rows[0].id > by_orm.id
    fields = ("shop_order_id", "from_status", "to_status", "actor_kind", "actor_id", "actor_name", "note",
              "create_time")
    for row, action in zip(rows, ("place", "pay", "ship"), strict=True):
        read = await OrderLog.get(id=row.id)
        assert read.action == action
        assert {f: getattr(read, f) for f in fields} == {f: getattr(by_orm, f) for f in fields}
    assert (await OrderLog.get(id=rows[0].id)).create_time == now  # aware, to the microsecond
    found = await OrderLog.filter(create_time__gte=now - timedelta(seconds=1), create_time__lt=now + timedelta(
        seconds=1)).order_by("id").values_list("action", flat=True)
    assert found == ["place", "place", "pay", "ship"]


async def test_the_models_defaults_are_written(admin):
    line = OrderLine(shop_order_id=3, shop_id=1, goods_id=2, sku_id=4, goods_name="茶杯", price_fen=990, quantity=2,
                     amount_fen=1980, pay_fen=1980)
    await sql.insert([line])
    read = await OrderLine.get(id=line.id)
    assert (read.spec, read.coupon_fen, read.refunded_qty, read.after_sale, read.commented) == ("", 0, 0, "none",
                                                                                                 False)


async def test_a_unique_violation_is_the_orms_and_writes_nothing(admin):
    made = datetime.now(UTC)
    await sql.insert([PartnerRequest(idem_key="k-1", route="POST /x", body_hash="h", created_at=made)])
    with pytest.raises(IntegrityError):
        await sql.insert([PartnerRequest(idem_key="k-2", route="POST /x", body_hash="h", created_at=made),
                          PartnerRequest(idem_key="k-1", route="POST /y", body_hash="h", created_at=made)])
    assert await PartnerRequest.all().order_by("id").values_list("idem_key", "route") == [("k-1", "POST /x")]


async def test_a_conditional_update_answers_the_rows_it_changed(admin):
    line = OrderLine(shop_order_id=3, shop_id=1, goods_id=2, sku_id=4, goods_name="茶杯", price_fen=990, quantity=3,
                     amount_fen=2970, pay_fen=2970)
    await sql.insert([line])
    take = "UPDATE order_line SET refunded_qty = refunded_qty + $1 WHERE id = $2 AND quantity - refunded_qty >= $1"
    assert await sql.run(OrderLine, take, 2, line.id) == 1
    assert await sql.run(OrderLine, take, 2, line.id) == 0  # one left: refused, unchanged
    assert await sql.run(OrderLine, take, 1, line.id) == 1
    assert (await OrderLine.get(id=line.id)).refunded_qty == 3


async def test_numbered_parameters_in_any_order_and_inside_a_transaction(admin):
    codes = await sql.fetch(SysPost, "SELECT post_code FROM sys_post WHERE post_sort BETWEEN $2 AND $1 "
                                     "ORDER BY post_sort", 2, 1)
    assert [r["post_code"] for r in codes] == list(await SysPost.filter(post_sort__in=(1, 2)).order_by(
        "post_sort").values_list("post_code", flat=True))
    try:
        async with in_transaction():
            await sql.insert([OrderLog(shop_order_id=9, action="place", actor_kind="user",
                                       create_time=datetime.now(UTC))])
            assert await sql.fetch(OrderLog, "SELECT id FROM order_log WHERE shop_order_id = $1", 9)
            raise RuntimeError("roll back")
    except RuntimeError:
        pass
    assert await sql.fetch(OrderLog, "SELECT id FROM order_log WHERE shop_order_id = $1", 9) == []


async def test_a_model_with_times_the_orm_sets_is_refused(admin):
    with pytest.raises(TypeError, match="create"):
        await sql.insert([SysPost(post_code="x", post_name="x", post_sort=1, status="0")])
