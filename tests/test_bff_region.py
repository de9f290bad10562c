"""The region screen through the BFF against a real core: the provinces, a level's children, a search."""

from __future__ import annotations

from tests.conftest import Caller, Refused, token_for
from tests.test_bff import start_bff
from tests.test_bff_mall import Screens

SCREEN = "/bff/screens/region"


async def test_region_screen_level_by_level_and_by_keyword(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client = await start_app(settings)
    bff = await start_bff(aiohttp_client, client, settings)
    admin = Screens(bff, Caller(client, await token_for(client)))
    provinces = (await admin.get(SCREEN))["data"]["regions"]
    assert len(provinces) == 34 and provinces[0]["name"] == "北京市" and provinces[0]["hasChildren"] is True
    districts = (await admin.get(SCREEN, parentCode="110100"))["data"]["regions"]
    chaoyang = next(d for d in districts if d["code"] == "110105")
    assert (chaoyang["name"], chaoyang["path"], chaoyang["level"]) == ("朝阳区", "北京市/北京市/朝阳区", 3)
    matches = (await admin.get(SCREEN, keyword="建外街道"))["data"]["regions"]
    assert [m["path"] for m in matches] == ["北京市/北京市/朝阳区/建外街道"]
    bad = await admin.get(SCREEN, parentCode="12ab")
    assert bad == Refused("上级区域编码区域编码应为6位、9位或12位数字")
    assert await admin.get(SCREEN, parentCode="999999") == {"code": 500, "msg": "上级区域不存在"}
    ry = Screens(bff, Caller(client, await token_for(client, "ry")))
    assert await ry.get(SCREEN) == {"code": 403, "msg": "当前操作没有权限"}
