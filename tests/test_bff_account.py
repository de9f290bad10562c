"""The sign-in charts screen through the BFF against a real core: per day and per province in one answer."""

from __future__ import annotations

from tests.conftest import Caller, token_for
from tests.test_account_charts import RANGE, signed_in
from tests.test_bff import start_bff
from tests.test_bff_mall import Screens

SCREEN = "/bff/screens/account/charts"


async def test_login_charts_screen(aiohttp_client, start_app, make_settings):
    admin = await signed_in(start_app, make_settings)
    bff = await start_bff(aiohttp_client, admin.client, make_settings())
    screens = Screens(bff, admin)
    charts = (await screens.get(SCREEN, **RANGE))["data"]
    assert charts["login"]["loginTimes"] == 5 and charts["login"]["loginUsers"] == 3
    assert [d["newUsers"] for d in charts["login"]["days"]] == [0, 1, 0]
    assert charts["provinces"] == {"begin": "2026-03-01", "end": "2026-03-03", "total": 5, "provinces": [
        {"province": "广东", "count": 3, "cities": [{"city": "广州", "count": 3}]},
        {"province": "北京", "count": 2, "cities": [{"city": "北京", "count": 2}]}]}
    default = (await screens.get(SCREEN))["data"]
    assert len(default["login"]["days"]) == 30 and default["provinces"]["end"] == default["login"]["end"]
    bad = await screens.get(SCREEN, beginTime="2026-02-30")
    assert bad == {"code": 500, "msg": "开始日期格式不正确，应为 yyyy-MM-dd"}
    ry = Screens(bff, Caller(admin.client, await token_for(admin.client, "ry")))
    assert await ry.get(SCREEN) == {"code": 403, "msg": "当前操作没有权限"}
