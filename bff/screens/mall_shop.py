"""A shop's info page."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params
from core_api.platform.api import Api
from core_api.platform.contract.mall import ShopInfoQuery, ShopInfoScreenOut
from core_api.platform.envelope import ok

api = Api("mall-shop")


@api.get("/bff/screens/mall/shop/info", login_only=True, response=ShopInfoScreenOut,
         summary="A shop's info page (a shop account without an id: its own shop)")
async def shop_info_screen(core: CoreClient, query: ShopInfoQuery) -> web.Response:
    shop = await core.get("/admin/mall/shop/info_page", params=core_params(query))
    return ok(data={"shop": shop["data"]})
