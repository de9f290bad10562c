"""Nearby search and reverse geocoding (issue 12 §4): the local maps service over the places index and the
shipped province outlines, and the HTTP implementation against a real maps service on loopback."""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from core_api import demo
from core_api.platform.contract.region import AddressAnswer, MapBaseOut, PlacesOut
from core_api.platform.errors import ServiceError
from core_api.platform.maps import HttpMaps
from core_api.region.place import boundaries
from core_api.region.place.models import RegionPlace
from core_api.region.place.store import load_region_places, remove_place, upsert_place
from core_api.system.config.models import SysConfig
from tests.test_escalation import make_role, make_user, sign_in

AROUND = "/admin/region/v1/map_around"
REGEO = "/admin/region/v1/map_regeo"
TIANANMEN = (116.397128, 39.916527)


async def places() -> None:
    await upsert_place("shop", 1, "王府井百货", "北京市东城区王府井大街255号", 116.411, 39.914)  # ~1.2 km
    await upsert_place("hospital", 2, "协和医院", "北京市东城区帅府园1号", 116.417, 39.913)  # ~1.7 km
    await upsert_place("service", 3, "协和体检中心", "北京市东城区东单北大街", 116.418, 39.919)  # ~1.8 km
    await upsert_place("shop", 4, "前门大栅栏", "北京市西城区大栅栏街", 116.393, 39.897)  # ~2.2 km
    await upsert_place("hospital", 5, "中山大学附属第一医院", "广州市越秀区中山二路58号", 113.289, 23.130)


async def test_around_orders_by_distance_and_filters_by_keywords(admin):
    await places()
    answer = await admin.get(AROUND, params={"longitude": TIANANMEN[0], "latitude": TIANANMEN[1]})
    assert answer["code"] == 200 and PlacesOut.model_validate(answer).data[0].name == "王府井百货"  # as documented
    names = [p["name"] for p in answer["data"]]
    assert names == ["王府井百货", "协和医院", "协和体检中心", "前门大栅栏", "中山大学附属第一医院"]
    first = answer["data"][0]
    assert first["location"] == "116.411000,39.914000" and first["address"] == "北京市东城区王府井大街255号"
    assert first["id"] == "shop-1" and 1100 < first["distance"] < 1300
    distances = [p["distance"] for p in answer["data"]]
    assert distances == sorted(distances) and distances[-1] > 1_800_000  # Guangzhou, found by widening
    only = await admin.get(AROUND, params={"keywords": "协和", "longitude": TIANANMEN[0], "latitude": TIANANMEN[1]})
    assert [p["name"] for p in only["data"]] == ["协和医院", "协和体检中心"]
    by_address = await admin.get(AROUND, params={"keywords": "越秀", "longitude": 113.26, "latitude": 23.13})
    # a keyword finds the divisions' centres too (by name): 越秀区 itself, then the hospital in it
    assert [(p["name"], p["address"]) for p in by_address["data"]] == [
        ("越秀区", "广东省/广州市/越秀区"), ("中山大学附属第一医院", "广州市越秀区中山二路58号")]
    literal = await admin.get(AROUND, params={"keywords": "%", "longitude": 116.4, "latitude": 39.9})
    assert literal["data"] == []  # a wildcard is a plain character


async def test_around_pages(admin):
    await places()
    at = {"longitude": TIANANMEN[0], "latitude": TIANANMEN[1], "pageSize": 2}
    pages = [await admin.get(AROUND, params={**at, "pageNo": n}) for n in (1, 2, 3, 4)]
    assert [[p["name"] for p in page["data"]] for page in pages] == [
        ["王府井百货", "协和医院"], ["协和体检中心", "前门大栅栏"], ["中山大学附属第一医院"], []]


@pytest.mark.parametrize(("params", "msg"), [
    ({"longitude": 181, "latitude": 39}, "经度"),
    ({"longitude": 116, "latitude": -91}, "纬度"),
    ({"longitude": "abc", "latitude": 39}, "经度"),
    ({"longitude": "nan", "latitude": 39}, "经度"),
    ({"latitude": 39}, "经度"),
    ({"longitude": 116, "latitude": 39, "pageSize": 51}, "每页条数"),
    ({"longitude": 116, "latitude": 39, "pageNo": 0}, "页码"),
    ({"longitude": 116, "latitude": 39, "keywords": "字" * 51}, "关键字"),
    ({"longitude": 116, "latitude": 39, "radius": 5}, "radius"),
])
async def test_around_refuses_bad_input(admin, params, msg):
    answer = await admin.get(AROUND, params=params)
    assert answer["code"] in (400, 500) and msg in answer["msg"], answer


async def test_who_may_search(admin):
    await places()
    at = {"longitude": 116.4, "latitude": 39.9}
    role = await make_role(admin, "svc", ("consult:service:list", "consult:service:edit"))
    await make_user(admin, "svc_editor", None, [role.role_id])
    editor = await sign_in(admin, "svc_editor")
    assert (await editor.get(AROUND, params=at))["code"] == 200
    assert (await editor.get(REGEO, params=at))["code"] == 200
    viewer_role = await make_role(admin, "viewer", ("content:appVersion:list",))
    await make_user(admin, "viewer", None, [viewer_role.role_id])
    viewer = await sign_in(admin, "viewer")
    for path in (AROUND, REGEO, "/admin/region/v1/map_base"):
        assert (await viewer.get(path, params=at))["code"] == 403
    assert (await admin.client.get(AROUND, params=at)).status in (401, 200)


async def test_reverse_geocode_names_the_nearest_place_and_the_province(admin):
    await places()
    near = await admin.get(REGEO, params={"longitude": 116.4111, "latitude": 39.9141})
    assert near["code"] == 200 and AddressAnswer.model_validate(near).data.province == "北京市"  # as documented
    assert near["data"]["address"] == "北京市东城区王府井大街255号（王府井百货附近）"
    assert near["data"]["province"] == "北京市" and near["data"]["location"] == "116.411100,39.914100"
    alone = await admin.get(REGEO, params={"longitude": 121.47, "latitude": 31.23})
    # no place of ours nearby: the district whose centre is nearest, within the province the outline gives
    assert alone["data"]["address"] == "上海市黄浦区（121.470000,31.230000）"
    levels = (alone["data"]["province"], alone["data"]["city"], alone["data"]["district"])
    assert levels == ("上海市", "上海市", "黄浦区")
    sea = await admin.get(REGEO, params={"longitude": 150, "latitude": 10})
    assert sea["data"]["address"].startswith("未知地点")


async def test_places_follow_their_records_and_region_centres_load_once(admin):
    await upsert_place("shop", 9, "老店", "旧址", 116.0, 39.0)
    await upsert_place("shop", 9, "新店", "新址", 116.5, 39.5)
    assert await RegionPlace.filter(kind="shop", ref_id=9).values("name", "lng_e6", "lat_e6") == [
        {"name": "新店", "lng_e6": 116_500_000, "lat_e6": 39_500_000}]
    await upsert_place("shop", 9, "新店", "新址", None, None)  # the location was cleared
    assert not await RegionPlace.filter(kind="shop", ref_id=9).exists()
    await remove_place("shop", 9)  # a repeat is harmless
    # the seed loaded the divisions' centres from the region table: a rerun adds nothing
    from core_api.region.division.models import Region

    centres = await Region.filter(lng__not_isnull=True).count()
    assert centres > 3000 and await RegionPlace.filter(kind="region").count() == centres
    assert await load_region_places() == 0
    found = await admin.get(AROUND, params={"keywords": "广东", "longitude": 116.4, "latitude": 39.9})
    # every division of 广东 (by its path), the nearest to Beijing first: the northernmost, 南雄市
    assert found["data"][0]["name"] == "南雄市" and len(found["data"]) == 10
    assert all(p["address"].startswith("广东省") for p in found["data"])
    twins = await admin.get(AROUND, params={"keywords": "朝阳区", "longitude": 116.4, "latitude": 39.9})
    addresses = [p["address"] for p in twins["data"]]
    assert addresses[0] == "北京市/北京市/朝阳区" and "吉林省/长春市/朝阳区" in addresses  # the nearest first
    assert twins["data"][0]["id"] == "region-110105"
    await RegionPlace.filter(kind="region", ref_id=110105).delete()
    assert await load_region_places() == 1  # a lost centre comes back


async def test_the_base_map_is_the_kept_outlines(admin, start_app, make_settings):
    answer = await admin.get("/admin/region/v1/map_base")
    assert answer["code"] == 200 and answer["data"]["tileUrl"] == ""
    assert MapBaseOut.model_validate(answer).data.tile_url == ""  # as documented
    assert len(answer["data"]["provinces"]["features"]) == 34
    tiled = await start_app(make_settings(map_tile_url="https://tiles.example.cn/{z}/{x}/{y}.png"))
    from tests.conftest import Caller, token_for
    other = Caller(tiled, await token_for(tiled))
    assert (await other.get("/admin/region/v1/map_base"))["data"]["tileUrl"].endswith("{z}/{x}/{y}.png")


async def test_the_picker_opens_on_the_configured_city_or_the_country(admin):
    await load_region_places()
    seeded = (await admin.get("/admin/region/v1/map_base"))["data"]["center"]
    # the seeded parameter names Beijing's city (110100): the map opens over it, at a city's zoom
    assert seeded["zoom"] == 8.0 and abs(seeded["longitude"] - 116.4) < 0.2 and abs(seeded["latitude"] - 39.9) < 0.2
    row = await SysConfig.get(config_key="biz.map.defaultCity")
    body = {"configId": row.config_id, "configName": row.config_name, "configKey": row.config_key, "configType": "Y"}
    assert (await admin.put("/system/config", json={**body, "configValue": "440100"}))["code"] == 200
    canton = (await admin.get("/admin/region/v1/map_base"))["data"]["center"]
    assert canton["name"] == "广州市" and abs(canton["longitude"] - 113.26) < 0.2 and canton["zoom"] == 8.0
    for value in ("999999", "abc", ""):  # a code of no division, not a code, nothing: the whole country
        assert (await admin.put("/system/config", json={**body, "configValue": value}))["code"] == 200
        assert (await admin.get("/admin/region/v1/map_base"))["data"]["center"] == {
            "name": "中国", "longitude": 104.195397, "latitude": 35.86166, "zoom": 3.2}


async def test_the_demo_places_are_found_by_keyword(admin):
    await demo.generate(20, seed=3)
    wangfujing = {"longitude": 116.410886, "latitude": 39.913994}  # where the demo's Beijing services are
    found = (await admin.get(AROUND, params={**wangfujing, "keywords": "医院"}))["data"]
    names = [p["name"] for p in found]
    assert names[0] == "北京协和医院" and all("医院" in n or "医院" in p["address"] for n, p in zip(names, found))
    assert {"北京同仁医院", "北京大学第一医院", "北京朝阳医院"} <= set(names)
    assert [p["distance"] for p in found] == sorted(p["distance"] for p in found)
    stations = [p["name"] for p in (await admin.get(AROUND, params={**wangfujing, "keywords": "站"}))["data"]]
    assert stations[:2] == ["北京站", "北京西站"]


def test_kept_outlines_are_what_the_package_gives():
    # the test command installs node_modules first: a missing package is a failure, never a skip
    assert boundaries.PACKAGE.exists(), f"{boundaries.PACKAGE} missing: run the README's test command"
    assert boundaries.dump(boundaries.build()) == Path(boundaries.KEPT).read_bytes()
    assert boundaries.province_at(113.264, 23.129).name == "广东省"  # type: ignore[union-attr]
    assert boundaries.province_at(114.17, 22.32).name == "香港特别行政区"  # type: ignore[union-attr]
    assert boundaries.province_at(116.4, 39.9).name == "北京市"  # type: ignore[union-attr]  # inside Hebei's hole
    assert boundaries.province_at(0, 0) is None


# ---- the HTTP implementation against a real maps service on loopback

class MapsService:
    KEY, SECRET = "k-123", "s-456"

    def __init__(self, mode: str = "ok") -> None:
        self.mode = mode
        self.seen: list[dict[str, str]] = []
        app = web.Application()
        app.router.add_get("/v3/place/around", self.around)
        app.router.add_get("/v3/geocode/regeo", self.regeo)
        self.server = TestServer(app, host="127.0.0.1")

    def check(self, request: web.Request) -> web.Response | None:
        query = dict(request.query)
        self.seen.append(query)
        sig = query.pop("sig", "")
        plain = "&".join(f"{k}={v}" for k, v in sorted(query.items())) + self.SECRET
        if query.get("key") != self.KEY or sig != hashlib.md5(plain.encode()).hexdigest():  # noqa: S324
            return web.json_response({"status": "0", "info": "INVALID_USER_KEY", "infocode": "10001"})
        if self.mode == "limit":
            return web.json_response({"status": "0", "info": "DAILY_QUERY_OVER_LIMIT"})
        if self.mode == "500":
            return web.Response(status=502, text="bad gateway")
        if self.mode == "garbage":
            return web.Response(text="<html>oops</html>")
        return None

    async def around(self, request: web.Request) -> web.Response:
        if self.mode == "slow":
            await asyncio.sleep(2)
        refused = self.check(request)
        if refused is not None:
            return refused
        if self.mode == "bad-poi":
            return web.json_response({"status": "1", "info": "OK", "pois": [{"name": "x", "location": "oops"}]})
        return web.json_response({"status": "1", "info": "OK", "count": "1", "pois": [
            {"id": "B000A8UIN8", "name": "故宫博物院", "location": "116.397029,39.917839",
             "address": "景山前街4号", "distance": "146", "type": "风景名胜"}]})

    async def regeo(self, request: web.Request) -> web.Response:
        refused = self.check(request)
        return refused or web.json_response({"status": "1", "info": "OK", "regeocode": {
            "formatted_address": "北京市东城区东华门街道故宫博物院",
            "addressComponent": {"province": "北京市", "city": [], "district": "东城区"}}})


@pytest.fixture
async def maps_service():
    made: list[MapsService] = []

    async def start(mode: str = "ok") -> MapsService:
        service = MapsService(mode)
        await service.server.start_server()
        made.append(service)
        return service

    yield start
    for service in made:
        await service.server.close()


async def test_http_maps_searches_and_reverse_geocodes_through_the_service(start_app, make_settings, maps_service):
    service = await maps_service()
    client = await start_app(make_settings(maps_provider="http", maps_http_url=str(service.server.make_url("/v3")),
                                           maps_key=MapsService.KEY, maps_secret=MapsService.SECRET))
    from tests.conftest import Caller, token_for
    admin = Caller(client, await token_for(client))
    answer = await admin.get(AROUND, params={"keywords": "故宫", "longitude": 116.397128, "latitude": 39.916527,
                                             "pageNo": 2, "pageSize": 5})
    assert answer["code"] == 200 and answer["data"] == [{"id": "B000A8UIN8", "name": "故宫博物院",
                                                         "location": "116.397029,39.917839",
                                                         "address": "景山前街4号", "distance": 146}]
    sent = service.seen[-1]
    assert (sent["keywords"], sent["location"], sent["page_num"], sent["page_size"]) == (
        "故宫", "116.397128,39.916527", "2", "5")
    regeo = await admin.get(REGEO, params={"longitude": 116.397, "latitude": 39.917})
    assert regeo["data"]["address"] == "北京市东城区东华门街道故宫博物院"
    assert (regeo["data"]["province"], regeo["data"]["city"], regeo["data"]["district"]) == ("北京市", "", "东城区")
    assert MapsService.SECRET not in str(answer) + str(regeo) and MapsService.KEY not in str(answer) + str(regeo)


@pytest.mark.parametrize(("mode", "key", "msg"), [
    ("ok", "wrong", "地图服务密钥无效，请联系管理员检查配置"),
    ("limit", MapsService.KEY, "地图服务调用次数已达上限，请稍后再试"),
    ("500", MapsService.KEY, "地图服务暂时不可用，请稍后再试"),
    ("garbage", MapsService.KEY, "地图服务暂时不可用，请稍后再试"),
    ("bad-poi", MapsService.KEY, "地图服务返回的数据格式不正确"),
    ("slow", MapsService.KEY, "地图服务响应超时，请稍后再试"),
])
async def test_http_maps_errors_are_clear(maps_service, mode, key, msg):
    service = await maps_service(mode)
    maps = HttpMaps(str(service.server.make_url("/v3")), key, MapsService.SECRET, timeout=0.5)
    with pytest.raises(ServiceError) as caught:
        await maps.around("", 116.4, 39.9, 1, 10)
    assert caught.value.msg == msg


async def test_http_maps_unreachable():
    maps = HttpMaps("http://127.0.0.1:9/v3", "k", timeout=1)
    with pytest.raises(ServiceError) as caught:
        await maps.reverse_geocode(116.4, 39.9)
    assert caught.value.msg == "地图服务暂时不可用，请稍后再试"


def test_the_picker_ships_the_cities_outlines():
    """web/public/maps/china-cities.json (ops/vendor_maps.py, from the kept echarts@4.9.0): every
    prefecture-level city with its GB/T 2260 code (a municipality's own), outlines a picker can draw, each city
    holding its centre."""
    import orjson

    kept = Path(__file__).resolve().parents[1] / "web" / "public" / "maps" / "china-cities.json"
    cities = {f["properties"]["name"]: f for f in orjson.loads(kept.read_bytes())["features"]}
    assert len(cities) == 367 and kept.stat().st_size < 2_500_000
    assert all(str(f["properties"]["code"]).isdigit() and len(str(f["properties"]["code"])) == 6
               for f in cities.values())
    for name, code, (lng, lat) in (("北京", 110000, (116.4074, 39.9042)), ("广州", 440100, (113.2644, 23.1291)),
                                   ("长春", 220100, (125.3245, 43.8868)), ("合肥", 340100, (117.2272, 31.8206))):
        city = cities[name]
        rings = [ring for polygon in city["geometry"]["coordinates"] for ring in polygon]
        assert city["properties"]["code"] == code
        assert sum(boundaries._inside(ring, lng, lat) for ring in rings) % 2 == 1, name
    beijing = [ring for polygon in cities["北京"]["geometry"]["coordinates"] for ring in polygon]
    assert not any(boundaries._inside(ring, 121.47, 31.23) for ring in beijing)  # Shanghai is not in Beijing
