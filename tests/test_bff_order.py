"""The order screens through the BFF against a real core: after-sales with their counts, the order-side refunds and
finance's refund queue, each one call; the core checks permission on every part."""

from __future__ import annotations

from bff.screens.order_detail import OrderDetailScreenOut
from core_api.mall.shop.models import MallShop
from tests.conftest import bearer
from tests.mall_support import make_shop
from tests.order_support import goods_of, make_order
from tests.test_bff import start_bff
from tests.test_consumer_screens import operator
from tests.test_order_aftersale import FIN, FORBIDDEN, OPERATE, apply, lines_of, setup


async def after_sales(client, shop: MallShop) -> tuple[dict, dict]:
    _, (sku,) = await goods_of(shop, "耳机", (10000,), stock=10)
    order = await make_order(shop, 9201, [(sku, 2)])
    (line,) = await lines_of(order)
    first = (await apply(client, 9201, line.id, quantity=1))["data"]
    return first, {"line": line, "order": order}


async def test_the_after_sale_and_refund_screens(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, settings)
    shop = await make_shop("售后屏店")
    first, made = await after_sales(client, shop)

    async def screen(path: str, token: str = admin.token, **params: str) -> dict:
        return await (await bff.get(f"/bff/screens/{path}", params=params, headers=bearer(token))).json()

    listed = (await screen("order/after-sale", pageSize="50"))["data"]
    row = listed["rows"][0]
    assert (row["afterSaleNo"], row["goodsName"], row["quantity"], row["status"], row["statusLabel"]) == (
        first["afterSaleNo"], made["line"].goods_name, 1, "applied", "待审核")
    assert row["orderNo"] == made["order"].order_no and row["amountFen"] == made["line"].pay_fen // 2
    assert listed["counts"]["applied"] == 1 and listed["counts"]["refunded"] == 0 and listed["total"] == 1
    assert (await screen("order/after-sale", status="refunded"))["data"]["rows"] == []
    assert (await screen("order/after-sale", status="lost"))["code"] == 500

    # approved: finance's queue shows it awaiting, with no refund yet; executed: both refund lists show it
    assert (await admin.post(OPERATE, json={"id": first["id"], "action": "approve"}))["code"] == 200
    queue = (await screen("finance/refund"))["data"]
    assert [(r["afterSaleNo"], r["status"], r["refund"]) for r in queue["rows"]] == [
        (first["afterSaleNo"], "awaiting_refund", None)]
    assert queue["rows"][0]["passwordNeeded"] is False and queue["threshold"] > 0
    assert (await admin.post(FIN, json={"id": first["id"]}))["data"]["status"] == "refunded"
    refunded = (await screen("finance/refund", status="refunded"))["data"]["rows"][0]
    assert refunded["refund"]["status"] == "refunded" and refunded["refund"]["refundNo"].startswith("R")
    refunds = (await screen("order/refund"))["data"]
    assert [(r["refundNo"], r["amountFen"], r["status"], r["attempts"]) for r in refunds["rows"]] == [
        (refunded["refund"]["refundNo"], made["line"].pay_fen // 2, "refunded", 1)]

    # an operator with only the after-sale list sees it, and is refused the refund lists
    staff = await operator(admin, "asstaff", ("order:afterSale:list",))
    assert (await screen("order/after-sale", staff.token))["data"]["total"] == 1
    assert await screen("order/refund", staff.token) == FORBIDDEN
    assert await screen("finance/refund", staff.token) == FORBIDDEN


async def test_the_order_detail_screen(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, settings)
    shop = await make_shop("详情屏店")
    _, (sku,) = await goods_of(shop, "外套", (20000,), stock=5)
    order = await make_order(shop, 9202, [(sku, 2)])

    async def screen(token: str = admin.token, **params: str) -> dict:
        return await (await bff.get("/bff/screens/order/detail", params=params, headers=bearer(token))).json()

    answer = await screen(orderNo=order.main_no)
    OrderDetailScreenOut.model_validate(answer)  # what the BFF's document promises, every field of its type
    by_main = answer["data"]
    assert by_main["main"]["orderNo"] == order.main_no and by_main["focus"] is None
    assert by_main["main"]["payFen"] == order.pay_fen
    (shown,) = by_main["shops"]
    assert (shown["orderNo"], shown["shopName"], shown["payFen"]) == (order.order_no, "详情屏店", order.pay_fen)
    assert [(line["quantity"], line["priceFen"]) for line in shown["lines"]] == [(2, 20000)]
    by_id = (await screen(id=str(order.id)))["data"]
    assert by_id["focus"] == order.id and by_id["main"] == by_main["main"]
    # what the detail's actions are drawn from (issue 28 §1): the lists' declarations and the dictionaries
    assert shown["afterSale"] is None
    assert {a["key"] for a in by_main["shopMeta"]["actions"]} >= {"ship", "pickup", "editLogistics"}
    assert by_main["mainMeta"]["editable"] and by_main["mainMeta"]["perm"] == "order:main"
    assert {d["dictValue"] for d in by_main["dicts"]["biz_logistics_company"]} >= {"SF", "ZTO"}
    line = (await lines_of(order))[0]
    assert (await apply(client, 9202, line.id))["code"] == 200
    held = (await screen(id=str(order.id)))["data"]["shops"][0]
    assert held["afterSale"] == "applied"
    assert (await screen(orderNo="M404"))["code"] == 404
    assert (await screen())["code"] == 500 and (await screen(orderNo="x", id="1"))["code"] == 500
    clerk = await operator(admin, "odclerk", ("order:afterSale:list",))
    assert await screen(clerk.token, orderNo=order.main_no) == FORBIDDEN
