"""A shop account's home: its own shop's figures of the day, in one call (the shop is the caller's, never asked)."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract.dashboard import ShopHomeOut
from core_api.platform.envelope import ok

api = Api("shop_home")


@api.get("/bff/screens/shop-home", login_only=True, response=ShopHomeOut,
         summary="A shop account's home: today's orders, orders to ship, open after-sales, low-stock goods")
async def shop_home(core: CoreClient) -> web.Response:
    return ok(data=(await core.get("/index/shop-home"))["data"])
