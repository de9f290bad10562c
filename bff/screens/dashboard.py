"""Home dashboard: the figures and the business report in one answer."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract.dashboard import DashboardScreenOut
from core_api.platform.envelope import ok
from core_api.platform.paging import RangeQuery

api = Api("dashboard")


@api.get("/bff/screens/dashboard", login_only=True, response=DashboardScreenOut,
         summary="Home dashboard figures and the business report over a range of days (default the last 30)")
async def dashboard(core: CoreClient, query: RangeQuery) -> web.Response:
    board, business = await asyncio.gather(
        core.get("/index/dashboard"),
        core.get("/index/dashboard/business", params=query.model_dump(by_alias=True, exclude_none=True)),
    )
    return ok(data={**board["data"], "business": business["data"]})
