"""Regions: the tree's level (the provinces, a region's children) or a search's matches."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params
from core_api.platform.api import Api
from core_api.platform.contract.region import RegionQuery, RegionScreenOut
from core_api.platform.envelope import ok

api = Api("region")


@api.get("/bff/screens/region", login_only=True, response=RegionScreenOut,
         summary="Regions: the provinces, the children of parentCode, or the matches of keyword")
async def region_screen(core: CoreClient, query: RegionQuery) -> web.Response:
    regions = await core.get("/admin/region/list", params=core_params(query))
    return ok(data={"regions": regions["data"]})
