"""The mall's BFF screens and the home screen's business report against a real core: one call per screen."""

from __future__ import annotations

from typing import Any

from core_api.platform.contract.mall import GoodsEditPageOut, SupplyScreenOut, SupplySyncedOut
from tests.conftest import Caller, bearer
from tests.mall_support import make_shop, shop_staff
from tests.test_bff import start_bff
from tests.test_dashboard_business import world
from tests.test_mall_content import goods_of as plain_goods
from tests.test_mall_goods import GOODS, World, attr, goods, save_specs
from tests.test_mall_market import setup


class Screens:
    """A signed-in caller of the BFF: ``await screens.get(path, **params)`` → the decoded envelope."""

    def __init__(self, bff, caller: Caller) -> None:
        self.bff, self.token = bff, caller.token

    async def get(self, path: str, **params: Any) -> dict[str, Any]:
        return await (await self.bff.get(path, params=params, headers=bearer(self.token))).json()


async def mall(aiohttp_client, start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, make_settings())
    return client, admin, bff


async def test_home_screen_carries_the_business_report(aiohttp_client, start_app, make_settings):
    client, admin, bff = await mall(aiohttp_client, start_app, make_settings)
    shop_a, _shop_b, (a1, a2, b1, b0), now = await world(client)
    home = (await Screens(bff, admin).get("/bff/screens/dashboard"))["data"]
    assert home["userTotal"] >= 2 and len(home["loginsPerDay"]) == 30
    report = home["business"]
    assert len(report["days"]) == 30 and report["people"] is True and report["shopId"] == 0
    assert report["totals"]["orders"] == 4 and report["totals"]["refundFen"] == 2550
    assert report["totals"]["paidFen"] == sum(o.pay_fen for o in (a1, a2, b1, b0))
    week = (await Screens(bff, admin).get("/bff/screens/dashboard", beginTime=report["days"][-7]["day"],
                                          endTime=report["end"]))["data"]
    assert len(week["business"]["days"]) == 7
    # shop staff: their shop's figures, no people figures
    staff = Screens(bff, await shop_staff(admin, shop_a, "home_staff", ("index:dashboard:view",)))
    mine = (await staff.get("/bff/screens/dashboard"))["data"]["business"]
    assert mine["shopId"] == shop_a.id and mine["people"] is False and mine["totals"]["orders"] == 2
    # without the home page's permission: refused
    other = Screens(bff, await shop_staff(admin, await make_shop("丙店"), "home_none", ("order:shop:list",)))
    assert (await other.get("/bff/screens/dashboard"))["code"] == 403
    bad = await Screens(bff, admin).get("/bff/screens/dashboard", beginTime="2026-03-02", endTime="2026-03-01")
    assert bad == {"code": 500, "msg": "开始日期不能晚于结束日期"}


async def test_shop_info_screen(aiohttp_client, start_app, make_settings):
    _client, admin, bff = await mall(aiohttp_client, start_app, make_settings)
    shop = await make_shop("信息店", rate_bp=650, address="建国路1号", lng=116.45, lat=39.9)
    other = await make_shop("别人店")
    screens = Screens(bff, admin)
    info = (await screens.get("/bff/screens/mall/shop/info", id=shop.id))["data"]["shop"]
    assert (info["name"], info["rateBp"], info["address"], info["lng"]) == ("信息店", 650, "建国路1号", 116.45)
    assert info["areaCode"] == "110105" and info["areaCodePath"] == "北京市/北京市/朝阳区"
    # a shop account opens its own shop unasked, and no other
    staff = Screens(bff, await shop_staff(admin, shop, "info_staff", ("mall:shop:query",)))
    assert (await staff.get("/bff/screens/mall/shop/info"))["data"]["shop"]["id"] == shop.id
    assert (await staff.get("/bff/screens/mall/shop/info", id=other.id))["code"] == 404
    assert await screens.get("/bff/screens/mall/shop/info") == {"code": 500, "msg": "请选择店铺"}
    assert (await screens.get("/bff/screens/mall/shop/info", id="x"))["code"] == 500
    nobody = Screens(bff, await shop_staff(admin, other, "info_none", ("order:shop:list",)))
    assert (await nobody.get("/bff/screens/mall/shop/info"))["code"] == 403


async def test_attr_screen(aiohttp_client, start_app, make_settings):
    _client, admin, bff = await mall(aiohttp_client, start_app, make_settings)
    w = await World().build(admin)
    mine, _ = await attr(w.a, "甲店材质", ["棉"])
    await attr(w.b, "乙店材质", ["麻"])
    seen = (await Screens(bff, w.a).get("/bff/screens/mall/attr", pageSize=200))["data"]["attrs"]
    rows = {r["name"]: r for r in seen["data"]}
    assert set(rows) == {"颜色", "尺码", "甲店材质"} and seen["total"] == 3
    assert [v["value"] for v in rows["颜色"]["values"]] == ["红", "黑", "白"]
    assert (rows["颜色"]["shopName"], rows["颜色"]["editable"]) == ("平台", False)
    assert (rows["甲店材质"]["id"], rows["甲店材质"]["shopName"], rows["甲店材质"]["editable"]) == (mine, "甲店", True)
    everything = (await Screens(bff, admin).get("/bff/screens/mall/attr", pageSize=200))["data"]["attrs"]
    assert everything["total"] == 4
    assert (await Screens(bff, admin).get("/bff/screens/mall/attr", pageSize=9999))["code"] == 500
    nobody = Screens(bff, await shop_staff(admin, w.shop_b, "attr_none", ("order:shop:list",)))
    assert (await nobody.get("/bff/screens/mall/attr"))["code"] == 403


async def test_review_screen(aiohttp_client, start_app, make_settings):
    _client, admin, bff = await mall(aiohttp_client, start_app, make_settings)
    w = await World().build(admin)
    gid = await goods(w.a, w.leaf, "待审T恤")
    await save_specs(w.a, gid, [(w.color, w.colors[:2])])
    await w.a.get(f"{GOODS}/submit_review", params={"id": gid})
    screens = Screens(bff, admin)
    pending = (await screens.get("/bff/screens/mall/review"))["data"]["goods"]
    assert pending["total"] == 1
    row = pending["data"][0]
    assert (row["id"], row["name"], row["shopName"], row["categoryName"], row["review"]) == (
        gid, "待审T恤", "甲店", "T恤", "pending")
    assert row["priceFen"] == 5900 and row["stock"] == 20
    assert (await screens.get("/bff/screens/mall/review", review="approved"))["data"]["goods"]["data"] == []
    assert (await screens.get("/bff/screens/mall/review", name="没有"))["data"]["goods"]["total"] == 0
    assert (await screens.get("/bff/screens/mall/review", review="draft"))["code"] == 500
    assert (await Screens(bff, w.a).get("/bff/screens/mall/review"))["code"] == 403  # shops do not review


async def test_ad_goods_screen(aiohttp_client, start_app, make_settings):
    _client, admin, bff = await mall(aiohttp_client, start_app, make_settings)
    shop, other = await make_shop("广告店"), await make_shop("别家店")
    ids = [await plain_goods(shop.id, f"广告商品{i}") for i in range(2)]
    made = await admin.post("/admin/shopAd_category/add_edit", json={"shopId": shop.id, "name": "本周推荐"})
    cid = made["data"]["id"]
    await admin.get("/admin/shopAd_category/add_goods", params={"categoryId": cid, "goodsIds": f"{ids[0]},{ids[1]}"})
    screens = Screens(bff, admin)
    page = (await screens.get("/bff/screens/mall/ad/goods", categoryId=cid))["data"]["goods"]
    assert page["total"] == 2
    assert [(r["goodsId"], r["goodsName"], r["sort"], r["status"]) for r in page["rows"]] == [
        (ids[0], "广告商品0", 1, "1"), (ids[1], "广告商品1", 2, "1")]
    named = (await screens.get("/bff/screens/mall/ad/goods", categoryId=cid, name="商品0"))["data"]["goods"]
    assert [r["goodsName"] for r in named["rows"]] == ["广告商品0"]
    assert (await screens.get("/bff/screens/mall/ad/goods"))["code"] == 500  # no category
    assert (await screens.get("/bff/screens/mall/ad/goods", categoryId=999999))["code"] == 404
    stranger = Screens(bff, await shop_staff(admin, other, "ad_other", ("mall:adCategory:goods",)))
    assert (await stranger.get("/bff/screens/mall/ad/goods", categoryId=cid))["code"] == 404
    nobody = Screens(bff, await shop_staff(admin, other, "ad_none", ("order:shop:list",)))
    assert (await nobody.get("/bff/screens/mall/ad/goods", categoryId=cid))["code"] == 403


async def test_goods_edit_screen(aiohttp_client, start_app, make_settings):
    _client, admin, bff = await mall(aiohttp_client, start_app, make_settings)
    w = await World().build(admin)
    own, _ = await attr(w.a, "甲店材质", ["棉"])
    await attr(w.b, "乙店材质", ["麻"])
    gid = await goods(w.a, w.leaf, "双规格T恤", subtitle="夏季款", marketPriceFen=9900)
    saved = await save_specs(w.a, gid, [(w.color, w.colors[:2])])
    assert saved["code"] == 200, saved
    answered = await Screens(bff, w.a).get("/bff/screens/mall/goods/edit", id=gid)
    page = GoodsEditPageOut.model_validate(answered).data.model_dump(by_alias=True)  # what its document promises
    g = page["goods"]
    assert (g["id"], g["name"], g["subtitle"], g["shopId"], g["categoryId"], g["categoryName"], g["review"]) == (
        gid, "双规格T恤", "夏季款", w.shop_a.id, w.leaf, "T恤", "draft")
    assert (g["marketPriceFen"], g["priceFen"], g["stock"]) == (9900, 5900, 20)
    assert [(s["spec"], s["priceFen"], s["stock"], s["valueIds"]) for s in page["skus"]] == [
        ("颜色:红", 5900, 10, [w.colors[0]]), ("颜色:黑", 6000, 10, [w.colors[1]])]
    assert page["specs"] == [{"attrId": w.color, "attrName": "颜色", "values": [
        {"id": w.colors[0], "value": "红"}, {"id": w.colors[1], "value": "黑"}]}]
    assert [(c["name"], [k["name"] for k in c["children"]]) for c in page["categories"]] == [("服饰", ["T恤"])]
    # the attributes the shop's goods may use: the platform's and its own, not another shop's
    assert {a["name"]: [v["value"] for v in a["values"]] for a in page["attrs"]} == {
        "颜色": ["红", "黑", "白"], "尺码": ["M", "L"], "甲店材质": ["棉"]}
    assert next(a for a in page["attrs"] if a["id"] == own)["shopId"] == w.shop_a.id
    assert page["ownShop"] == w.shop_a.id
    # a new item: no record, the same options; an operator has no shop of their own
    new = (await Screens(bff, admin).get("/bff/screens/mall/goods/edit"))["data"]
    assert (new["goods"], new["skus"], new["specs"], new["ownShop"]) == (None, [], [], None)
    assert len(new["attrs"]) == 4
    # another shop's item is not found; a bad id is refused; without the goods permission: refused
    assert (await Screens(bff, w.b).get("/bff/screens/mall/goods/edit", id=gid))["code"] == 404
    assert (await Screens(bff, w.a).get("/bff/screens/mall/goods/edit", id="x"))["code"] == 500
    nobody = Screens(bff, await shop_staff(admin, w.shop_b, "edit_none", ("order:shop:list",)))
    assert (await nobody.get("/bff/screens/mall/goods/edit", id=gid))["code"] == 403


async def test_supply_screen(aiohttp_client, start_app, make_settings):
    _client, admin, bff = await mall(aiohttp_client, start_app, make_settings)
    screens = Screens(bff, admin)
    answered = await screens.get("/bff/screens/mall/supply")
    first = SupplyScreenOut.model_validate(answered).data.model_dump(by_alias=True)
    assert first["shops"]["provider"] == "supply_local"
    assert [(s["id"], s["name"], s["localShopId"]) for s in first["shops"]["shops"]] == [
        ("sc1001", "优选食品供应仓", None), ("sc1002", "家居日用供应仓", None)]
    assert first["goods"]["pageNo"] == 1 and first["goods"]["provider"] == "supply_local"
    food = (await screens.get("/bff/screens/mall/supply", shopId="sc1001"))["data"]["goods"]
    assert food["total"] == 3 and [r["id"] for r in food["data"]] == ["g10001", "g10002", "g10003"]
    second = (await screens.get("/bff/screens/mall/supply", shopId="sc1001", pageSize=2, pageNum=2))["data"]["goods"]
    assert (second["pageNo"], [r["id"] for r in second["data"]]) == (2, ["g10003"])
    coffee = (await screens.get("/bff/screens/mall/supply", keyword="咖啡"))["data"]["goods"]["data"]
    assert [(r["id"], r["priceFen"], r["stock"], r["localGoodsId"]) for r in coffee] == [("g10002", 4800, 180, None)]
    # after a sync the screen read again shows the local goods item and the shop it went into
    synced = await admin.get("/admin/supply_chain/syncGoodsInfo", params={"goodsId": "g10002"})
    assert SupplySyncedOut.model_validate(synced).data.created is True  # the typed client's answer
    again = (await screens.get("/bff/screens/mall/supply", keyword="咖啡"))["data"]
    assert again["goods"]["data"][0]["localGoodsId"] == synced["data"]["goodsId"]
    assert again["goods"]["data"][0]["outdated"] is False
    food_shop = next(s for s in again["shops"]["shops"] if s["id"] == "sc1001")
    assert food_shop["localShopName"] == "优选食品供应仓（供应链）"
    assert (await screens.get("/bff/screens/mall/supply", pageSize=101))["code"] == 500
    assert (await screens.get("/bff/screens/mall/supply", shopId="a b"))["code"] == 500
    # a shop account may not manage the supply chain, even with the permission
    staff = Screens(bff, await shop_staff(admin, await make_shop("供货店"), "supply_staff", ("mall:supply:list",)))
    assert (await staff.get("/bff/screens/mall/supply"))["code"] == 403
