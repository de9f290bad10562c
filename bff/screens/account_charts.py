"""Sign-in charts: sign-ins per day and per province over a range of days, in one answer."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract.account import LoginChartsScreenOut
from core_api.platform.envelope import ok
from core_api.platform.paging import RangeQuery

api = Api("account-charts")


@api.get("/bff/screens/account/charts", login_only=True, response=LoginChartsScreenOut,
         summary="Sign-in charts: per day and per province over a range of days (default the last 30)")
async def login_charts(core: CoreClient, query: RangeQuery) -> web.Response:
    params = query.model_dump(by_alias=True, exclude_none=True)
    login, provinces = await asyncio.gather(
        core.get("/admin/account_login_check/account_chart_login", params=params),
        core.get("/admin/common/chart_city_v2", params=params),
    )
    return ok(data={"login": login["data"], "provinces": provinces["data"]})
