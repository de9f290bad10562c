"""Points orders (issue 14 §4): redemptions through the partner API (points and stock taken in one transaction,
once per requestNo, never oversold, never below zero), the console's list, detail, shipping and cancel (points
and stock back exactly once), the points ledger list, and operator-only permissions."""

from __future__ import annotations

import asyncio
import uuid

from core_api.mall.integral_goods.models import MallIntegralGoods
from core_api.platform.models import ChangeLog
from core_api.points.ledger.models import PointsAccount, PointsLedger
from core_api.points.order.models import OrderIntegral
from tests.mall_support import make_shop, shop_staff
from tests.test_escalation import make_role, make_user, sign_in
from tests.test_mall_market import credit, setup
from tests.test_partner_api import partner_post

ALL = ("order:integral:list", "order:integral:query", "order:integral:ship", "order:integral:cancel",
       "order:integralLedger:list")
ADDRESS = {"name": "李四", "phone": "13900139000", "address": "上海市浦东新区世纪大道1号"}


async def goods(name="积分水杯", points=100, stock=10, **extra) -> MallIntegralGoods:
    return await MallIntegralGoods.create(name=name, pics="/profile/upload/cup.png,/profile/upload/b.png",
                                          category_id=1, points=points, stock=stock, shelf="1", **extra)


async def redeem(client, uid, goods_id, quantity=1, request_no=None, **extra) -> dict:
    body, _ = await partner_post(client, "/api/partner/v1/points/redeem", {
        "requestNo": request_no or uuid.uuid4().hex, "uid": uid, "goodsId": goods_id, "quantity": quantity,
        "address": ADDRESS, **extra})
    return body


async def balance(uid) -> int:
    account = await PointsAccount.get_or_none(uid=uid)
    return account.balance if account else 0


async def test_redeem_takes_points_and_stock_once_per_request(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 8001, 1000)
    cup = await goods(points=150, stock=5)
    first = await redeem(client, 8001, cup.id, 2, "REQ-1")
    assert first["code"] == 200, first
    data = first["data"]
    assert data["created"] is True and data["points"] == 300 and data["balance"] == 700 and data["status"] == "to_ship"
    again = await redeem(client, 8001, cup.id, 2, "REQ-1")
    assert again["data"]["orderNo"] == data["orderNo"] and again["data"]["created"] is False
    assert again["data"]["balance"] == 700
    assert (await redeem(client, 8001, cup.id, 1, "REQ-1"))["msg"] == "该请求号已用于另一笔兑换"
    cup = await MallIntegralGoods.get(id=cup.id)
    assert (cup.stock, cup.sales) == (3, 2)
    order = await OrderIntegral.get(order_no=data["orderNo"])
    assert (order.goods_name, order.goods_image, order.unit_points, order.quantity) == (
        "积分水杯", "/profile/upload/cup.png", 150, 2)
    assert (order.receiver_name, order.receiver_phone) == ("李四", "13900139000")
    entry = await PointsLedger.get(idem_key="redeem:REQ-1")
    assert (entry.delta, entry.kind, entry.ref, entry.balance_after) == (-300, "redeem", order.order_no, 700)
    assert await OrderIntegral.all().count() == 1


async def test_redeem_refusals_change_nothing(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    await credit(client, 8001, 500)
    cup = await goods(points=100, stock=3, limit_per_user=2)
    off = await goods(name="下架杯", stock=3)
    await MallIntegralGoods.filter(id=off.id).update(shelf="0")
    cash = await goods(name="加价杯", cash_fen=990)
    cases = [
        ({"goodsId": 424242}, "积分商品不存在"),
        ({"goodsId": off.id}, "积分商品“下架杯”已下架"),
        ({"goodsId": cash.id}, "积分商品“加价杯”需另付现金，暂不支持纯积分兑换"),
        ({"quantity": 4}, "积分商品“积分水杯”库存不足"),
        ({"quantity": 3}, "积分商品“积分水杯”每人限兑2件"),
        ({"uid": 8002}, "积分不足"),
        ({"uid": 9999}, "用户 9999 不存在"),
    ]
    for change, msg in cases:
        body = {"uid": 8001, "goodsId": cup.id, "quantity": 1, **change}
        out = await redeem(client, body.pop("uid"), body.pop("goodsId"), body.pop("quantity"))
        assert out["msg"] == msg and out["code"] != 200, (change, out)
    bad = [
        {"quantity": 0}, {"quantity": "1"}, {"quantity": 1000}, {"address": {**ADDRESS, "phone": "123"}},
        {"address": {"name": "李四", "phone": "13900139000"}}, {"address": {**ADDRESS, "extra": 1}},
        {"requestNo": "有空格 的"}, {"balance": 1},
    ]
    for change in bad:
        body = {"requestNo": uuid.uuid4().hex, "uid": 8001, "goodsId": cup.id, "quantity": 1, "address": ADDRESS,
                **change}
        out, _ = await partner_post(client, "/api/partner/v1/points/redeem", body)
        assert out["code"] == 500 and out["msg"] and "系统内部错误" not in out["msg"], (change, out)
    # the per-user limit counts earlier redemptions (cancelled ones do not)
    assert (await redeem(client, 8001, cup.id, 2))["code"] == 200
    assert (await redeem(client, 8001, cup.id, 1))["msg"] == "积分商品“积分水杯”每人限兑2件"
    assert await balance(8001) == 300
    assert (await MallIntegralGoods.get(id=cup.id)).stock == 1
    assert await OrderIntegral.all().count() == 1


async def test_twenty_redemptions_of_the_last_units(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    for uid in (8001, 8002, 8003):
        await credit(client, uid, 10_000)
    cup = await goods(points=10, stock=3)
    results = await asyncio.gather(*(redeem(client, 8001 + i % 3, cup.id) for i in range(20)))
    won = [r for r in results if r["code"] == 200]
    assert len(won) == 3, results
    assert all(r["msg"] == "积分商品“积分水杯”库存不足" for r in results if r["code"] != 200)
    cup = await MallIntegralGoods.get(id=cup.id)
    assert (cup.stock, cup.sales) == (0, 3)
    assert await OrderIntegral.all().count() == 3
    spent = sum([10_000 - await balance(uid) for uid in (8001, 8002, 8003)])
    assert spent == 30 and await PointsLedger.filter(kind="redeem").count() == 3


async def test_twenty_redemptions_by_a_user_with_points_for_one(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    await credit(client, 8001, 150)
    cup = await goods(points=100, stock=100)
    results = await asyncio.gather(*(redeem(client, 8001, cup.id) for _ in range(20)))
    assert sum(r["code"] == 200 for r in results) == 1, results
    assert all(r["msg"] == "积分不足" for r in results if r["code"] != 200)
    assert await balance(8001) == 50
    assert (await MallIntegralGoods.get(id=cup.id)).stock == 99
    # the same requestNo 20 times: one order, one debit
    await credit(client, 8002, 1000)
    same = await asyncio.gather(*(redeem(client, 8002, cup.id, 1, "SAME-REQ") for _ in range(20)))
    assert all(r["code"] == 200 for r in same), same
    assert len({r["data"]["orderNo"] for r in same}) == 1 and sum(r["data"]["created"] for r in same) == 1
    assert await balance(8002) == 900 and (await MallIntegralGoods.get(id=cup.id)).stock == 98


async def test_console_list_detail_ship_cancel(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 8001, 1000)
    await credit(client, 8002, 1000)
    cup = await goods(points=100, stock=10)
    a = (await redeem(client, 8001, cup.id, 2))["data"]
    b = (await redeem(client, 8002, cup.id, 1))["data"]
    page = await admin.get("/admin/order_integral/list_data")
    assert page["code"] == 200 and page["data"]["total"] == 2
    row = next(r for r in page["data"]["data"] if r["orderNo"] == a["orderNo"])
    assert (row["uid"], row["points"], row["status"], row["goodsName"]) == (8001, 200, "to_ship", "积分水杯")
    assert row["receiverPhone"] == "13900139000"  # the admin holds the personal-data permission
    for params, n in [({"uid": 8002}, 1), ({"orderNo": a["orderNo"]}, 1), ({"status": "shipped"}, 0),
                      ({"beginTime": "2000-01-01", "endTime": "2000-01-02"}, 0)]:
        assert (await admin.get("/admin/order_integral/list_data", params=params))["data"]["total"] == n, params
    oid = row["id"]
    info = await admin.get("/admin/order_integral/info_page", params={"id": oid})
    assert info["data"]["statusLabel"] == "待发货" and info["data"]["receiverAddress"] == ADDRESS["address"]
    assert [e["delta"] for e in info["data"]["ledger"]] == [-200]
    assert (await admin.get("/admin/order_integral/info_page", params={"id": 424242}))["code"] == 404
    assert (await admin.get("/admin/order_integral/info_page", params={"id": "x"}))["code"] == 500
    # ship: bad input refused, nothing changes
    for body in ({"id": oid, "carrier": "", "trackingNo": "SF1234567"}, {"id": oid, "carrier": "SF"},
                 {"id": oid, "carrier": "SF", "trackingNo": "有中文"}, {"id": oid, "carrier": "SF",
                                                                      "trackingNo": "SF1234567", "status": "x"}):
        out = await admin.post("/admin/order_integral/send_goods", json=body)
        assert out["code"] == 500 and "系统内部错误" not in out["msg"], (body, out)
    assert (await OrderIntegral.get(id=oid)).status == "to_ship"
    shipped = await admin.post("/admin/order_integral/send_goods",
                               json={"id": oid, "carrier": "SF", "trackingNo": "SF1234567"})
    assert shipped["msg"] == "发货成功" and shipped["data"]["status"] == "shipped"
    edited = await admin.post("/admin/order_integral/send_goods",
                              json={"id": oid, "carrier": "YTO", "trackingNo": "YT7654321"})
    assert edited["msg"] == "物流已修改"
    order = await OrderIntegral.get(id=oid)
    assert (order.carrier, order.tracking_no, order.shipped_by) == ("YTO", "YT7654321", "admin")
    assert await ChangeLog.filter(resource="OrderIntegral", record_id=oid, action="ship").count() == 2
    # a shipped order is not cancelled
    out = await admin.post("/admin/order_integral/cancel", json={"id": oid, "reason": "缺货"})
    assert out["msg"] == "订单已发货，只有待发货的订单可以取消"
    assert await balance(8001) == 800
    # the buyer confirms receipt: completed, and then nothing ships it again
    done, _ = await partner_post(client, "/api/partner/v1/points/confirm", {"uid": 8001, "orderNo": a["orderNo"]})
    assert done["data"]["status"] == "completed"
    again, _ = await partner_post(client, "/api/partner/v1/points/confirm", {"uid": 8001, "orderNo": a["orderNo"]})
    assert again["data"]["status"] == "completed"
    other, _ = await partner_post(client, "/api/partner/v1/points/confirm", {"uid": 8002, "orderNo": a["orderNo"]})
    assert other["code"] == 404
    not_shipped, _ = await partner_post(client, "/api/partner/v1/points/confirm",
                                        {"uid": 8002, "orderNo": b["orderNo"]})
    assert not_shipped["msg"] == "订单待发货，只有已发货的订单可以确认完成"
    out = await admin.post("/admin/order_integral/send_goods", json={"id": oid, "carrier": "SF", "trackingNo": "SF1"})
    assert out["code"] == 500
    out = await admin.post("/admin/order_integral/send_goods",
                           json={"id": oid, "carrier": "SF", "trackingNo": "SF12345"})
    assert out["msg"] == "订单已完成，不能发货"
    # cancel b: points and stock back exactly once, even with 20 cancels at once
    bid = (await OrderIntegral.get(order_no=b["orderNo"])).id
    blank = await admin.post("/admin/order_integral/cancel", json={"id": bid, "reason": " "})
    assert blank["msg"] == "请填写取消原因"
    results = await asyncio.gather(*(admin.post("/admin/order_integral/cancel", json={"id": bid, "reason": "用户申请"})
                                     for _ in range(20)))
    assert sum(r["code"] == 200 for r in results) == 1, results
    assert all(r["msg"] in ("订单已取消，只有待发货的订单可以取消", "订单状态已变化，请刷新后重试")
               for r in results if r["code"] != 200)
    assert await balance(8002) == 1000
    assert await PointsLedger.filter(idem_key=f"redeem-cancel:{b['orderNo']}").count() == 1
    cup = await MallIntegralGoods.get(id=cup.id)
    assert (cup.stock, cup.sales) == (8, 2)
    cancelled = await OrderIntegral.get(id=bid)
    assert (cancelled.status, cancelled.cancelled_by, cancelled.cancel_reason) == ("cancelled", "admin", "用户申请")
    out = await admin.post("/admin/order_integral/send_goods",
                           json={"id": bid, "carrier": "SF", "trackingNo": "SF12345"})
    assert out["msg"] == "订单已取消，不能发货"
    assert (await admin.post("/admin/order_integral/cancel", json={"id": 424242, "reason": "x"}))["code"] == 404


async def test_points_ledger_list(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 8001, 1000, "BIZ-1")
    await credit(client, 8002, 500)
    cup = await goods(points=100)
    await redeem(client, 8001, cup.id, 3)
    page = await admin.get("/admin/integral/list_data", params={"uid": 8001})
    assert page["code"] == 200 and page["data"]["total"] == 2
    assert [(r["kind"], r["delta"], r["balanceAfter"]) for r in page["data"]["data"]] == [("redeem", -300, 700),
                                                                                   ("credit", 1000, 1000)]
    assert (await admin.get("/admin/integral/list_data", params={"kind": "credit"}))["data"]["total"] == 2
    assert (await admin.get("/admin/integral/list_data", params={"ref": "BIZ-1"}))["data"]["total"] == 1
    assert (await admin.get("/admin/integral/list_data", params={"beginTime": "2000-01-01",
                                                                 "endTime": "2000-01-31"}))["data"]["total"] == 0
    assert (await admin.get("/admin/integral/list_data", params={"uid": "abc"}))["code"] == 500


async def test_permissions_and_shop_staff(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    await credit(client, 8001, 1000)
    cup = await goods()
    order_no = (await redeem(client, 8001, cup.id))["data"]["orderNo"]
    oid = (await OrderIntegral.get(order_no=order_no)).id
    # an operator who may only read
    role = await make_role(admin, "r_points_reader", ("order:integral:list", "order:integral:query"))
    await make_user(admin, "points_reader", None, [role.role_id])
    reader = await sign_in(admin, "points_reader")
    listed = (await reader.get("/admin/order_integral/list_data"))["data"]
    assert listed["total"] == 1 and listed["data"][0]["receiverPhone"] != ADDRESS["phone"]  # no personal-data perm
    assert (await reader.get("/admin/order_integral/info_page", params={"id": oid}))["code"] == 200
    assert (await reader.post("/admin/order_integral/send_goods",
                              json={"id": oid, "carrier": "SF", "trackingNo": "SF12345"}))["code"] == 403
    assert (await reader.post("/admin/order_integral/cancel", json={"id": oid, "reason": "x"}))["code"] == 403
    assert (await reader.get("/admin/integral/list_data"))["code"] == 403
    # shop staff never hold these permissions, whatever their role says
    staff = await shop_staff(admin, await make_shop("店A"), "points_staff", ALL)
    for path, params in (("/admin/order_integral/list_data", {}), ("/admin/order_integral/info_page", {"id": oid}),
                         ("/admin/integral/list_data", {})):
        assert (await staff.get(path, params=params))["code"] == 403, path
    for path, body in (("/admin/order_integral/send_goods", {"id": oid, "carrier": "SF", "trackingNo": "SF12345"}),
                       ("/admin/order_integral/cancel", {"id": oid, "reason": "x"})):
        assert (await staff.post(path, json=body))["code"] == 403, path
    order = await OrderIntegral.get(id=oid)
    assert order.status == "to_ship" and order.carrier == ""
    # the partner calls need the partner signature
    out, response = await partner_post(client, "/api/partner/v1/points/redeem", {
        "requestNo": "R1", "uid": 8001, "goodsId": cup.id, "quantity": 1, "address": ADDRESS}, signature="0" * 64)
    assert response.status in (401, 403) or out["code"] in (401, 403)


async def test_detail_page_timeline_and_link(start_app, make_settings):
    """The points order detail (order/integral/detail, opened from the list's row): the info page answers the
    order's timeline, oldest first, with who did each step, the logistics at each shipment and the reason of a
    cancel; the list's declaration links its rows there and shows status and carrier by their dictionaries."""
    client, admin = await setup(start_app, make_settings)
    await credit(client, 8001, 1000)
    cup = await goods(points=100, stock=10)
    a = (await redeem(client, 8001, cup.id, 2))["data"]
    b = (await redeem(client, 8001, cup.id, 1))["data"]
    aid = (await OrderIntegral.get(order_no=a["orderNo"])).id
    bid = (await OrderIntegral.get(order_no=b["orderNo"])).id

    def steps(info: dict) -> list[tuple]:
        return [(e["action"], e["actorKind"], e["actorName"], e["carrier"], e["trackingNo"], e["note"])
                for e in info["data"]["log"]]

    info = await admin.get("/admin/order_integral/info_page", params={"id": aid})
    assert steps(info) == [("redeem", "user", "8001", "", "", "")]
    assert info["data"]["log"][0]["createTime"] == info["data"]["createTime"]
    assert info["data"]["goodsImage"] == "/profile/upload/cup.png" and info["data"]["points"] == 200
    await admin.post("/admin/order_integral/send_goods", json={"id": aid, "carrier": "SF", "trackingNo": "SF1234567"})
    # an edit of the number only: the carrier kept is still shown at that step
    await admin.post("/admin/order_integral/send_goods", json={"id": aid, "carrier": "SF", "trackingNo": "SF7654321"})
    await partner_post(client, "/api/partner/v1/points/confirm", {"uid": 8001, "orderNo": a["orderNo"]})
    info = await admin.get("/admin/order_integral/info_page", params={"id": aid})
    assert steps(info) == [("redeem", "user", "8001", "", "", ""),
                           ("ship", "staff", "admin", "SF", "SF1234567", ""),
                           ("edit_logistics", "staff", "admin", "SF", "SF7654321", ""),
                           ("complete", "user", "8001", "", "", "")]
    assert [e["actionLabel"] for e in info["data"]["log"]] == ["用户兑换", "发货", "修改物流", "确认收货"]
    assert info["data"]["log"][-1]["createTime"] == info["data"]["completedAt"]
    # a refused cancel writes nothing to the timeline; an accepted one does, with its reason
    await admin.post("/admin/order_integral/cancel", json={"id": aid, "reason": "缺货"})
    assert len((await admin.get("/admin/order_integral/info_page", params={"id": aid}))["data"]["log"]) == 4
    assert (await admin.post("/admin/order_integral/cancel", json={"id": bid, "reason": "用户申请"}))["code"] == 200
    info = await admin.get("/admin/order_integral/info_page", params={"id": bid})
    assert steps(info) == [("redeem", "user", "8001", "", "", ""), ("cancel", "staff", "admin", "", "", "用户申请")]
    assert [e["delta"] for e in info["data"]["ledger"]] == [-100, 100]
    # the list links each row to the hidden detail page, which the menu holds under order:integral:query
    meta = (await admin.get("/admin/resources/meta", params={"view": "order/integral/index"}))["data"]
    link = next(x for x in meta["actions"] if x["key"] == "detail")
    assert (link["method"], link["path"], link["perm"], link["params"]) == (
        "LINK", "order/integral/detail", "order:integral:query", {"id": "id"})
    kinds = {f["name"]: (f["kind"], f["dictType"]) for f in meta["fields"]}
    assert kinds["status"] == ("dict", "biz_integral_order") and kinds["carrier"] == ("dict", "biz_logistics_company")
    ship = next(x for x in meta["actions"] if x["key"] == "ship")
    assert ship["fields"][0]["kind"] == "dict"
    routers = await admin.get("/getRouters")
    assert "order/integral/detail" in str(routers["data"])
