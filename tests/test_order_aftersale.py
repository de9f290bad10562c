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
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole, SysRoleMenu
from tests.conftest import Caller, token_for
from tests.mall_support import make_shop, shop_staff
from tests.order_support import app_user, goods_of, make_order
from tests.test_consumer_screens import operator
from tests.test_partner_api import KEY, partner_post
from tests.test_wallet_paycode import WALLET_KEY

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
