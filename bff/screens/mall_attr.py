"""Goods attributes: a page of attributes, each with its values."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params
from core_api.platform.api import Api
from core_api.platform.contract.mall import AttrQuery, AttrScreenOut
from core_api.platform.envelope import ok

api = Api("mall-attr")


@api.get("/bff/screens/mall/attr", login_only=True, response=AttrScreenOut,
         summary="Goods attributes: the platform's and (a shop account) its own, with their values")
async def attr_screen(core: CoreClient, query: AttrQuery) -> web.Response:
    attrs = await core.get("/admin/mall/shop_mall_attr/list_data", params=core_params(query))
    return ok(data={"attrs": attrs["data"]})
