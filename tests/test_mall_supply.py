"""Supply chain (issue 13 §4, spec 001 §2.16): the provider shops, the cloud goods and the sync of a goods item
(goods + SKUs, idempotent) through the local catalogue and through the HTTP adapter against a provider emulated
on loopback (signed requests, its errors as clear messages with nothing half-written), and the scheduled job."""

from __future__ import annotations

import asyncio
import copy
import hmac

import orjson
from aiohttp import web
from aiohttp.test_utils import TestServer

from core_api.mall.goods.models import MallCategory, MallGoods, MallSku
from core_api.mall.shop.models import MallShop
from core_api.mall.supply.models import MallSupplyShop
from core_api.platform.wallet import sign
from tests.conftest import Caller, eventually, token_for
from tests.mall_support import make_shop, shop_staff
from tests.test_regions import FORBIDDEN, operator

SHOPS = "/admin/supply_chain/get_all_shops"
LIST = "/admin/supply_chain/list_data"
SYNC = "/admin/supply_chain/syncGoodsInfo"
KEY = "supply-test-key-0123456789"


def sku(sid: str, spec: str, price: int, stock: int) -> dict:
    return {"id": sid, "spec": spec, "priceFen": price, "marketPriceFen": price + 1000, "stock": stock, "code": sid}


class Provider:
    """A supply-chain cloud on loopback: checks every request's signature, answers from its catalogue."""

    def __init__(self) -> None:
        self.shops = [{"id": "p1", "name": "云仓一号", "logo": "", "goodsCount": 1}]
        self.goods = {"x1": {"id": "x1", "shopId": "p1", "shopName": "云仓一号", "name": "有机燕麦片",
                             "category": "谷物",
                             "pics": ["https://cdn.provider.example/x1.jpg"], "detail": "<p>燕麦</p>", "unit": "罐",
                             "skus": [sku("x1-s", "规格:500g", 2990, 40), sku("x1-l", "规格:1kg", 4990, 20)]}}
        self.fail: tuple[int, dict] | None = None
        self.calls: list[str] = []

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        self.calls.append(f"{request.method} {request.path}")
        h = request.headers
        expected = sign(KEY, h.get("X-Supply-Timestamp", ""), h.get("X-Supply-Nonce", ""), request.method,
                        request.path, body)
        if not hmac.compare_digest(expected, h.get("X-Supply-Signature", "")):
            return web.json_response({"code": "UNAUTHORIZED", "message": "bad signature"})
        if self.fail is not None:
            status, answer = self.fail
            return web.json_response(answer, status=status)
        if request.path == "/api/v1/shops":
            return web.json_response({"code": "SUCCESS", "data": {"shops": self.shops}})
        if request.path == "/api/v1/goods/search":
            ask = orjson.loads(body)
            rows = [{"id": g["id"], "shopId": g["shopId"], "name": g["name"], "cover": "",
                     "priceFen": min(s["priceFen"] for s in g["skus"]), "stock": sum(s["stock"] for s in g["skus"])}
                    for g in self.goods.values() if not ask["shopId"] or g["shopId"] == ask["shopId"]]
            return web.json_response({"code": "SUCCESS", "data": {"total": len(rows), "rows": rows}})
        goods = self.goods.get(request.match_info.get("id", ""))
        if goods is None:
            return web.json_response({"code": "GOODS_NOT_FOUND", "message": "no such goods"})
        return web.json_response({"code": "SUCCESS", "data": goods})


async def provider_server() -> tuple[Provider, TestServer]:
    provider = Provider()
    app = web.Application()
    app.router.add_get("/api/v1/shops", provider.handle)
    app.router.add_post("/api/v1/goods/search", provider.handle)
    app.router.add_get("/api/v1/goods/{id}", provider.handle)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    return provider, server


async def counts() -> tuple[int, int, int, int]:
    return (await MallGoods.all().count(), await MallSku.all().count(), await MallShop.all().count(),
            await MallSupplyShop.all().count())


# ---- the local catalogue

async def test_local_catalogue_shops_goods_and_an_idempotent_sync(admin):
    shops = await admin.get(SHOPS)
    assert shops["data"]["provider"] == "supply_local"
    assert [(s["id"], s["name"], s["localShopId"]) for s in shops["data"]["shops"]] == \
        [("sc1001", "优选食品供应仓", None), ("sc1002", "家居日用供应仓", None)]
    listed = await admin.post(LIST, json={"shopId": "sc1001"})
    assert listed["data"]["total"] == 3 and [r["id"] for r in listed["data"]["data"]] == ["g10001", "g10002", "g10003"]
    coffee = (await admin.post(LIST, json={"keyword": "咖啡"}))["data"]["data"]
    assert [(r["id"], r["priceFen"], r["stock"], r["localGoodsId"]) for r in coffee] == [("g10002", 4800, 180, None)]

    synced = await admin.get(SYNC, params={"goodsId": "g10002"})
    assert synced["code"] == 200, synced
    data = synced["data"]
    assert (data["created"], data["skusCreated"], data["unchanged"]) == (True, 3, False)
    goods = await MallGoods.get(id=data["goodsId"])
    assert (goods.source, goods.source_ref, goods.name, goods.price_fen, goods.stock, goods.shelf, goods.review) == \
        ("supply_local", "g10002", "云南小粒咖啡豆", 4800, 180, "0", "approved")
    shop = await MallShop.get(id=goods.shop_id)
    assert shop.name == "优选食品供应仓（供应链）"
    category = await MallCategory.get(id=goods.category_id)
    parent = await MallCategory.get(id=category.parent_id)
    assert (parent.name, category.name, category.kind) == ("供应链商品", "冲调饮品", "goods")
    skus = await MallSku.filter(goods_id=goods.id).order_by("source_ref").values_list("source_ref", "spec", "price_fen",
                                                                                      "stock")
    assert skus == [("g10002-a", "重量:250g;烘焙:中度", 4800, 80), ("g10002-b", "重量:250g;烘焙:深度", 4800, 60),
                    ("g10002-c", "重量:500g;烘焙:中度", 8900, 40)]
    before = await counts()
    again = await admin.get(SYNC, params={"goodsId": "g10002"})
    assert again["data"]["unchanged"] is True and again["msg"] == f"商品 {goods.id} 无变化"
    assert await counts() == before
    same = await MallGoods.get(id=goods.id)
    assert (same.version, same.update_time) == (goods.version, goods.update_time)
    # another goods item of the same provider shop goes into the same local shop
    rice = await admin.get(SYNC, params={"goodsId": "g10001"})
    assert (await MallGoods.get(id=rice["data"]["goodsId"])).shop_id == shop.id
    assert await MallShop.all().count() == before[2]
    mapped = {s["id"]: s for s in (await admin.get(SHOPS))["data"]["shops"]}
    assert (mapped["sc1001"]["localShopId"], mapped["sc1001"]["localShopName"]) == (shop.id, shop.name)
    assert (await admin.post(LIST, json={"keyword": "咖啡"}))["data"]["data"][0]["localGoodsId"] == goods.id
    # its edit page opens: the SKUs name no platform attribute values (their keys are supply_<id>)
    page = await admin.get("/admin/mall/shop/goods/add_edit_page", params={"id": goods.id})
    assert page["code"] == 200, page
    assert page["data"]["specs"] == [] and [s["valueIds"] for s in page["data"]["skus"]] == [[], [], []]
    assert sorted(s["spec"] for s in page["data"]["skus"]) == ["重量:250g;烘焙:中度", "重量:250g;烘焙:深度",
                                                               "重量:500g;烘焙:中度"]


async def test_sync_bad_input_and_permissions(admin):
    assert await admin.get(SYNC, params={"goodsId": "nope"}) == {"code": 500, "msg": "供应链商品不存在或已下架"}
    for ref in ("a/b", "x" * 65, "", "1 or 1=1"):
        body = await admin.get(SYNC, params={"goodsId": ref})
        assert body["code"] == 500 and "供应链商品编号" in body["msg"], (ref, body)
    bad = await admin.post(LIST, json={"pageSize": 1000})
    assert bad["code"] == 500 and "每页条数" in bad["msg"]
    unknown = await admin.post(LIST, json={"shopId": "sc1001", "price": 1})
    assert unknown["code"] == 500 and "系统内部错误" not in unknown["msg"]
    assert await counts() == (0, 0, 0, 0)
    viewer = await operator(admin, "sc_viewer", ("mall:supply:list",))
    assert (await viewer.get(SHOPS))["code"] == 200
    assert (await viewer.post(LIST, json={}))["code"] == 200
    assert await viewer.get(SYNC, params={"goodsId": "g10001"}) == FORBIDDEN
    shop = await make_shop("甲店")
    staff = await shop_staff(admin, shop, "sc_shop", ("mall:supply:list", "mall:supply:sync"))
    refused = {"code": 403, "msg": "供应链商品仅限平台运营人员管理"}
    assert await staff.get(SHOPS) == refused
    assert await staff.post(LIST, json={}) == refused
    assert await staff.get(SYNC, params={"goodsId": "g10001"}) == FORBIDDEN  # the sync permission is stripped
    assert await MallGoods.all().count() == 0


async def test_twenty_concurrent_syncs_of_a_new_item_make_it_once(admin):
    answers = await asyncio.gather(*(admin.get(SYNC, params={"goodsId": "g20001"}) for _ in range(20)))
    assert all(a["code"] == 200 for a in answers), answers
    assert sum(1 for a in answers if a["data"]["created"]) == 1
    assert await counts() == (1, 3, 1, 1)


# ---- the HTTP adapter against a provider on loopback

async def http_admin(start_app, make_settings, url: str, key: str = KEY) -> Caller:
    client = await start_app(make_settings(supply_provider="http", supply_url=url, supply_key=key))
    return Caller(client, await token_for(client))


async def test_http_provider_sync_creates_then_updates_only_what_changed(start_app, make_settings):
    provider, server = await provider_server()
    try:
        admin = await http_admin(start_app, make_settings, f"http://127.0.0.1:{server.port}/api")
        shops = await admin.get(SHOPS)
        assert shops["data"]["provider"] == "supply_cloud"
        assert [s["name"] for s in shops["data"]["shops"]] == ["云仓一号"]
        listed = await admin.post(LIST, json={"shopId": "p1"})
        assert [(r["id"], r["priceFen"], r["stock"]) for r in listed["data"]["data"]] == [("x1", 2990, 60)]
        first = await admin.get(SYNC, params={"goodsId": "x1"})
        assert first["data"]["created"] is True, first
        goods = await MallGoods.get(id=first["data"]["goodsId"])
        assert (goods.source, goods.price_fen, goods.stock, goods.unit) == ("supply_cloud", 2990, 60, "罐")
        assert goods.pics == ""  # a foreign image address is not kept: the console shows only its own storage's
        assert (await admin.get(SYNC, params={"goodsId": "x1"}))["data"]["unchanged"] is True
        # the provider changes a price, drops a SKU and adds one
        provider.goods["x1"]["skus"] = [sku("x1-s", "规格:500g", 2590, 40), sku("x1-xl", "规格:2kg", 8990, 5)]
        changed = await admin.get(SYNC, params={"goodsId": "x1"})
        data = changed["data"]
        assert (data["created"], data["skusCreated"], data["skusUpdated"], data["skusRetired"]) == (False, 1, 1, 1)
        assert sorted(data["changed"]) == ["market_price_fen", "price_fen", "stock"]
        goods = await MallGoods.get(id=goods.id)
        assert (goods.price_fen, goods.stock, goods.version) == (2590, 45, 1)
        skus = dict(await MallSku.filter(goods_id=goods.id).values_list("source_ref", "price_fen"))
        assert skus == {"x1-s": 2590, "x1-l": 4990, "x1-xl": 8990}
        assert (await MallSku.get(source_ref="x1-l")).stock == 0  # kept (orders may name it), out of stock
        assert (await admin.get(SYNC, params={"goodsId": "x1"}))["data"]["unchanged"] is True
        assert all(c.startswith(("GET /api/v1/", "POST /api/v1/")) for c in provider.calls)
    finally:
        await server.close()


async def test_http_provider_errors_are_clear_and_write_nothing(start_app, make_settings):
    provider, server = await provider_server()
    try:
        admin = await http_admin(start_app, make_settings, f"http://127.0.0.1:{server.port}/api")
        assert await admin.get(SYNC, params={"goodsId": "zz"}) == {"code": 500, "msg": "供应链商品不存在或已下架"}
        provider.fail = (200, {"code": "RATE_LIMITED", "message": "请求过于频繁"})
        assert await admin.get(SYNC, params={"goodsId": "x1"}) == \
            {"code": 500, "msg": "供应链服务返回错误：请求过于频繁"}
        provider.fail = (502, {"code": "BAD_GATEWAY"})
        assert await admin.get(SHOPS) == {"code": 500, "msg": "供应链服务暂时不可用（HTTP 502），请稍后再试"}
        provider.fail = None
        broken = copy.deepcopy(provider.goods["x1"])
        broken["skus"][1]["priceFen"] = -1  # a malformed SKU: the whole item is refused
        provider.goods["x1"] = broken
        assert await admin.get(SYNC, params={"goodsId": "x1"}) == {"code": 500, "msg": "供应链服务返回的数据格式不正确"}
        assert await counts() == (0, 0, 0, 0)
        assert not await MallCategory.exists()
        wrong_key = await http_admin(start_app, make_settings, f"http://127.0.0.1:{server.port}/api", key="x" * 20)
        assert await wrong_key.get(SHOPS) == {"code": 500, "msg": "供应链服务密钥无效，请联系管理员检查配置"}
    finally:
        await server.close()
    gone = await http_admin(start_app, make_settings, f"http://127.0.0.1:{server.port}/api")
    assert await gone.get(SHOPS) == {"code": 500, "msg": "供应链服务暂时不可用，请稍后再试"}


# ---- the scheduled job

async def test_the_job_syncs_synced_goods_again_and_logs_it(admin):
    from core_api.monitor.job.models import SysJob, SysJobLog

    job = await SysJob.get(invoke_target="syncSupplyGoods")
    assert job.status == "1"  # seeded paused
    gid = (await admin.get(SYNC, params={"goodsId": "g10003"}))["data"]["goodsId"]
    (await admin.get(SYNC, params={"goodsId": "g20002"}))
    await MallSku.filter(goods_id=gid).update(price_fen=1)  # drifted from the provider's
    await MallGoods.filter(id=gid).update(price_fen=1)
    assert (await admin.put("/monitor/job/run", json={"jobId": job.job_id}))["code"] == 200
    await eventually(lambda: SysJobLog.filter(job_id=job.job_id).exists(), timeout=15)
    log = await SysJobLog.get(job_id=job.job_id)
    assert log.status == "0", log.exception_info
    assert log.job_message == "供应链 supply_local：同步 2 个商品，更新 1 个，无变化 1 个", log.job_message
    assert (await MallGoods.get(id=gid)).price_fen == 3990
    assert await MallSku.filter(goods_id=gid).values_list("price_fen", flat=True) == [3990]
