"""The panels above declared lists come in the resource screen's one answer (issue 27 §1): the points orders per
status, the goods that have group buys (a shop account: its own), the turntables to edit the gifts of, the sign-in
charts; and the points order detail's screen (the order, the list's actions, the dictionaries). Each answer is
checked against its declared model."""

from __future__ import annotations

from bff.screens.order_points import PointsDetailScreenOut
from bff.screens.resource import ResourceScreenOut
from core_api.platform.contract.mall import GiftPageOut, GiftSavedOut, GroupActivityInfoOut, GroupGoodsPageOut
from core_api.platform.contract.points import PointsStatusCountsOut
from tests.conftest import bearer
from tests.mall_support import make_shop, shop_staff
from tests.test_bff import start_bff
from tests.test_escalation import make_role, make_user, sign_in
from tests.test_mall_market import MARKET, activity_body, credit, goods_of, setup
from tests.test_mall_market_turntable import GIFTS, make
from tests.test_points_orders import goods, redeem


async def screens(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, settings)

    async def screen(view: str, token: str = admin.token, **params: str) -> dict:
        got = await (await bff.get("/bff/screens/resource", params={"view": view, **params},
                                   headers=bearer(token))).json()
        if got["code"] == 200:
            ResourceScreenOut.model_validate(got)
        return got

    return client, admin, bff, screen


async def test_points_status_counts_equal_the_rows_of_each_status(aiohttp_client, start_app, make_settings):
    client, admin, bff, screen = await screens(aiohttp_client, start_app, make_settings)
    assert (await screen("order/integral/index"))["data"]["panel"] == {
        "kind": "pointsStatus", "counts": {"toShip": 0, "shipped": 0, "completed": 0, "cancelled": 0}}
    for uid in (8001, 8002, 8003):
        await credit(client, uid, 1000)
    cup = await goods(points=100, stock=10)
    orders = [(await redeem(client, uid, cup.id))["data"] for uid in (8001, 8002, 8003, 8001)]
    listed = (await admin.get("/admin/order_integral/list_data"))["data"]["data"]
    ids = {r["orderNo"]: r["id"] for r in listed}
    first, second = ids[orders[0]["orderNo"]], ids[orders[1]["orderNo"]]
    assert (await admin.post("/admin/order_integral/send_goods",
                             json={"id": first, "carrier": "SF", "trackingNo": "SF1234567"}))["code"] == 200
    assert (await admin.post("/admin/order_integral/cancel", json={"id": second, "reason": "缺货"}))["code"] == 200

    data = (await screen("order/integral/index"))["data"]
    assert data["panel"]["counts"] == {"toShip": 2, "shipped": 1, "completed": 0, "cancelled": 1}
    for status, key in (("to_ship", "toShip"), ("shipped", "shipped"), ("cancelled", "cancelled")):
        rows = (await screen("order/integral/index", status=status))["data"]["page"]["total"]
        assert rows == data["panel"]["counts"][key], status
    PointsStatusCountsOut.model_validate(await admin.get("/admin/order_integral/status_counts"), strict=True)

    # the detail: the order, the list's ship and cancel, the status and carrier dictionaries
    detail = await (await bff.get("/bff/screens/order/points/detail", params={"id": str(first)},
                                  headers=bearer(admin.token))).json()
    PointsDetailScreenOut.model_validate(detail)
    order = detail["data"]["order"]
    assert (order["orderNo"], order["status"], order["carrier"], order["trackingNo"]) == (
        orders[0]["orderNo"], "shipped", "SF", "SF1234567")
    assert [step["action"] for step in order["log"]] == ["redeem", "ship"]
    assert [e["delta"] for e in order["ledger"]] == [-100]
    assert [a["key"] for a in detail["data"]["meta"]["actions"]] == ["detail", "ship", "cancel"]
    assert {"biz_integral_order", "biz_logistics_company"} <= set(detail["data"]["dicts"])
    missing = await (await bff.get("/bff/screens/order/points/detail", params={"id": "424242"},
                                   headers=bearer(admin.token))).json()
    assert missing["code"] == 404

    # a user who may read one order but not the list: the order without the list's actions, no counts
    role = await make_role(admin, "points_reader", ("order:integral:query",))
    await make_user(admin, "points_reader", None, [role.role_id])
    reader = await sign_in(admin, "points_reader")
    own = await (await bff.get("/bff/screens/order/points/detail", params={"id": str(first)},
                               headers=bearer(reader.token))).json()
    assert own["code"] == 200 and own["data"]["order"]["id"] == first
    assert (await reader.get("/admin/order_integral/status_counts"))["code"] == 403


async def test_group_buy_panel_shows_the_callers_goods_with_group_buys(aiohttp_client, start_app, make_settings):
    client, admin, bff, screen = await screens(aiohttp_client, start_app, make_settings)
    mine, theirs = await make_shop("面板甲"), await make_shop("面板乙")
    staff = await shop_staff(admin, mine, "panel_market", MARKET)
    my_goods, my_skus = await goods_of(mine, "甲的团购")
    their_goods, their_skus = await goods_of(theirs, "乙的团购")
    assert (await screen("mall/market/index"))["data"]["panel"] == {"kind": "groupBuy", "goods": []}

    made = await staff.post("/admin/market_manage/add", json=activity_body(my_goods, my_skus))
    assert made["code"] == 200, made
    assert (await admin.post("/admin/market_manage/add", json=activity_body(their_goods, their_skus)))["code"] == 200
    panel = (await screen("mall/market/index"))["data"]["panel"]
    named = sorted((g["name"], g["shopName"]) for g in panel["goods"])
    assert named == [("乙的团购", "面板乙"), ("甲的团购", "面板甲")]
    own = (await screen("mall/market/index", staff.token))["data"]
    assert [(g["id"], g["name"], g["priceFen"]) for g in own["panel"]["goods"]] == [(my_goods.id, "甲的团购", 10000)]
    assert [r["goodsName"] for r in own["page"]["rows"]] == ["甲的团购"]

    # the add dialog's calls answer what they declare
    GroupGoodsPageOut.model_validate(await staff.post("/admin/market_manage/goods_data_list", json={}), strict=True)
    info = await staff.get("/admin/market_manage/info", params={"id": made["data"]["id"]})
    assert GroupActivityInfoOut.model_validate(info, strict=True).data.teams.open == 0


async def test_turntable_panel_lists_the_turntables(aiohttp_client, start_app, make_settings):
    client, admin, bff, screen = await screens(aiohttp_client, start_app, make_settings)
    first = await make(admin, GIFTS[:1])
    second = await make(admin, [*GIFTS[:2], {"name": "200积分", "kind": "points", "value": 200, "weight": 2000}])
    panel = (await screen("mall/turntable/index"))["data"]["panel"]
    assert panel == {"kind": "turntable", "turntables": [
        {"id": second, "name": "幸运转盘", "shelf": "0"}, {"id": first, "name": "幸运转盘", "shelf": "0"}]}
    gifts = await admin.get("/admin/turntable/gift/list_data", params={"turntableId": str(second)})
    assert GiftPageOut.model_validate(gifts, strict=True).data.total_weight == 10000
    saved = await admin.post("/admin/turntable/gift/add_edit", json={"turntableId": first, "name": "10积分",
                                                                     "kind": "points", "value": 10, "weight": 1})
    GiftSavedOut.model_validate(saved, strict=True)
    shelved = await admin.get("/admin/turntable/del_shelf", params={"id": str(second), "action": "shelf"})
    assert shelved["data"] == {"shelf": "1"}
    assert (await screen("mall/turntable/index"))["data"]["panel"]["turntables"][0]["shelf"] == "1"


async def test_sign_in_charts_panel(aiohttp_client, start_app, make_settings):
    client, admin, bff, screen = await screens(aiohttp_client, start_app, make_settings)
    panel = (await screen("account/chartLogin/index"))["data"]["panel"]
    assert panel["kind"] == "loginCharts" and len(panel["login"]["days"]) == 30
    assert panel["provinces"]["total"] == panel["login"]["loginTimes"]
    # a list without a panel answers none
    assert (await screen("order/integralLedger/index"))["data"]["panel"] is None
