"""Regions (issue 12 §4, spec 001 §2.15): China's administrative divisions loaded from the shipped dataset,
the tree level by level, keyword search with paths, lookup by code and by (ambiguous) name."""

from __future__ import annotations

import time

from core_api.mall.shop.models import MallShop
from core_api.region.division.loader import dataset, ensure_regions
from core_api.region.division.models import Region, RegionDataset
from tests.conftest import Caller
from tests.mall_support import make_shop, shop_staff
from tests.test_escalation import make_role, make_user, sign_in

LIST = "/admin/region/list"
LOOKUP = "/admin/region/v1/get_region"
FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}


async def operator(admin: Caller, name: str, perms: tuple[str, ...]) -> Caller:
    role = await make_role(admin, f"r_{name}", perms)
    await make_user(admin, name, 103, [role.role_id])
    return await sign_in(admin, name)


async def test_the_dataset_is_loaded_once_and_reloaded_when_its_version_changes(admin):
    assert await Region.all().count() == len(dataset()["rows"]) > 44_000
    assert await ensure_regions() == 0  # same version: nothing written
    await RegionDataset.filter(id=1).update(version="older")
    await Region.filter(code="110105").update(name="改过的")
    started = time.perf_counter()
    assert await ensure_regions() == len(dataset()["rows"])
    assert time.perf_counter() - started < 20
    assert (await Region.get(code="110105")).name == "朝阳区"


async def test_the_provinces_are_the_34_of_the_dataset(admin):
    body = await admin.get(LIST)
    assert body["code"] == 200
    names = [r["name"] for r in body["data"]]
    assert len(names) == 34
    assert {"北京市", "台湾省", "香港特别行政区", "澳门特别行政区", "新疆维吾尔自治区"} <= set(names)
    beijing = body["data"][0]
    assert beijing == {"code": "110000", "name": "北京市", "level": 1, "parentCode": None, "path": "北京市",
                       "leaf": False, "hasChildren": True, "lng": 116.407394, "lat": 39.904211}


async def test_children_load_level_by_level_down_to_the_streets(admin):
    cities = (await admin.get(LIST, params={"parentCode": "110000"}))["data"]
    assert [(c["code"], c["name"]) for c in cities] == [("110100", "北京市")]
    districts = (await admin.get(LIST, params={"parentCode": "110100"}))["data"]
    chaoyang = next(d for d in districts if d["code"] == "110105")
    assert (chaoyang["name"], chaoyang["path"], chaoyang["level"]) == ("朝阳区", "北京市/北京市/朝阳区", 3)
    assert len(districts) == 16
    streets = (await admin.get(LIST, params={"parentCode": "110105"}))["data"]
    assert len(streets) > 20 and all(s["leaf"] and s["level"] == 4 and len(s["code"]) == 9 for s in streets)
    assert any(s["name"] == "建外街道" and s["path"] == "北京市/北京市/朝阳区/建外街道" for s in streets)
    assert (await admin.get(LIST, params={"parentCode": streets[0]["code"]}))["data"] == []
    hong_kong = (await admin.get(LIST, params={"parentCode": "810000"}))["data"]
    assert any(d["path"] == "香港特别行政区/中西区" for d in hong_kong)


async def test_a_keyword_finds_regions_with_their_paths(admin):
    found = (await admin.get(LIST, params={"keyword": "朝阳区"}))["data"]
    assert {f["path"] for f in found} >= {"北京市/北京市/朝阳区", "吉林省/长春市/朝阳区"}
    in_beijing = (await admin.get(LIST, params={"keyword": "朝阳", "parentCode": "110000"}))["data"]
    assert in_beijing and all(f["path"].startswith("北京市/") for f in in_beijing)
    by_code = (await admin.get(LIST, params={"keyword": "1101050"}))["data"]
    assert by_code and all(f["code"].startswith("1101050") for f in by_code)


async def test_lookup_by_code_gives_the_region_and_its_ancestors(admin):
    body = await admin.get(LOOKUP, params={"code": "110105"})
    assert body["code"] == 200
    assert body["data"]["region"]["path"] == "北京市/北京市/朝阳区"
    assert [a["name"] for a in body["data"]["ancestors"]] == ["北京市", "北京市"]
    street = await admin.get(LOOKUP, params={"code": "110105001000"})  # the 12-digit statistics code
    assert street["data"]["region"]["code"] == "110105001"
    assert [a["code"] for a in street["data"]["ancestors"]] == ["110000", "110100", "110105"]


async def test_lookup_by_an_ambiguous_name_gives_every_match(admin):
    body = await admin.get(LOOKUP, params={"name": "朝阳区"})
    paths = [m["path"] for m in body["data"]["matches"]]
    assert "北京市/北京市/朝阳区" in paths and "吉林省/长春市/朝阳区" in paths
    assert body["data"]["region"] is None
    one = await admin.get(LOOKUP, params={"name": "海淀区"})
    assert one["data"]["region"]["code"] == "110108"


async def test_bad_input_is_refused_in_chinese(admin):
    for params, msg in (({"code": "11010"}, "区域编码应为6位、9位或12位数字"),
                        ({"code": "abcdef"}, "区域编码应为6位、9位或12位数字"),
                        ({"code": "990101"}, "区域编码 990101 不存在"),
                        ({}, "请提供区域编码或区域名称"),
                        ({"name": "没有这个区"}, "没有名为“没有这个区”的区域")):
        body = await admin.get(LOOKUP, params=params)
        assert body["code"] == 500 and msg in body["msg"], (params, body)
    bad = await admin.get(LIST, params={"parentCode": "1' OR 1=1"})
    assert bad["code"] == 500 and "区域编码应为6位、9位或12位数字" in bad["msg"]
    gone = await admin.get(LIST, params={"parentCode": "990000"})
    assert gone == {"code": 500, "msg": "上级区域不存在"}
    long = await admin.get(LIST, params={"keyword": "长" * 40})
    assert long["code"] == 500 and "系统内部错误" not in long["msg"]


async def test_permissions(admin):
    nobody = await operator(admin, "nobody", ("system:user:list",))
    assert await nobody.get(LIST) == FORBIDDEN
    assert await nobody.get(LOOKUP, params={"code": "110105"}) == FORBIDDEN
    lister = await operator(admin, "lister", ("region:region:list",))
    assert (await lister.get(LIST))["code"] == 200
    assert await lister.get(LOOKUP, params={"code": "110105"}) == FORBIDDEN
    picker = await operator(admin, "picker", ("consult:hospital:edit",))  # edits an area: loads the picker
    assert (await picker.get(LIST, params={"parentCode": "110000"}))["code"] == 200


async def test_whoever_reads_a_screen_with_an_area_filter_reads_the_regions_it_picks_from(admin):
    """Issue 28: shop staff opening 店铺管理 (an area filter) were refused the picker's levels. The readers of every
    declared screen with an area field load them; a shop account still sets no area and looks nothing up."""
    from core_api.region.division.routes import area_picker_perms
    from core_api.seed.data import SHOP_STAFF_PERMS

    assert {"mall:shop:list", "consult:hospital:list", "consult:hospital:edit", "mall:shop:area"} <= set(
        area_picker_perms())
    shop = await make_shop("区域小铺")
    staff = await shop_staff(admin, shop, "areastaff", tuple(SHOP_STAFF_PERMS))  # the seeded role's menus
    provinces = await staff.get(LIST)
    assert provinces["code"] == 200 and provinces["data"][0]["name"] == "北京市"
    districts = await staff.get(LIST, params={"parentCode": "110100"})
    assert any(d["path"] == "北京市/北京市/朝阳区" for d in districts["data"])
    assert (await staff.get("/admin/mall/shop/list_data", params={"areaCode": "110000"}))["code"] == 200
    assert await staff.get(LOOKUP, params={"code": "110105"}) == FORBIDDEN
    assert await staff.get("/admin/mall/shop/update_areaId", params={"id": shop.id, "areaCode": "310101"}) == FORBIDDEN
    assert (await MallShop.get(id=shop.id)).area_code != "310101"
    hospitals = await operator(admin, "hospitals", ("consult:hospital:list",))  # a list filtered by area
    assert (await hospitals.get(LIST, params={"parentCode": "110000"}))["code"] == 200
