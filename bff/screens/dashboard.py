"""Home dashboard."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract import DashboardOut
from core_api.platform.envelope import ok

api = Api("dashboard")


@api.get("/bff/screens/dashboard", login_only=True, summary="Home dashboard figures", response=DashboardOut)
async def dashboard(core: CoreClient) -> web.Response:
    env = await core.get("/index/dashboard")
    return ok(data=env["data"])
