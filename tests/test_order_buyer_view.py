"""The app reads its buyer's orders through the partner API (orders/info, orders/list): one main order with its
shop orders, lines, amounts in fen, logistics and after-sale per line, the pick-up code for its buyer only;
the list newest first, keyset-paged, filtered by status; another uid's order answers 404; bad input is refused."""

from __future__ import annotations

import uuid

from core_api.order.aftersale.models import OrderAfterSale
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderMain, OrderShop
from tests.mall_support import make_shop
from tests.order_support import goods_of, make_order
from tests.test_order_place import UID, UID2, call, place, setup, shop_part
from tests.test_partner_api import partner_post


async def info(client, uid: int, order_no: str) -> dict:
    return await call(client, "info", {"uid": uid, "orderNo": order_no})


async def listing(client, uid: int, **extra) -> dict:
    return await call(client, "list", {"uid": uid, **extra})


async def test_info_shows_the_buyers_order_and_404s_another_uid(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop_a, shop_b = await make_shop("读单甲店"), await make_shop("读单乙店")
    _, (a1, a2) = await goods_of(shop_a, "甲货", (1250, 990), stock=10)
    _, (b1,) = await goods_of(shop_b, "乙货", (3000,), stock=10)
    placed = await place(client, [shop_part(shop_a, [(a1, 2), (a2, 1)]), shop_part(shop_b, [(b1, 1)])])
    assert placed["code"] == 200, placed
    no = placed["data"]["orderNo"]

    got = await info(client, UID, no)
    assert got["code"] == 200, got
    data = got["data"]
    assert (data["orderNo"], data["payStatus"], data["goodsFen"], data["payFen"]) == (no, "unpaid", 6490, 6490)
    shops = {s["shopName"]: s for s in data["shopOrders"]}
    assert set(shops) == {"读单甲店", "读单乙店"}
    sa = shops["读单甲店"]
    assert (sa["status"], sa["statusLabel"], sa["payFen"], sa["refundedFen"]) == ("unpaid", "待付款", 3490, 0)
    assert [(ln["skuId"], ln["quantity"], ln["priceFen"], ln["payFen"], ln["afterSale"]) for ln in sa["lines"]] == [
        (a1.id, 2, 1250, 2500, None), (a2.id, 1, 990, 990, None)]
    assert sa["receiver"]["name"] and sa["logistics"] is None and sa["pickupCode"] is None
    # a shop order's number opens its main order too
    assert (await info(client, UID, sa["orderNo"]))["data"]["orderNo"] == no

    # another uid, an unknown number: 404 in the envelope, the same answer
    assert await info(client, UID2, no) == {"code": 404, "msg": "订单不存在"}
    assert await info(client, UID2, sa["orderNo"]) == {"code": 404, "msg": "订单不存在"}
    assert await info(client, UID, "M" + "9" * 20) == {"code": 404, "msg": "订单不存在"}


async def test_info_logistics_after_sale_and_pickup_code(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("物流店")
    _, (sku,) = await goods_of(shop, "物流货", (4000,), stock=10)
    shipped = await make_order(shop, UID, [(sku, 2)])
    sent = await admin.post("/admin/order_mall/send_goods", json={"orderNo": shipped.order_no, "carrier": "SF",
                                                                   "trackingNo": "SF1234567890"})
    assert sent["code"] == 200, sent
    (line,) = await OrderLine.filter(shop_order_id=shipped.id)
    applied, _ = await partner_post(client, "/api/partner/v1/order/after_sale/apply", {
        "uid": UID, "requestNo": uuid.uuid4().hex, "lineId": line.id, "kind": "return_refund", "quantity": 1,
        "reason": "尺码不合适"})
    assert applied["code"] == 200, applied

    data = (await info(client, UID, shipped.main_no))["data"]
    (so,) = data["shopOrders"]
    assert (so["status"], so["delivery"]) == ("shipped", "express")
    assert so["logistics"] == {"carrier": "SF", "carrierLabel": "顺丰速运", "trackingNo": "SF1234567890",
                               "shippedAt": so["shippedAt"]} and so["shippedAt"]
    (ln,) = so["lines"]
    row = await OrderAfterSale.get(line_id=line.id)
    assert ln["afterSaleStatus"] == "applied"
    assert ln["afterSale"] == {"id": row.id, "afterSaleNo": row.after_sale_no, "kind": "return_refund",
                               "status": "applied", "statusLabel": "待审核", "quantity": 1, "amountFen": 4000,
                               "rejectReason": ""}

    # the pick-up code: in the buyer's info while it waits, never in a list, never after the pick-up
    pickup = await make_order(shop, UID, [(sku, 1)], status=flow.TO_PICKUP, delivery="pickup")
    (p,) = (await info(client, UID, pickup.main_no))["data"]["shopOrders"]
    assert p["pickupCode"] == pickup.pickup_code and p["pickupStatus"] == "waiting"
    assert await info(client, UID2, pickup.main_no) == {"code": 404, "msg": "订单不存在"}
    rows = (await listing(client, UID))["data"]["rows"]
    assert all("pickupCode" not in s for r in rows for s in r["shopOrders"])
    await OrderShop.filter(id=pickup.id).update(pickup_status="picked", status=flow.COMPLETED)
    (p,) = (await info(client, UID, pickup.main_no))["data"]["shopOrders"]
    assert p["pickupCode"] is None


async def test_list_newest_first_keyset_paged_and_filtered(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    shop = await make_shop("列表店")
    _, (sku,) = await goods_of(shop, "列表货", (500,), stock=100)
    made = []
    for i in range(5):
        made.append((await make_order(shop, UID, [(sku, 1)], status=flow.TO_SHIP if i % 2 else flow.UNPAID)).main_no)
    other = await make_order(shop, UID2, [(sku, 1)])
    hidden = await make_order(shop, UID, [(sku, 1)])
    await OrderMain.filter(order_no=hidden.main_no).update(shelf="0")  # removed from the buyer's list

    first = await listing(client, UID, pageSize=2)
    assert first["code"] == 200, first
    nos = [r["orderNo"] for r in first["data"]["rows"]]
    assert nos == made[::-1][:2] and first["data"]["next"]
    second = (await listing(client, UID, pageSize=2, after=first["data"]["next"]))["data"]
    third = (await listing(client, UID, pageSize=2, after=second["next"]))["data"]
    assert [r["orderNo"] for r in second["rows"] + third["rows"]] == made[::-1][2:] and third["next"] is None
    # an order placed meanwhile does not shift the next page
    await make_order(shop, UID, [(sku, 1)])
    again = (await listing(client, UID, pageSize=2, after=first["data"]["next"]))["data"]
    assert [r["orderNo"] for r in again["rows"]] == [r["orderNo"] for r in second["rows"]]

    to_ship = (await listing(client, UID, status="to_ship", pageSize=50))["data"]
    assert [r["orderNo"] for r in to_ship["rows"]][1:] == [made[3], made[1]]  # the newest, then the two made
    assert all(s["status"] == "to_ship" for r in to_ship["rows"] for s in r["shopOrders"])
    unpaid = (await listing(client, UID, status="unpaid"))["data"]
    assert [r["orderNo"] for r in unpaid["rows"]] == [made[4], made[2], made[0]]
    row = unpaid["rows"][0]
    assert (row["payFen"], row["shopOrders"][0]["lines"][0]["payFen"]) == (500, 500)
    assert other.main_no not in {r["orderNo"] for r in (await listing(client, UID, pageSize=50))["data"]["rows"]}
    assert hidden.main_no not in {r["orderNo"] for r in (await listing(client, UID, pageSize=50))["data"]["rows"]}
    assert [r["orderNo"] for r in (await listing(client, UID2))["data"]["rows"]] == [other.main_no]
    assert (await listing(client, 9199))["data"] == {"rows": [], "next": None}


async def test_bad_input_is_refused(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    cases = [
        ("info", {"uid": UID}, "订单号"),
        ("info", {"uid": UID, "orderNo": "x' or 1=1 --"}, "订单号"),
        ("info", {"uid": 0, "orderNo": "M12345678"}, "用户ID"),
        ("info", {"uid": UID, "orderNo": "M12345678", "extra": 1}, "extra"),
        ("list", {"uid": UID, "status": "paid"}, "订单状态"),
        ("list", {"uid": UID, "pageSize": 51}, "每页条数"),
        ("list", {"uid": UID, "pageSize": 0}, "每页条数"),
        ("list", {"uid": UID, "after": -1}, "分页游标"),
        ("list", {"uid": UID, "after": "abc"}, "分页游标"),
        ("list", {"uid": "1 or 1"}, "用户ID"),
    ]
    for path, body, word in cases:
        out = await call(client, path, body)
        assert out["code"] != 200 and word in out["msg"] and "系统内部错误" not in out["msg"], (body, out)
    raw, _ = await partner_post(client, "/api/partner/v1/orders/list", None, raw=b"{not json")
    assert raw["code"] != 200 and "系统内部错误" not in raw["msg"]
