"""Shipping and pick-up against refunds before shipping (probe 14 §1, §4, §5): an order with an open refund-only
after-sale is neither shipped nor picked up (refused, nothing changes) until the after-sale is rejected or
cancelled; a refund that leaves nothing to send (every unit refunded, or the goods' money) closes the order with
its stock back exactly; a pick-up code in any script answers "提货码不正确"."""

from __future__ import annotations

import asyncio

import pytest

from core_api.mall.goods.models import MallGoods, MallSku
from core_api.order.aftersale.models import OrderAfterSale
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderShop
from tests.mall_support import make_shop
from tests.order_support import goods_of, make_order
from tests.test_order_aftersale import FIN, OPERATE, apply, buyer, lines_of, setup
from tests.test_order_manage import ship

PICKUP = "/admin/order_mall/self_take_confirm_order"
OPEN_SHIP = "该订单有未处理的退款申请，请先处理售后后再发货"
OPEN_PICKUP = "该订单有未处理的退款申请，请先处理售后后再核销"


async def state(order: OrderShop) -> tuple:
    so = await OrderShop.get(id=order.id)
    return so.status, so.version, so.refund_status, so.pickup_status, so.carrier, so.tracking_no


async def stock(sku: MallSku) -> int:
    return (await MallSku.get(id=sku.id)).stock


async def one_order(start_app, make_settings, bought: int) -> tuple:
    """A to-ship order of ``bought`` units of a 10-yuan SKU (stock 10): (client, admin, shop, sku, order, line)."""
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    _, (sku,) = await goods_of(shop, "货", (1000,), stock=10)
    order = await make_order(shop, 9101, [(sku, bought)])
    (line,) = await lines_of(order)
    return client, admin, shop, sku, order, line


async def test_ship_refused_while_a_refund_before_shipping_is_open(start_app, make_settings):
    client, admin, shop, sku, order, line = await one_order(start_app, make_settings, 2)
    assert await stock(sku) == 8
    row = (await apply(client, 9101, line.id, quantity=2))["data"]
    assert (await OrderAfterSale.get(id=row["id"])).before_ship is True
    before = await state(order)
    for _ in ("applied", "awaiting_refund"):
        refused = await ship(admin, order.order_no)
        assert (refused["code"], refused["msg"]) == (500, OPEN_SHIP)
        assert await state(order) == before and await stock(sku) == 8
        assert not await OrderLog.filter(shop_order_id=order.id, action="ship").exists()
        if (await OrderAfterSale.get(id=row["id"])).status == "applied":
            await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    # the buyer cancels the refund: shipping works again, stock untouched
    assert (await buyer(client, "cancel", {"uid": 9101, "afterSaleId": row["id"]}))["data"]["status"] == "cancelled"
    done = await ship(admin, order.order_no)
    assert (done["code"], done["msg"]) == (200, "发货成功")
    assert (await OrderShop.get(id=order.id)).status == "shipped" and await stock(sku) == 8

    # rejected instead of cancelled: shipping works again too
    other = await make_order(shop, 9101, [(sku, 1)])
    (ol,) = await lines_of(other)
    row2 = (await apply(client, 9101, ol.id, quantity=1))["data"]
    assert (await ship(admin, other.order_no))["msg"] == OPEN_SHIP
    rejected = await admin.post(OPERATE, json={"id": row2["id"], "action": "reject", "reason": "已打包"})
    assert rejected["data"]["status"] == "rejected"
    assert (await ship(admin, other.order_no))["msg"] == "发货成功"
    assert await stock(sku) == 7


async def refunded_before_shipping(start_app, make_settings, bought: int, **applied) -> tuple:
    """A to-ship order of ``bought`` units of a 10-yuan SKU (stock 10), one refund applied, approved and executed
    (the order closed by it); answers (admin, sku, goods, the goods' stock before the order, the order)."""
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    goods, (sku,) = await goods_of(shop, "货", (1000,), stock=10)
    goods_stock = (await MallGoods.get(id=goods.id)).stock
    order = await make_order(shop, 9101, [(sku, bought)])
    (line,) = await lines_of(order)
    row = (await apply(client, 9101, line.id, **applied))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    done = await admin.post(FIN, json={"id": row["id"]})
    assert done["data"]["status"] == "refunded" and done["data"]["orderClosed"] is True
    return admin, sku, goods, goods_stock, order


async def test_refund_before_shipping_closes_the_order_and_it_does_not_ship(start_app, make_settings):
    admin, sku, goods, goods_stock, order = await refunded_before_shipping(start_app, make_settings, 2, quantity=2)
    so = await OrderShop.get(id=order.id)
    assert (so.status, so.refund_status, so.refunded_fen, so.close_reason) == ("closed", "full", 2000, "全部商品已退款")
    assert await stock(sku) == 10  # as before the order: the 2 units back once
    assert (await MallGoods.get(id=goods.id)).stock == goods_stock + 2
    log = await OrderLog.get(shop_order_id=order.id, action="refund_close")
    assert (log.from_status, log.to_status, log.actor_kind) == ("to_ship", "closed", "staff")
    refused = await ship(admin, order.order_no)
    assert (refused["code"], refused["msg"]) == (500, "订单已关闭，不能发货")
    assert (await OrderShop.get(id=order.id)).status == "closed" and await stock(sku) == 10


async def test_pickup_refused_while_a_refund_before_pickup_is_open(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    _, (sku,) = await goods_of(shop, "货", (1000,), stock=10)
    order = await make_order(shop, 9101, [(sku, 1)], status=flow.TO_PICKUP, delivery="pickup")
    (line,) = await lines_of(order)
    row = (await apply(client, 9101, line.id, quantity=1))["data"]
    before = await state(order)
    refused = await admin.get(PICKUP, params={"orderNo": order.order_no, "pickupCode": order.pickup_code})
    assert (refused["code"], refused["msg"]) == (500, OPEN_PICKUP)
    assert await state(order) == before and before[0] == "to_pickup" and await stock(sku) == 9
    assert not await OrderLog.filter(shop_order_id=order.id, action="pickup").exists()
    await admin.post(OPERATE, json={"id": row["id"], "action": "reject", "reason": "已备货"})
    done = await admin.get(PICKUP, params={"orderNo": order.order_no, "pickupCode": order.pickup_code})
    assert (done["code"], done["msg"]) == (200, "核销成功，订单已完成")
    so = await OrderShop.get(id=order.id)
    assert (so.status, so.pickup_status) == ("completed", "picked") and await stock(sku) == 9

    # refunded in full before the pick-up: the order closes, stock back, the code no longer works
    other = await make_order(shop, 9101, [(sku, 1)], status=flow.TO_PICKUP, delivery="pickup")
    (ol,) = await lines_of(other)
    row2 = (await apply(client, 9101, ol.id, quantity=1))["data"]
    await admin.post(OPERATE, json={"id": row2["id"], "action": "approve"})
    assert (await admin.post(FIN, json={"id": row2["id"]}))["data"]["orderClosed"] is True
    assert (await OrderShop.get(id=other.id)).status == "closed" and await stock(sku) == 9
    log = await OrderLog.get(shop_order_id=other.id, action="refund_close")
    assert (log.from_status, log.to_status) == ("to_pickup", "closed")
    late = await admin.get(PICKUP, params={"orderNo": other.order_no, "pickupCode": other.pickup_code})
    assert late["msg"] == "订单已关闭，不能自提核销"


async def test_every_unit_refunded_before_shipping_takes_all_their_money_and_closes_the_order(start_app,
                                                                                             make_settings):
    client, admin, _, sku, order, line = await one_order(start_app, make_settings, 3)
    assert await stock(sku) == 7
    # every unit for part of the money: the order would close holding money for goods it never sends
    part = await apply(client, 9101, line.id, quantity=3, amountFen=1)
    assert (part["code"], part["msg"]) == (500, "发货前退回全部剩余数量，须退回全部剩余金额 3000 分")
    assert not await OrderAfterSale.filter(line_id=line.id).exists()
    row = (await apply(client, 9101, line.id, quantity=3))["data"]
    assert row["amountFen"] == 3000
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    done = await admin.post(FIN, json={"id": row["id"]})
    assert done["data"]["status"] == "refunded" and done["data"]["orderClosed"] is True
    ln = await OrderLine.get(id=line.id)
    assert (ln.refunded_qty, ln.refunded_fen) == (3, 3000)
    so = await OrderShop.get(id=order.id)
    assert (so.status, so.refund_status, so.refunded_fen) == ("closed", "full", 3000)
    assert so.close_reason == "全部商品已退款"
    assert await OrderLog.filter(shop_order_id=order.id, action="refund_close", to_status="closed").count() == 1
    assert await stock(sku) == 10  # 3 back by the refund, none twice
    refused = await ship(admin, order.order_no)
    assert (refused["code"], refused["msg"]) == (500, "订单已关闭，不能发货")
    assert await stock(sku) == 10


async def test_the_whole_money_for_part_of_the_units_closes_the_order(start_app, make_settings):
    admin, sku, goods, goods_stock, order = await refunded_before_shipping(start_app, make_settings, 3, quantity=1,
                                                                           amountFen=3000)
    so = await OrderShop.get(id=order.id)
    assert (so.status, so.refund_status, so.refunded_fen) == ("closed", "full", 3000)
    assert so.close_reason == "货款已全额退款"
    log = await OrderLog.get(shop_order_id=order.id, action="refund_close")
    assert (log.from_status, log.to_status, log.actor_kind) == ("to_ship", "closed", "staff")
    # 1 unit back by the refund, the 2 not refunded by the close: stock as before the order, exactly
    assert await stock(sku) == 10
    assert (await MallGoods.get(id=goods.id)).stock == goods_stock + 3
    notes = await OrderLog.filter(shop_order_id=order.id, action="after_sale_stock").order_by("id").values_list(
        "note", flat=True)
    assert notes == [f"库存退回 SKU {sku.id} × 1", f"库存退回 SKU {sku.id} × 2（订单关闭，未退款数量）"]
    assert (await ship(admin, order.order_no))["msg"] == "订单已关闭，不能发货"
    assert await stock(sku) == 10


async def test_a_partial_refund_before_shipping_still_ships_the_rest(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    _, (a, b) = await goods_of(shop, "货", (1000, 2000), stock=10)
    order = await make_order(shop, 9101, [(a, 2), (b, 1)])
    la, _ = await lines_of(order)
    row = (await apply(client, 9101, la.id, quantity=2))["data"]  # one line wholly, the other not
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    assert (await admin.post(FIN, json={"id": row["id"]}))["data"]["orderClosed"] is False
    so = await OrderShop.get(id=order.id)
    assert (so.status, so.refund_status, so.refunded_fen) == ("to_ship", "partial", 2000)
    assert (await ship(admin, order.order_no))["msg"] == "发货成功"
    assert (await stock(a), await stock(b)) == (10, 9)


@pytest.mark.parametrize("refunded", ["qty", "money"])
async def test_ship_and_pickup_refuse_an_order_with_nothing_left_to_send(start_app, make_settings, refunded):
    """Rows refunded in full that did not close (written before the close rule): no shipping, no pick-up."""
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    _, (sku,) = await goods_of(shop, "货", (1000,), stock=10)
    express = await make_order(shop, 9101, [(sku, 3)])
    pickup = await make_order(shop, 9101, [(sku, 3)], status=flow.TO_PICKUP, delivery="pickup")
    for o in (express, pickup):
        if refunded == "qty":
            await OrderLine.filter(shop_order_id=o.id).update(refunded_qty=3, refunded_fen=1)
            await OrderShop.filter(id=o.id).update(refunded_fen=1, refund_status="partial")
        else:
            await OrderLine.filter(shop_order_id=o.id).update(refunded_qty=1, refunded_fen=3000)
            await OrderShop.filter(id=o.id).update(refunded_fen=3000, refund_status="full")
    before = (await state(express), await state(pickup))
    refused = await ship(admin, express.order_no)
    assert (refused["code"], refused["msg"]) == (500, "该订单商品已全部退款，不能发货")
    no = await admin.get(PICKUP, params={"orderNo": pickup.order_no, "pickupCode": pickup.pickup_code})
    assert (no["code"], no["msg"]) == (500, "该订单商品已全部退款，不能核销")
    assert (await state(express), await state(pickup)) == before
    assert await stock(sku) == 4


async def test_a_refund_applied_while_the_order_ships_is_not_before_shipping(start_app, make_settings, monkeypatch):
    """The apply reads the order, the order ships, then the apply takes the row lock: the application is judged on
    the order as locked (shipped: refund only refused), never on the stale read."""
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    _, (sku,) = await goods_of(shop, "货", (1000,), stock=10)
    order = await make_order(shop, 9101, [(sku, 2)])
    (line,) = await lines_of(order)
    real = OrderShop.get_or_none.__func__  # type: ignore[attr-defined]
    shipped: list[dict] = []

    async def read_then_ship(cls, *args, **kwargs):
        seen = await real(cls, *args, **kwargs)
        if seen is not None and seen.id == order.id and not shipped:
            shipped.append(await ship(admin, order.order_no))  # commits before the apply locks the row
        return seen

    monkeypatch.setattr(OrderShop, "get_or_none", classmethod(read_then_ship))
    answer = await apply(client, 9101, line.id, quantity=2)
    monkeypatch.undo()
    assert shipped and shipped[0]["msg"] == "发货成功"
    assert (answer["code"], answer["msg"]) == (500, "订单已发货，仅退款只能在发货前申请，请申请退货退款")
    assert not await OrderAfterSale.filter(shop_order_id=order.id).exists()
    assert (await OrderLine.get(id=line.id)).after_sale == "none"
    assert (await OrderShop.get(id=order.id)).status == "shipped" and await stock(sku) == 8


async def test_apply_and_ship_at_once_never_both(start_app, make_settings):
    """Both take the shop order's row lock: either the order ships (the refund only is refused) or it holds the
    refund (the shipping is refused), never both."""
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    _, (sku,) = await goods_of(shop, "货", (1000,), stock=20)
    for _ in range(5):
        order = await make_order(shop, 9101, [(sku, 2)])
        (line,) = await lines_of(order)
        applied, shipped = await asyncio.gather(apply(client, 9101, line.id, quantity=2), ship(admin, order.order_no))
        so = await OrderShop.get(id=order.id)
        rows = await OrderAfterSale.filter(shop_order_id=order.id).count()
        if shipped["code"] == 200:
            assert applied["msg"] == "订单已发货，仅退款只能在发货前申请，请申请退货退款", applied
            assert (so.status, rows) == ("shipped", 0)
        else:
            assert applied["code"] == 200 and shipped["msg"] == OPEN_SHIP, (applied, shipped)
            assert (so.status, rows) == ("to_ship", 1)
    assert await stock(sku) == 10


@pytest.mark.parametrize("code", ["提货码", "１２３４５６", "ａ", "😀"])
async def test_pickup_code_in_any_script_is_just_wrong(start_app, make_settings, code):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("店")
    _, (sku,) = await goods_of(shop, "货", (1000,), stock=10)
    order = await make_order(shop, 9101, [(sku, 1)], status=flow.TO_PICKUP, delivery="pickup")
    before = await state(order)
    wrong = await admin.get(PICKUP, params={"orderNo": order.order_no, "pickupCode": code})
    assert (wrong["code"], wrong["msg"]) == (500, "提货码不正确")
    assert await state(order) == before
    done = await admin.get(PICKUP, params={"orderNo": order.order_no, "pickupCode": f" {order.pickup_code} "})
    assert done["code"] == 200
