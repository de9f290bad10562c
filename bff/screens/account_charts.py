"""Sign-in charts: sign-ins per day and per province over a range of days, in one answer; the last 30 days are
the panel of the sign-in figures' list (account/chartLogin/index)."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.resource import panel_of
from core_api.platform.api import Api
from core_api.platform.contract.account import LoginChartsScreenOut
from core_api.platform.envelope import ok
from core_api.platform.paging import RangeQuery

api = Api("account-charts")


@api.get("/bff/screens/account/charts", login_only=True, response=LoginChartsScreenOut,
         summary="Sign-in charts: per day and per province over a range of days (default the last 30)")
async def login_charts(core: CoreClient, query: RangeQuery) -> web.Response:
    return ok(data=await charts(core, query.model_dump(by_alias=True, exclude_none=True)))


async def charts(core: CoreClient, params: dict[str, str]) -> dict[str, Any]:
    login, provinces = await asyncio.gather(
        core.get("/admin/account_login_check/account_chart_login", params=params),
        core.get("/admin/common/chart_city_v2", params=params),
    )
    return {"login": login["data"], "provinces": provinces["data"]}


@panel_of("account/chartLogin/index")
async def login_charts_panel(core: CoreClient) -> dict[str, Any]:
    return {"kind": "loginCharts", **await charts(core, {})}
