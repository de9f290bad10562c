"""After-sale and refunds per order line (issue 14 §2): the buyer's calls through the partner API, the staff's
decisions (shop scoped), finance's execution through the wallet (a refund number committed before the call, reused
by a retry), the total refunded never above what was paid (20 parallel executions), stock and points effects, the
wallet down, the large-refund rule (another person, a fresh password)."""

from __future__ import annotations

import asyncio
import importlib
import random
import uuid
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from tortoise import connections

from core_api.demo import DemoContext
from core_api.mall.goods.models import MallGoods, MallSku
from core_api.mall.shop import demo as shop_demo
from core_api.mall.shop.models import MallShop
from core_api.order.aftersale.models import OrderAfterSale, OrderRefund
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderPay, OrderShop
from core_api.points.ledger.models import PointsAccount, PointsLedger
from core_api.seed.data import SHOP_STAFF_PERMS
from core_api.seed.run import seed
from core_api.system.config.models import SysConfig
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole, SysRoleMenu
from tests.conftest import Caller, token_for
from tests.mall_support import make_shop, shop_staff
from tests.order_support import app_user, goods_of, make_order
from tests.test_consumer_screens import operator
from tests.test_partner_api import KEY, partner_post
from tests.test_wallet_paycode import WALLET_KEY, Provider

FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}
STAFF = ("order:afterSale:list", "order:afterSale:query", "order:afterSale:refund", "order:refund:list")
FINANCE = ("finance:refund:list", "finance:refund:query", "finance:refund:execute")
LIST = "/admin/order_mall/after_sale_order"
OPERATE = "/admin/order_mall/refund_operate"
FIN = "/admin/finance_refund/refund_order"


async def setup(start_app, make_settings, **settings: Any):
    client = await start_app(make_settings(chat_partner_key=KEY, **settings))
    return client, Caller(client, await token_for(client))


async def setup_http_wallet(start_app, make_settings, provider, timeout_seconds: float):
    """The console on the HTTP wallet adapter, talking to the provider emulator on loopback."""
    return await setup(start_app, make_settings, wallet_provider="http", wallet_name="mpay",
                       wallet_http_url=provider.url, wallet_merchant_id="M100", wallet_key=WALLET_KEY,
                       wallet_notify_url="https://console.test/notify", wallet_timeout_seconds=timeout_seconds)


async def apply(client, uid: int, line_id: int, kind: str = "refund", quantity: int = 1, **extra: Any) -> dict:
    body = {"uid": uid, "requestNo": extra.pop("requestNo", uuid.uuid4().hex), "lineId": line_id, "kind": kind,
            "quantity": quantity, "reason": "不想要了", **extra}
    answer, _ = await partner_post(client, "/api/partner/v1/order/after_sale/apply", body)
    return answer


async def buyer(client, path: str, body: dict) -> dict:
    answer, _ = await partner_post(client, f"/api/partner/v1/order/after_sale/{path}", body)
    return answer


async def lines_of(order: OrderShop) -> list[OrderLine]:
    return list(await OrderLine.filter(shop_order_id=order.id).order_by("id"))


async def snapshot() -> tuple:
    rows = await OrderAfterSale.all().order_by("id").values_list("id", "status", "version")
    refunds = await OrderRefund.all().order_by("id").values_list("id", "status", "attempts")
    shops = await OrderShop.all().order_by("id").values_list("id", "status", "refunded_fen", "version")
    lines = await OrderLine.all().order_by("id").values_list("id", "after_sale", "refunded_fen", "refunded_qty")
    return rows, refunds, shops, lines, await OrderPay.filter(kind="refund").count()


async def test_refund_before_shipping_end_to_end(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("售后店")
    _, (a, b) = await goods_of(shop, "耳机", (10000, 3333), stock=10)
    order = await make_order(shop, 9101, [(a, 3), (b, 1)], coupon_fen=1000, points_used=500)
    la, lb = await lines_of(order)
    assert (la.pay_fen, lb.pay_fen) == (30000 - 900 - 450, 3333 - 100 - 50)
    await PointsAccount.create(uid=9101, balance=0)

    # apply: pro rata of the quantity, exact fen; a repeated requestNo answers the first
    first = await apply(client, 9101, la.id, quantity=1, requestNo="as-1")
    assert first["code"] == 200, first
    data = first["data"]
    assert (data["status"], data["amountFen"], data["created"]) == ("applied", la.pay_fen // 3, True)
    again = await apply(client, 9101, la.id, quantity=1, requestNo="as-1")
    assert again["data"]["id"] == data["id"] and again["data"]["created"] is False
    assert (await apply(client, 9101, la.id, quantity=2, requestNo="as-1"))["code"] == 409
    assert (await apply(client, 9101, la.id))["msg"] == "该商品已有处理中的售后，请勿重复申请"
    assert (await OrderLine.get(id=la.id)).after_sale == "applied"

    # staff approve → awaiting_refund; finance executes
    assert (await admin.post(OPERATE, json={"id": data["id"], "action": "approve"}))["data"]["status"] == \
        "awaiting_refund"
    done = await admin.post(FIN, json={"id": data["id"]})
    assert done["code"] == 200 and done["msg"] == "退款成功", done
    assert done["data"]["status"] == "refunded" and done["data"]["amountFen"] == la.pay_fen // 3
    refund = await OrderRefund.get(after_sale_id=data["id"])
    assert refund.status == "refunded" and refund.refund_no.startswith("R") and refund.attempts == 1
    pay = await OrderPay.get(kind="refund")
    assert (pay.out_no, pay.amount_fen, pay.shop_order_id) == (refund.refund_no, refund.amount_fen, order.id)
    line = await OrderLine.get(id=la.id)
    assert (line.refunded_fen, line.refunded_qty, line.after_sale) == (la.pay_fen // 3, 1, "refunded")
    shop_order = await OrderShop.get(id=order.id)
    assert (shop_order.refunded_fen, shop_order.refund_status, shop_order.status) == (
        la.pay_fen // 3, "partial", "to_ship")
    assert (await MallSku.get(id=a.id)).stock == 10 - 3 + 1  # before shipping: stock back
    # points spent come back pro rata of the line's refund
    assert refund.points_back == la.points_used * refund.amount_fen // la.pay_fen
    assert (await PointsAccount.get(uid=9101)).balance == refund.points_back
    assert await PointsLedger.filter(idem_key=f"refund:{refund.refund_no}:back").count() == 1
    # executing again: refused, nothing changes
    before = await snapshot()
    assert (await admin.post(FIN, json={"id": data["id"]}))["msg"] == "售后单已退款，不能执行退款"
    assert await snapshot() == before

    # the rest of both lines: everything refunded → the order closes, refund_status full, all points back
    rest_a = (await apply(client, 9101, la.id, quantity=2))["data"]
    assert rest_a["amountFen"] == la.pay_fen - la.pay_fen // 3
    rest_b = (await apply(client, 9101, lb.id, quantity=1))["data"]
    for row in (rest_a, rest_b):
        assert (await admin.post(OPERATE, json={"id": row["id"], "action": "approve"}))["code"] == 200
    assert (await admin.post(FIN, json={"id": rest_a["id"]}))["data"]["orderClosed"] is False
    last = await admin.post(FIN, json={"id": rest_b["id"]})
    assert last["data"]["orderClosed"] is True
    shop_order = await OrderShop.get(id=order.id)
    assert (shop_order.status, shop_order.refund_status, shop_order.refunded_fen) == ("closed", "full",
                                                                                     shop_order.pay_fen)
    assert sum(await OrderPay.filter(kind="refund").values_list("amount_fen", flat=True)) == shop_order.pay_fen
    assert (await PointsAccount.get(uid=9101)).balance == 500
    assert (await MallSku.get(id=a.id)).stock == 10 and (await MallSku.get(id=b.id)).stock == 10
    log = await OrderLog.filter(shop_order_id=order.id, action="refund_close").first()
    assert log and (log.from_status, log.to_status, log.actor_kind) == ("to_ship", "closed", "staff")
    # nothing left to refund
    assert (await apply(client, 9101, la.id))["msg"] == "订单已关闭，不能申请售后"


async def test_return_flow_and_illegal_transitions(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("退货店")
    _, (sku,) = await goods_of(shop, "外套", (20000,), stock=5)
    shipped = await make_order(shop, 9201, [(sku, 2)], status=flow.SHIPPED)
    (line,) = await lines_of(shipped)
    assert (await apply(client, 9201, line.id, "refund"))["msg"] == \
        "订单已发货，仅退款只能在发货前申请，请申请退货退款"
    row = (await apply(client, 9201, line.id, "return_refund", quantity=1))["data"]
    assert row["amountFen"] == 20000
    rid = row["id"]

    async def refused(call, msg: str) -> None:
        before = await snapshot()
        answer = await call
        assert answer["msg"] == msg, answer
        assert await snapshot() == before

    # illegal from applied: receive, buyer ships back, finance executes
    await refused(admin.post(OPERATE, json={"id": rid, "action": "receive", "sellable": True}),
                  "售后单待审核，不能确认收货")
    await refused(buyer(client, "return_shipped", {"uid": 9201, "afterSaleId": rid, "carrier": "SF",
                                                   "trackingNo": "SF123456"}), "售后单待审核，不能填写退货物流")
    await refused(admin.post(FIN, json={"id": rid}), "售后单待审核，不能执行退款")
    await refused(admin.post(OPERATE, json={"id": rid, "action": "reject"}), "请填写拒绝原因")
    assert (await admin.post(OPERATE, json={"id": rid, "action": "approve"}))["data"]["status"] == "awaiting_return"
    await refused(admin.post(OPERATE, json={"id": rid, "action": "approve"}), "售后单待退货，不能同意退货")
    await app_user(9202)  # another app user: not the buyer
    await refused(buyer(client, "return_shipped", {"uid": 9202, "afterSaleId": rid, "carrier": "SF",
                                                   "trackingNo": "SF123456"}), "售后单不存在")
    shipped_back = await buyer(client, "return_shipped", {"uid": 9201, "afterSaleId": rid, "carrier": "SF",
                                                          "trackingNo": "SF123456"})
    assert shipped_back["data"]["status"] == "return_shipped"
    await refused(admin.post(OPERATE, json={"id": rid, "action": "receive"}), "请选择退回商品是否可再次销售")
    got = await admin.post(OPERATE, json={"id": rid, "action": "receive", "sellable": False})
    assert got["data"]["status"] == "awaiting_refund"
    assert (await admin.post(FIN, json={"id": rid}))["data"]["status"] == "refunded"
    await refused(buyer(client, "cancel", {"uid": 9201, "afterSaleId": rid}), "售后单已退款，不能撤销")
    assert (await MallSku.get(id=sku.id)).stock == 3  # not sellable: no stock back
    assert (await OrderShop.get(id=shipped.id)).status == "shipped"  # shipped orders do not close
    actions = await OrderLog.filter(shop_order_id=shipped.id).order_by("id").values_list("action", flat=True)
    assert actions[1:] == ["after_sale_apply", "after_sale_approve_return", "after_sale_return_ship",
                           "after_sale_receive", "after_sale_to_refund", "after_sale_execute",
                           "after_sale_refunded"]

    # second unit: returned sellable → stock back; reject a return; cancel
    second = (await apply(client, 9201, line.id, "return_refund", quantity=1))["data"]
    await admin.post(OPERATE, json={"id": second["id"], "action": "approve"})
    await buyer(client, "return_shipped", {"uid": 9201, "afterSaleId": second["id"], "carrier": "SF",
                                           "trackingNo": "SF999999"})
    rejected = await admin.post(OPERATE, json={"id": second["id"], "action": "reject", "reason": "包装破损"})
    assert rejected["data"]["status"] == "return_rejected"
    assert (await OrderAfterSale.get(id=second["id"])).reject_reason == "包装破损"
    assert (await OrderLine.get(id=line.id)).after_sale == "return_rejected"
    third = (await apply(client, 9201, line.id, "return_refund", quantity=1))["data"]
    assert (await buyer(client, "cancel", {"uid": 9201, "afterSaleId": third["id"]}))["data"]["status"] == \
        "cancelled"
    fourth = (await apply(client, 9201, line.id, "return_refund", quantity=1))["data"]
    await admin.post(OPERATE, json={"id": fourth["id"], "action": "approve"})
    await buyer(client, "return_shipped", {"uid": 9201, "afterSaleId": fourth["id"], "carrier": "SF",
                                           "trackingNo": "SF888888"})
    await admin.post(OPERATE, json={"id": fourth["id"], "action": "receive", "sellable": True})
    assert (await admin.post(FIN, json={"id": fourth["id"]}))["data"]["status"] == "refunded"
    assert (await MallSku.get(id=sku.id)).stock == 4
    assert (await apply(client, 9201, line.id, "return_refund"))["msg"] == "该商品已全部退款"

    # refuse reject of an applied refund-only: reason kept; completed orders past the window refused
    order2 = await make_order(shop, 9201, [(sku, 1)])
    (line2,) = await lines_of(order2)
    r = (await apply(client, 9201, line2.id))["data"]
    assert (await admin.post(OPERATE, json={"id": r["id"], "action": "reject", "reason": "已发货"}))["data"][
        "status"] == "rejected"
    old = await make_order(shop, 9201, [(sku, 1)], status=flow.COMPLETED)
    await OrderShop.filter(id=old.id).update(after_sale_until=datetime.now(UTC) - timedelta(days=1))
    (line3,) = await lines_of(old)
    assert (await apply(client, 9201, line3.id, "return_refund"))["msg"] == "订单已超过售后期限，不能申请售后"
    await OrderShop.filter(id=old.id).update(after_sale_until=datetime.now(UTC) + timedelta(days=1))
    assert (await apply(client, 9201, line3.id, "return_refund"))["code"] == 200


async def test_stock_back_reaches_the_goods_total(start_app, make_settings):
    """The goods list shows MallGoods.stock (the SKUs together): a refund that returns stock returns it there too,
    as the close of an unpaid order does; a return received unsellable returns none."""
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("库存店")
    goods, (sku,) = await goods_of(shop, "围巾", (5000,), stock=6)
    await MallGoods.filter(id=goods.id).update(stock=3, sales=3)  # as placement leaves it after three sold
    before_ship = await make_order(shop, 9301, [(sku, 1)])
    shipped = await make_order(shop, 9301, [(sku, 2)], status=flow.SHIPPED)
    (line,) = await lines_of(before_ship)
    row = (await apply(client, 9301, line.id))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    assert (await admin.post(FIN, json={"id": row["id"]}))["data"]["status"] == "refunded"
    got = await MallGoods.get(id=goods.id)
    assert ((await MallSku.get(id=sku.id)).stock, got.stock, got.sales) == (4, 4, 2)
    (line2,) = await lines_of(shipped)
    for sellable, stock in ((False, 4), (True, 5)):
        ret = (await apply(client, 9301, line2.id, "return_refund", quantity=1))["data"]
        await admin.post(OPERATE, json={"id": ret["id"], "action": "approve"})
        await buyer(client, "return_shipped", {"uid": 9301, "afterSaleId": ret["id"], "carrier": "SF",
                                               "trackingNo": f"SF77777{int(sellable)}"})
        await admin.post(OPERATE, json={"id": ret["id"], "action": "receive", "sellable": sellable})
        assert (await admin.post(FIN, json={"id": ret["id"]}))["data"]["status"] == "refunded"
        assert ((await MallSku.get(id=sku.id)).stock, (await MallGoods.get(id=goods.id)).stock) == (stock, stock)
    # the order detail's log names every step in words, never by its code
    view = (await admin.get("/admin/OrderMain/info_page", params={"orderNo": shipped.order_no}))["data"]
    labels = [row["actionLabel"] for row in view["shops"][0]["logs"]]
    steps = ["申请售后", "售后同意退货", "售后填写退货物流", "售后确认收货", "售后转待退款", "售后执行退款",
             "售后退款成功"]
    assert labels == ["下单", *steps, *steps, "库存退回"], labels


async def test_bad_input_is_refused(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("校验店")
    _, (sku,) = await goods_of(shop, "杯子", (1000,))
    order = await make_order(shop, 9301, [(sku, 2)])
    (line,) = await lines_of(order)
    unpaid = await make_order(shop, 9301, [(sku, 1)], status=flow.UNPAID)
    (uline,) = await lines_of(unpaid)
    grouping = await make_order(shop, 9301, [(sku, 1)], status=flow.GROUPING)
    (gline,) = await lines_of(grouping)
    await app_user(9302)  # another app user: not the buyer
    for extra, msg in (({"quantity": 3}, "退款数量不能超过可退数量 2"),
                       ({"amountFen": 2001}, "退款金额不能超过可退金额 2000 分"),
                       ({"quantity": 0}, "数量"), ({"kind": "swap"}, "售后类型"), ({"reason": "   "}, "请填写售后原因"),
                       ({"images": ["javascript:x"]}, "图片地址不正确"), ({"balance": 1}, "balance"),
                       ({"amountFen": 1.5}, "退款金额"), ({"uid": 9302}, "订单商品不存在"),
                       ({"lineId": uline.id}, "订单待付款，不能申请售后"), ({"lineId": 10**9}, "订单商品不存在"),
                       ({"lineId": gline.id}, "拼团中的订单不能申请售后，拼团失败会自动全额退款")):
        answer = await apply(client, extra.pop("uid", 9301), extra.pop("lineId", line.id), **extra)
        assert answer["code"] != 200 and msg in answer["msg"], (extra, answer)
    assert not await OrderAfterSale.exists()
    ok = (await apply(client, 9301, line.id, amountFen=1500, quantity=1))["data"]
    assert ok["amountFen"] == 1500
    for body, msg in (({"id": ok["id"], "action": "approve", "status": "refunded"}, "status"),
                      ({"id": ok["id"], "action": "refund"}, "操作"), ({"id": 0, "action": "approve"}, "售后编号"),
                      ({"id": 10**9, "action": "approve"}, "售后单不存在")):
        answer = await admin.post(OPERATE, json=body)
        assert answer["code"] != 200 and msg in answer["msg"], (body, answer)
    assert (await admin.post(FIN, json={"id": ok["id"], "amountFen": 1}))["code"] != 200
    assert (await buyer(client, "return_shipped", {"uid": 9301, "afterSaleId": ok["id"], "carrier": "SF",
                                                   "trackingNo": "<script>"}))["code"] != 200
    assert (await OrderAfterSale.get(id=ok["id"])).status == "applied"


async def test_permissions_and_shop_isolation(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    mine, other = await make_shop("本店"), await make_shop("别店")
    _, (sku,) = await goods_of(mine, "本店货", (1000,))
    _, (osku,) = await goods_of(other, "别店货", (1000,))
    my_order = await make_order(mine, 9401, [(sku, 1)])
    other_order = await make_order(other, 9402, [(osku, 1)])
    my_row = (await apply(client, 9401, (await lines_of(my_order))[0].id))["data"]
    other_row = (await apply(client, 9402, (await lines_of(other_order))[0].id))["data"]
    staff = await shop_staff(admin, mine, "asstaff", STAFF)
    listed = await staff.get(LIST)
    assert listed["total"] == 1 and listed["rows"][0]["id"] == my_row["id"] and listed["counts"]["applied"] == 1
    assert listed["rows"][0]["goodsName"] == "测试商品" and listed["rows"][0]["orderNo"] == my_order.order_no
    assert (await staff.get(LIST, params={"shopId": other.id}))["total"] == 0
    before = await snapshot()
    assert (await staff.post(OPERATE, json={"id": other_row["id"], "action": "approve"}))["code"] == 404
    assert (await staff.post(OPERATE, json={"id": other_row["id"], "action": "reject", "reason": "x"}))[
        "code"] == 404
    assert await snapshot() == before
    assert (await staff.post(OPERATE, json={"id": my_row["id"], "action": "approve"}))["code"] == 200
    # shop staff never execute, nor see finance's queue
    assert await staff.post(FIN, json={"id": my_row["id"]}) == FORBIDDEN
    assert await staff.get(FIN) == FORBIDDEN
    # a finance operator without the after-sale permission cannot decide; a viewer cannot act
    finance = await operator(admin, "asfinance", FINANCE)
    assert await finance.post(OPERATE, json={"id": other_row["id"], "action": "approve"}) == FORBIDDEN
    assert await finance.get(LIST) == FORBIDDEN
    viewer = await operator(admin, "asviewer", ("order:afterSale:list", "order:refund:list", "finance:refund:list"))
    assert await viewer.post(OPERATE, json={"id": other_row["id"], "action": "approve"}) == FORBIDDEN
    assert await viewer.post(FIN, json={"id": my_row["id"]}) == FORBIDDEN
    assert (await viewer.get(LIST))["total"] == 2
    queue = await finance.get(FIN)
    assert queue["total"] == 1 and queue["rows"][0]["id"] == my_row["id"] and queue["threshold"] == 50000
    assert (await finance.post(FIN, json={"id": my_row["id"]}))["data"]["status"] == "refunded"
    assert (await finance.get(FIN))["rows"][0]["refund"]["status"] == "refunded"
    # the order-side refund list: shop scoped
    assert (await staff.get("/admin/order_main/refund_order"))["total"] == 1
    assert (await viewer.get("/admin/order_main/refund_order"))["total"] == 1
    other_staff = await shop_staff(admin, other, "asother", STAFF)
    assert (await other_staff.get("/admin/order_main/refund_order"))["total"] == 0
    assert await other_staff.get(FIN) == FORBIDDEN


async def run_shop_demo() -> MallShop:
    """The development demo's shops and its shop account ``shopdemo`` (the seeded shop-staff role, first shop)."""
    ctx = DemoContext(rng=random.Random(1), now=datetime.now(UTC), uids=[])
    await shop_demo.demo(ctx)
    await ctx.sync_sequences()
    return await MallShop.get(name=shop_demo.SHOPS[0][0])


async def test_the_demo_shop_account_handles_its_own_shops_after_sales(start_app, make_settings):
    """Issue 26: shopdemo listed no after-sale (403); its seeded role now decides its shop's, never another's."""
    client, admin = await setup(start_app, make_settings)
    mine = await run_shop_demo()
    other = await MallShop.get(name=shop_demo.SHOPS[1][0])
    _, (sku,) = await goods_of(mine, "果篮", (8800,))
    _, (osku,) = await goods_of(other, "山货", (6600,))
    my_row = (await apply(client, 9501, (await lines_of(await make_order(mine, 9501, [(sku, 1)])))[0].id))["data"]
    other_order = await make_order(other, 9502, [(osku, 1)])
    other_row = (await apply(client, 9502, (await lines_of(other_order))[0].id))["data"]
    shopdemo = Caller(client, await token_for(client, shop_demo.DEMO_ACCOUNT))
    perms = set((await shopdemo.get("/getInfo"))["permissions"])
    assert set(STAFF) <= perms and not perms & set(FINANCE)

    listed = await shopdemo.get(LIST)
    assert listed["code"] == 200, listed
    assert [r["id"] for r in listed["rows"]] == [my_row["id"]] and listed["counts"]["applied"] == 1
    assert (await shopdemo.get(LIST, params={"shopId": other.id}))["total"] == 0
    assert (await shopdemo.get(LIST, params={"shopOrderId": other_order.id}))["total"] == 0
    before = await snapshot()
    for action in ({"action": "approve"}, {"action": "reject", "reason": "不同意"}, {"action": "receive"}):
        assert await shopdemo.post(OPERATE, json={"id": other_row["id"], **action}) == \
            {"code": 404, "msg": "售后单不存在"}
    assert await shopdemo.post(FIN, json={"id": other_row["id"]}) == FORBIDDEN
    assert await snapshot() == before
    assert (await OrderAfterSale.get(id=other_row["id"])).status == "applied"

    # its own: decided by the shop; the refund itself stays finance's (DOMAIN.md: finance executes)
    decided = await shopdemo.post(OPERATE, json={"id": my_row["id"], "action": "approve"})
    assert decided["data"]["status"] == "awaiting_refund", decided
    assert await shopdemo.post(FIN, json={"id": my_row["id"]}) == FORBIDDEN
    assert await shopdemo.get(FIN) == FORBIDDEN
    assert await OrderRefund.filter(after_sale_id=my_row["id"]).count() == 0
    assert (await admin.post(FIN, json={"id": my_row["id"]}))["data"]["status"] == "refunded"
    refunds = await shopdemo.get("/admin/order_main/refund_order")
    assert [r["afterSaleId"] for r in refunds["rows"]] == [my_row["id"]]
    assert (await shopdemo.get("/admin/order_main/refund_order", params={"shopId": other.id}))["total"] == 0


async def shop_role_after_sale_menus() -> set[str]:
    role = await SysRole.get(role_key="shop_staff")
    ids = await SysRoleMenu.filter(role_id=role.role_id).values_list("menu_id", flat=True)
    return set(await SysMenu.filter(menu_id__in=ids, perms__startswith="order:").values_list("perms", flat=True))


async def test_an_installed_shop_role_gets_the_after_sale_menus_once(client):
    """An install from before issue 26: migration 0037 grants its shop role the after-sale menus, once; an
    install from before the after-sale menus existed gets them from the seed when it creates them."""
    migration = importlib.import_module("core_api.migrations.0040_shop_after_sale")
    assert set(migration.PERMS) <= set(SHOP_STAFF_PERMS)
    granted = await shop_role_after_sale_menus()
    assert set(migration.PERMS) <= granted
    role = await SysRole.get(role_key="shop_staff")
    menus = await SysMenu.filter(perms__in=migration.PERMS).values_list("menu_id", flat=True)
    await SysRoleMenu.filter(role_id=role.role_id, menu_id__in=menus).delete()
    assert not await shop_role_after_sale_menus() & set(migration.PERMS)
    editor = SimpleNamespace(client=connections.get("default"))
    await migration.forward(None, editor)
    await migration.forward(None, editor)  # twice: nothing doubled
    assert await shop_role_after_sale_menus() == granted
    held = await SysRoleMenu.filter(role_id=role.role_id).values_list("menu_id", flat=True)
    assert len(held) == len(set(held))

    # the after-sale menus themselves missing (an install from before them): the seed creates and grants them
    await SysRoleMenu.filter(menu_id__in=menus).delete()
    await SysMenu.filter(menu_id__in=menus).delete()
    assert (await seed())["menus"] == len(migration.PERMS)
    assert await shop_role_after_sale_menus() == granted
    assert (await seed())["menus"] == 0 and await shop_role_after_sale_menus() == granted


async def test_twenty_parallel_executions_refund_once(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("并发店")
    _, (sku,) = await goods_of(shop, "并发货", (3333,))
    order = await make_order(shop, 9501, [(sku, 3)], coupon_fen=100)
    (line,) = await lines_of(order)
    ids = []
    for qty in (1, 2):
        row = (await apply(client, 9501, line.id, quantity=qty))["data"]
        await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
        answers = await asyncio.gather(*(admin.post(FIN, json={"id": row["id"]}) for _ in range(20)))
        assert sum(a["code"] == 200 for a in answers) == 1, answers
        assert {a["msg"] for a in answers if a["code"] != 200} <= {
            "售后状态已变化，请刷新后重试", "售后单退款中，不能执行退款", "售后单已退款，不能执行退款"}
        ids.append(row["id"])
    assert await OrderRefund.filter(status="refunded").count() == 2
    amounts = await OrderPay.filter(kind="refund").values_list("amount_fen", flat=True)
    assert sorted(amounts) == sorted([line.pay_fen // 3, line.pay_fen - line.pay_fen // 3])
    assert sum(amounts) == line.pay_fen == (await OrderShop.get(id=order.id)).refunded_fen


async def test_over_refund_is_refused_under_the_lock(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("超退店")
    _, (sku,) = await goods_of(shop, "超退货", (1000,))
    order = await make_order(shop, 9601, [(sku, 2)])
    (line,) = await lines_of(order)
    row = (await apply(client, 9601, line.id, quantity=2))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    # money refunded elsewhere meanwhile (a group failure refund): the execution is refused, nothing changes
    await OrderShop.filter(id=order.id).update(refunded_fen=1500)
    before = await snapshot()
    answer = await admin.post(FIN, json={"id": row["id"]})
    assert answer["msg"] == "退款金额超过订单可退金额（已退 1500 分，实付 2000 分）"
    assert await snapshot() == before and not await OrderRefund.exists()


async def test_points_earned_are_reversed_never_below_zero(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("积分店")
    _, (sku,) = await goods_of(shop, "积分货", (10000,))
    order = await make_order(shop, 9701, [(sku, 2)], status=flow.COMPLETED)
    await OrderShop.filter(id=order.id).update(points_earned=200,
                                               after_sale_until=datetime.now(UTC) + timedelta(days=7))
    await PointsAccount.create(uid=9701, balance=60)
    await PointsLedger.create(uid=9701, delta=200, balance_after=200, kind="order", idem_key=f"earn:{order.id}",
                              ref=order.order_no, create_time=datetime.now(UTC))
    (line,) = await lines_of(order)
    row = (await apply(client, 9701, line.id, "return_refund", quantity=2))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    await buyer(client, "return_shipped", {"uid": 9701, "afterSaleId": row["id"], "carrier": "YTO",
                                           "trackingNo": "YT0001"})
    await admin.post(OPERATE, json={"id": row["id"], "action": "receive", "sellable": True})
    assert (await admin.post(FIN, json={"id": row["id"]}))["data"]["status"] == "refunded"
    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert (refund.points_reversed, refund.points_unreversed) == (60, 140)
    assert (await PointsAccount.get(uid=9701)).balance == 0


@pytest.fixture
async def provider():
    server = Provider()  # the wallet provider on loopback of the wallet tests, which also answers refunds
    await server.server.start_server()
    yield server
    await server.server.close()


PROCESSING_MSG = "退款处理中，稍后自动重查结果，无需重复执行（不会重复退款）"


async def booked(order: OrderShop, sku: MallSku) -> tuple:
    """What a booked refund changes: the order's and its lines' refunded amounts, the refund payments, the stock,
    the points."""
    so = await OrderShop.get(id=order.id)
    lines = await OrderLine.filter(shop_order_id=order.id).values_list("refunded_fen", "refunded_qty")
    return (so.refunded_fen, so.refund_status, so.status, lines, await OrderPay.filter(kind="refund").count(),
            (await MallSku.get(id=sku.id)).stock, await PointsLedger.filter(kind="refund").count())


async def a_while_ago(after_sale_id: int) -> None:
    """The after-sale's last change six minutes back: the sweep (5 minutes) takes it up now."""
    await OrderAfterSale.filter(id=after_sale_id).update(update_time=datetime.now(UTC) - timedelta(minutes=6))


async def test_wallet_still_processing_then_the_sweep_books_once(start_app, make_settings, provider):
    from core_api.order.aftersale import job

    client, admin = await setup_http_wallet(start_app, make_settings, provider, 0.5)
    shop = await make_shop("处理中店")
    _, (sku,) = await goods_of(shop, "处理中货", (5000,), stock=10)
    order = await make_order(shop, 9811, [(sku, 2)], points_used=400)
    await PointsAccount.create(uid=9811, balance=0)
    (line,) = await lines_of(order)
    row = (await apply(client, 9811, line.id, quantity=1))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    before = await booked(order, sku)
    assert before == (0, "none", "to_ship", [(0, 0)], 0, 8, 0)

    # the wallet takes the refund and answers "processing": not an error, nothing booked, nothing final
    provider.mode = "processing"
    answer = await admin.post(FIN, json={"id": row["id"]})
    assert answer["code"] == 200 and answer["msg"] == PROCESSING_MSG, answer
    assert answer["data"]["status"] == "refunding"
    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert (refund.status, refund.attempts, refund.points_back) == ("refunding", 1, 0)
    assert refund.reason == "退款处理中，稍后自动重查（支付渠道处理中，不会重复退款）"
    assert (await OrderAfterSale.get(id=row["id"])).status == "refunding"
    assert (await OrderLine.get(id=line.id)).after_sale == "refunding"
    assert await booked(order, sku) == before
    notes = await OrderLog.filter(shop_order_id=order.id, action="after_sale_processing").values_list(
        "note", flat=True)
    assert len(notes) == 1 and f"退款单 {refund.refund_no}：退款处理中，稍后自动重查" in notes[0]
    # the finance queue shows why it waits; neither finance nor the buyer can act on it meanwhile
    queue = await admin.get(FIN, params={"status": "refunding"})
    assert [(r["id"], r["refund"]["reason"]) for r in queue["rows"]] == [(row["id"], refund.reason)]
    assert (await admin.post(FIN, json={"id": row["id"]}))["msg"] == "售后单退款中，不能执行退款"
    assert (await buyer(client, "cancel", {"uid": 9811, "afterSaleId": row["id"]}))["msg"] == \
        "售后单退款中，不能撤销"
    assert await booked(order, sku) == before and provider.refund_calls == 1

    # the sweep: too fresh first; then, the time moved back, it sends the same number and books the answer once
    params = job.ResendParams()
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == "没有结果未知的退款"
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 1 笔，退款失败 0 笔"
    assert list(provider.refunds) == [refund.refund_no] and provider.refund_calls == 2
    done = await OrderRefund.get(id=refund.id)
    assert (done.status, done.attempts, done.reason, done.points_back) == ("refunded", 2, "", 200)
    assert (await OrderAfterSale.get(id=row["id"])).status == "refunded"
    assert await booked(order, sku) == (4800, "partial", "to_ship", [(4800, 1)], 1, 9, 1)
    assert (await PointsAccount.get(uid=9811)).balance == 200
    # the sweep again, later still: nothing to send, nothing booked twice
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == "没有结果未知的退款"
    assert await booked(order, sku) == (4800, "partial", "to_ship", [(4800, 1)], 1, 9, 1)
    assert provider.refund_calls == 2


async def test_a_timeout_or_the_wallet_down_leaves_the_refund_refunding(start_app, make_settings, provider):
    """No answer is no refusal: the wallet may have paid. The refund stays refunding until the sweep gets a final
    answer for the same number; the wallet pays once, the refund is booked once."""
    from core_api.order.aftersale import job

    client, admin = await setup_http_wallet(start_app, make_settings, provider, 0.5)
    shop = await make_shop("超时店")
    _, (sku,) = await goods_of(shop, "超时货", (3000,), stock=5)
    order = await make_order(shop, 9821, [(sku, 1)])
    (line,) = await lines_of(order)
    row = (await apply(client, 9821, line.id))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    before = await booked(order, sku)

    provider.mode = "timeout"  # the wallet refunds, its answer comes too late
    answer = await admin.post(FIN, json={"id": row["id"]})
    assert (answer["code"], answer["msg"], answer["data"]["status"]) == (200, PROCESSING_MSG, "refunding")
    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert (refund.status, refund.reason) == ("refunding", "退款处理中，稍后自动重查（支付渠道响应超时，不会重复退款）")
    assert await booked(order, sku) == before and len(provider.refunds) == 1
    # the sweep meets the wallet down: still refunding, said so, nothing booked
    provider.mode = "500"
    await a_while_ago(row["id"])
    params = job.ResendParams()
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 0 笔，退款失败 0 笔，仍在处理中 1 笔"
    again = await OrderRefund.get(id=refund.id)
    assert (again.status, again.attempts) == ("refunding", 2)
    assert again.reason == "退款处理中，稍后自动重查（支付渠道暂时不可用（HTTP 500），不会重复退款）"
    assert (await OrderAfterSale.get(id=row["id"])).status == "refunding" and await booked(order, sku) == before
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_processing").count() == 2
    # still down at the next sweep: sent again, but the same answer adds no log row
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 0 笔，退款失败 0 笔，仍在处理中 1 笔"
    assert (await OrderRefund.get(id=refund.id)).attempts == 3
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_processing").count() == 2
    # the wallet back: the same number answers the refund it made at the first call; booked once, order closed
    provider.mode = "ok"
    await a_while_ago(row["id"])
    assert await job.resend_stuck_refunds(params, job_ctx(client, datetime.now(UTC))) == \
        "重发退款 1 笔：退款成功 1 笔，退款失败 0 笔"
    assert list(provider.refunds) == [refund.refund_no] and provider.refunds[refund.refund_no]["amountFen"] == 3000
    assert (await OrderRefund.get(id=refund.id)).status == "refunded"
    assert await booked(order, sku) == (3000, "full", "closed", [(3000, 1)], 1, 5, 0)


async def test_only_a_definite_refusal_fails_the_refund(start_app, make_settings, provider):
    client, admin = await setup_http_wallet(start_app, make_settings, provider, 0.5)
    shop = await make_shop("渠道店")
    _, (sku,) = await goods_of(shop, "渠道货", (5000,))

    async def approved(uid: int) -> tuple[OrderShop, dict]:
        order = await make_order(shop, uid, [(sku, 1)])
        row = (await apply(client, uid, (await lines_of(order))[0].id))["data"]
        await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
        return order, row

    # a refusal ours to fix (no funds on the merchant account): nothing paid; finance retries with the same number
    order, row = await approved(9801)
    provider.mode = "refuse-funds"
    refused = await admin.post(FIN, json={"id": row["id"]})
    assert refused["data"]["status"] == "refund_failed"
    assert refused["msg"] == "退款失败：商户账户余额不足，请充值后重试（可重试，不会重复退款）"
    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert refund.status == "failed" and (await OrderShop.get(id=order.id)).refunded_fen == 0
    assert not await OrderPay.filter(kind="refund").exists() and not provider.refunds
    assert (await buyer(client, "cancel", {"uid": 9801, "afterSaleId": row["id"]}))["msg"] == \
        "售后单退款失败，不能撤销"
    provider.mode = "ok"
    retried = await admin.post(FIN, json={"id": row["id"]})
    assert retried["data"]["status"] == "refunded" and retried["data"]["refundNo"] == refund.refund_no
    assert list(provider.refunds) == [refund.refund_no]
    assert provider.refunds[refund.refund_no]["amountFen"] == 5000
    assert (await OrderRefund.get(id=refund.id)).attempts == 2
    assert (await OrderShop.get(id=order.id)).status == "closed"

    # the provider refuses the refund itself: refund_failed with its reason, nothing booked
    other, row2 = await approved(9802)
    provider.mode = "fail"
    failed = await admin.post(FIN, json={"id": row2["id"]})
    assert failed["data"]["status"] == "refund_failed" and failed["msg"] == "退款失败：原支付单已关闭"
    assert (await OrderAfterSale.get(id=row2["id"])).status == "refund_failed"
    assert (await OrderShop.get(id=other.id)).refunded_fen == 0
    assert await OrderPay.filter(kind="refund").count() == 1


async def test_large_refunds_need_another_person_and_a_fresh_password(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    config = await SysConfig.get(config_key="biz.refund.secondApproveFen")
    saved = await admin.put("/system/config", json={
        "configId": config.config_id, "configName": config.config_name, "configKey": config.config_key,
        "configValue": "1000", "configType": config.config_type})
    assert saved["code"] == 200, saved
    shop = await make_shop("大额店")
    _, (sku,) = await goods_of(shop, "大额货", (5000,))
    order = await make_order(shop, 9901, [(sku, 1)])
    row = (await apply(client, 9901, (await lines_of(order))[0].id))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    before = await snapshot()
    assert (await admin.post(FIN, json={"id": row["id"]}))["msg"] == "大额退款需要另一位审核人执行，审核人不能执行"
    finance = await operator(admin, "bigfinance", FINANCE)
    assert (await finance.post(FIN, json={"id": row["id"]})) == {"code": 428, "msg": "大额退款需要重新输入登录密码"}
    assert (await finance.post(FIN, json={"id": row["id"], "password": "wrong"}))["msg"] == \
        "登录密码不正确，密码输入错误1次，再错4次将锁定10分钟"
    # five wrong ones lock the re-entry, the right one too, until the window ends (test_withdrawals.py)
    for _ in range(4):
        refused = await finance.post(FIN, json={"id": row["id"], "password": "wrong"})
    assert refused == {"code": 428, "msg": "密码输入错误5次，已锁定，请10分钟后再试"}
    assert await finance.post(FIN, json={"id": row["id"], "password": "secret123"}) == refused
    assert await snapshot() == before
    assert (await admin.get("/monitor/logininfor/unlock/bigfinance"))["code"] == 200  # unlocking lifts it too
    assert (await finance.post(FIN, json={"id": row["id"], "password": "secret123"}))["data"]["status"] == \
        "refunded"


async def test_events_go_out_after_the_commit(start_app, make_settings):
    from core_api.platform.state import BUS

    client, admin = await setup(start_app, make_settings)
    seen: list[dict] = []
    bus = client.server.app[BUS]
    publish = bus.publish

    async def recorded(topic: str, payload: dict) -> None:  # the real bus (in-process or RabbitMQ), watched
        if topic == flow.TOPIC:
            seen.append(payload)
        await publish(topic, payload)

    bus.publish = recorded  # type: ignore[method-assign]
    shop = await make_shop("事件店")
    _, (sku,) = await goods_of(shop, "事件货", (1200,))
    order = await make_order(shop, 9951, [(sku, 1)])
    row = (await apply(client, 9951, (await lines_of(order))[0].id, requestNo="ev-1"))["data"]
    await apply(client, 9951, (await lines_of(order))[0].id, requestNo="ev-1")  # a repeat publishes nothing
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    await admin.post(FIN, json={"id": row["id"]})

    refund = await OrderRefund.get(after_sale_id=row["id"])
    assert [(e["event"], e["ref"], e["amountFen"]) for e in seen] == [
        ("after_sale_applied", row["afterSaleNo"], 1200), ("refunded", refund.refund_no, 1200),
        ("closed", refund.refund_no, 0)]
    assert all(e["shopOrderId"] == order.id and e["shopId"] == shop.id for e in seen)
    assert seen[-1]["status"] == "closed"


# ---- the sweep of refunds left refunding (a process dead between the commit and the wallet answer)

def job_ctx(client, now: datetime):
    from types import SimpleNamespace

    from core_api.monitor.job.handlers import JobContext
    from core_api.platform.state import BUS

    return JobContext(now=now, services=SimpleNamespace(bus=client.server.app[BUS]))


async def stuck(client, admin, shop, uid: int, price: int, *, paid_by_wallet: bool = False):
    """An approved refund whose row is committed in refunding and whose execution died: before the wallet call,
    or (``paid_by_wallet``) after the wallet paid but before its answer was applied."""
    from core_api.order.aftersale import service
    from core_api.platform.state import WALLET

    _, (sku,) = await goods_of(shop, f"货{uid}", (price,))
    order = await make_order(shop, uid, [(sku, 1)])
    row = (await apply(client, uid, (await lines_of(order))[0].id))["data"]
    assert (await admin.post(OPERATE, json={"id": row["id"], "action": "approve"}))["code"] == 200
    refund = await service.start(await OrderAfterSale.get(id=row["id"]), flow.Actor("staff", 1, "admin"),
                                 datetime.now(UTC))
    if paid_by_wallet:
        wallet = client.server.app[WALLET]
        assert (await wallet.refund(refund.refund_no, refund.main_no, refund.amount_fen)).status == "SUCCESS"
    return order, row["id"], refund


async def test_a_refund_left_refunding_is_completed_by_the_sweep_once(start_app, make_settings, provider):
    from core_api.order.aftersale import job

    client, admin = await setup_http_wallet(start_app, make_settings, provider, 0.5)
    shop = await make_shop("补发店")
    order, as_id, refund = await stuck(client, admin, shop, 9961, 4200)
    assert (await OrderAfterSale.get(id=as_id)).status == "refunding" and provider.refund_calls == 0
    # an operator cannot execute a refunding refund: only the sweep takes it up
    assert (await admin.post(FIN, json={"id": as_id}))["msg"] == "售后单退款中，不能执行退款"

    params = job.ResendParams()
    now = datetime.now(UTC)
    assert await job.resend_stuck_refunds(params, job_ctx(client, now)) == "没有结果未知的退款"  # too fresh
    assert provider.refund_calls == 0
    later = now + timedelta(minutes=6)
    assert await job.resend_stuck_refunds(params, job_ctx(client, later)) == \
        "重发退款 1 笔：退款成功 1 笔，退款失败 0 笔"
    assert list(provider.refunds) == [refund.refund_no] and provider.refunds[refund.refund_no]["amountFen"] == 4200
    done = await OrderRefund.get(id=refund.id)
    assert (done.status, done.attempts, done.refund_no) == ("refunded", 2, refund.refund_no)
    assert (await OrderAfterSale.get(id=as_id)).status == "refunded"
    so = await OrderShop.get(id=order.id)
    assert (so.refunded_fen, so.refund_status, so.status) == (4200, "full", "closed")
    assert await OrderPay.filter(kind="refund", out_no=refund.refund_no).count() == 1
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_resend").count() == 1
    # run again, later still: nothing left to send
    assert await job.resend_stuck_refunds(params, job_ctx(client, later + timedelta(hours=1))) == "没有结果未知的退款"
    assert provider.refund_calls == 1

    # the wallet refuses the resent refund: refund failed with its reason; the operator retries the same number
    order2, as2, refund2 = await stuck(client, admin, shop, 9962, 3000)
    provider.mode = "fail"
    assert await job.resend_stuck_refunds(params, job_ctx(client, later)) == \
        "重发退款 1 笔：退款成功 0 笔，退款失败 1 笔"
    assert (await OrderAfterSale.get(id=as2)).status == "refund_failed"
    assert (await OrderRefund.get(id=refund2.id)).reason == "原支付单已关闭"
    assert (await OrderShop.get(id=order2.id)).refunded_fen == 0
    assert not await OrderPay.filter(out_no=refund2.refund_no).exists()


async def test_the_sweep_twice_and_a_concurrent_send_pay_once(start_app, make_settings, provider):
    from core_api.order.aftersale import job, service
    from core_api.platform.state import WALLET

    client, admin = await setup_http_wallet(start_app, make_settings, provider, 2)
    shop = await make_shop("并发补发店")
    # the wallet paid, its answer was lost: the sweep run twice at once, the operator's retry and the original
    # execution's late answer all race; the refund is booked once, the wallet paid once
    order, as_id, refund = await stuck(client, admin, shop, 9971, 2500, paid_by_wallet=True)
    later = datetime.now(UTC) + timedelta(minutes=6)
    wallet = client.server.app[WALLET]
    results = await asyncio.gather(
        job.resend_stuck_refunds(job.ResendParams(), job_ctx(client, later)),
        job.resend_stuck_refunds(job.ResendParams(), job_ctx(client, later)),
        admin.post(FIN, json={"id": as_id}),
        service.send(as_id, refund, wallet, flow.Actor("staff", 1, "admin"), datetime.now(UTC)),
        return_exceptions=True)
    assert len(provider.refunds) == 1 and provider.refunds[refund.refund_no]["amountFen"] == 2500
    assert await OrderPay.filter(kind="refund").count() == 1
    so = await OrderShop.get(id=order.id)
    assert (so.refunded_fen, so.status) == (2500, "closed")
    done = await OrderRefund.get(id=refund.id)
    assert (done.status, done.refund_no) == ("refunded", refund.refund_no)
    assert (await OrderAfterSale.get(id=as_id)).status == "refunded"
    assert (await OrderLine.get(shop_order_id=order.id)).refunded_fen == 2500
    swept = [r for r in results[:2] if isinstance(r, str) and r.startswith("重发退款")]
    assert len(swept) <= 1, results
    # the losers changed nothing: a refused operator call, a refused late answer, an idle sweep
    assert results[2]["code"] != 200, results[2]  # refunding or refunded: not executable again
    # a late answer that loses is refused in words: the row moved on ("售后单 ...") or changed under its lock
    assert not isinstance(results[3], Exception) or any(
        words in str(results[3]) for words in ("售后单", "售后状态已变化")), results[3]
    assert await OrderLog.filter(shop_order_id=order.id, action="after_sale_refunded").count() == 1


# ---- a settled order is never refunded (its commission and payout are final)

async def settled_view(order: OrderShop) -> tuple:
    so = await OrderShop.get(id=order.id)
    return so.settle_status, so.fee_fen, so.payout_fen, so.refunded_fen, so.refund_status, so.status


async def test_a_settled_order_is_never_refunded(start_app, make_settings):
    from core_api.mall.shop.service import split_fee
    from core_api.order.place import job as place_job
    from core_api.platform.state import WALLET

    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("结算店", rate_bp=600)
    _, (sku,) = await goods_of(shop, "结算货", (10050,))
    past = datetime.now(UTC) - timedelta(days=20)
    order = await make_order(shop, 9981, [(sku, 1)], status=flow.COMPLETED, now=past)
    await OrderShop.filter(id=order.id).update(after_sale_until=past + timedelta(days=7))
    assert len(await place_job.settle(await OrderShop.get(id=order.id), datetime.now(UTC))) == 1
    fee, payout = split_fee(10050, 600)
    settled = await settled_view(order)
    assert settled == ("settled", fee, payout, 0, "none", "completed") and fee + payout == 10050
    (line,) = await lines_of(order)
    before = await snapshot()

    # the buyer's application: refused as settled, also where a node's clock still sees the window open (settled
    # by a worker whose clock runs ahead)
    assert (await apply(client, 9981, line.id, "return_refund"))["msg"] == "订单已结算，不能申请售后"
    await OrderShop.filter(id=order.id).update(after_sale_until=datetime.now(UTC) + timedelta(hours=1))
    assert (await apply(client, 9981, line.id, "return_refund"))["msg"] == "订单已结算，不能申请售后"
    assert await snapshot() == before and not await OrderAfterSale.exists()
    assert await settled_view(order) == settled

    # finance's execution of an after-sale that an order settled anyway (written as a settlement racing the
    # application without the shared row lock would leave it): refused under the lock, the wallet never called
    other = await make_order(shop, 9981, [(sku, 1)], status=flow.COMPLETED)
    await OrderShop.filter(id=other.id).update(after_sale_until=datetime.now(UTC) + timedelta(days=7))
    row = (await apply(client, 9981, (await lines_of(other))[0].id, "return_refund"))["data"]
    await admin.post(OPERATE, json={"id": row["id"], "action": "approve"})
    await buyer(client, "return_shipped", {"uid": 9981, "afterSaleId": row["id"], "carrier": "SF",
                                           "trackingNo": "SF20260001"})
    assert (await admin.post(OPERATE, json={"id": row["id"], "action": "receive", "sellable": True}))["data"][
        "status"] == "awaiting_refund"
    await OrderShop.filter(id=other.id).update(settle_status="settled", fee_fen=fee, payout_fen=payout)
    before, settled = await snapshot(), await settled_view(other)
    answer = await admin.post(FIN, json={"id": row["id"]})
    assert answer == {"code": 500, "msg": "订单已结算，不能退款（平台佣金和店铺货款已按实收金额结算）"}
    assert await snapshot() == before and await settled_view(other) == settled
    assert not await OrderRefund.exists() and client.server.app[WALLET].refund_calls == 0


async def test_settlement_and_an_application_at_once_never_both(start_app, make_settings):
    """Settlement and an application take the shop order's row lock: either the order is settled and the
    application refused, or the application holds the order open and settlement waits."""
    from core_api.order.place import job as place_job

    client, _ = await setup(start_app, make_settings)
    shop = await make_shop("并发结算店", rate_bp=500)
    _, (sku,) = await goods_of(shop, "并发结算货", (2000,), stock=50)
    orders = []
    for _ in range(8):
        order = await make_order(shop, 9991, [(sku, 1)], status=flow.COMPLETED)
        # the API node sees the window open; the settling worker's clock is past it
        await OrderShop.filter(id=order.id).update(after_sale_until=datetime.now(UTC) + timedelta(days=1))
        orders.append(await OrderShop.get(id=order.id))
    later = datetime.now(UTC) + timedelta(days=2)
    for order in orders:
        (line,) = await lines_of(order)
        applied, settled = await asyncio.gather(apply(client, 9991, line.id, "return_refund"),
                                                place_job.settle(order, later))
        so = await OrderShop.get(id=order.id)
        opened = await OrderAfterSale.filter(shop_order_id=order.id).exists()
        assert (so.settle_status == "settled") != opened, (applied, settled)
        if opened:
            assert applied["code"] == 200 and settled == [] and (so.fee_fen, so.payout_fen) == (0, 0)
        else:
            assert applied["msg"] == "订单已结算，不能申请售后" and (so.fee_fen + so.payout_fen) == 2000
