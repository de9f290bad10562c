"""The shop order state machine: legal moves write one log row, illegal or concurrent ones change nothing."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderShop
from core_api.platform.errors import ServiceError
from tests.mall_support import make_shop
from tests.order_support import goods_of, make_order

pytestmark = pytest.mark.asyncio


async def test_fixture_amounts_add_up_to_the_fen(client):
    shop = await make_shop("流转店")
    _goods, (a, b) = await goods_of(shop, "杯子", (3333, 1001), stock=5)
    order = await make_order(shop, 9001, [(a, 2), (b, 1)], coupon_fen=1000, points_used=500)
    lines = await OrderLine.filter(shop_order_id=order.id).order_by("id")
    assert order.goods_fen == 7667 and order.pay_fen == 6167
    assert sum(line.coupon_fen for line in lines) == 1000 and sum(line.points_fen for line in lines) == 500
    assert sum(line.pay_fen for line in lines) == order.pay_fen
    await a.refresh_from_db()
    assert a.stock == 3


async def test_a_legal_move_logs_the_actor_and_an_illegal_one_changes_nothing(client):
    shop = await make_shop("流转店2")
    _goods, (sku, _) = await goods_of(shop, "碗")
    order = await make_order(shop, 9002, [(sku, 1)], status=flow.TO_SHIP)
    now = datetime.now(UTC)
    staff = flow.Actor("staff", 7, "店员甲")
    with pytest.raises(ServiceError, match="订单待发货，不能确认收货"):
        await flow.move(order, "confirm", staff, now)
    shipped = await flow.move(order, "ship", staff, now, carrier="SF", tracking_no="SF123")
    assert (shipped.status, shipped.carrier, shipped.version) == (flow.SHIPPED, "SF", 1)
    log = await OrderLog.filter(shop_order_id=order.id, action="ship").get()
    assert (log.from_status, log.to_status, log.actor_name) == (flow.TO_SHIP, flow.SHIPPED, "店员甲")
    with pytest.raises(ServiceError, match="订单状态已变化"):
        await flow.move(order, "ship", staff, now)  # the stale copy: someone moved it already
    assert (await OrderShop.get(id=order.id)).version == 1


async def test_of_twenty_concurrent_moves_exactly_one_wins(client):
    shop = await make_shop("流转店3")
    _goods, (sku, _) = await goods_of(shop, "盘")
    order = await make_order(shop, 9003, [(sku, 1)], status=flow.UNPAID)
    now = datetime.now(UTC)

    async def close() -> bool:
        try:
            await flow.move(order, "close", flow.SYSTEM, now)
            return True
        except ServiceError:
            return False

    results = await asyncio.gather(*(close() for _ in range(20)))
    assert results.count(True) == 1
    assert await OrderLog.filter(shop_order_id=order.id, action="close").count() == 1
