"""The supply chain (mall/supply/index): the provider's shops (with the local shop each maps to) and a page of its
cloud goods (with the local goods item each was synced into), in one call; paging and a refresh after a sync
call it again."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract.mall import CloudQuery, SupplyScreenOut
from core_api.platform.envelope import ok

api = Api("mall-supply")


@api.get("/bff/screens/mall/supply", login_only=True, response=SupplyScreenOut,
         summary="The supply chain: the provider's shops and a page of its cloud goods (by shop and name)")
async def supply_screen(core: CoreClient, query: CloudQuery) -> web.Response:
    search = query.model_dump(by_alias=True, exclude_none=True)
    shops, goods = await asyncio.gather(core.get("/admin/supply_chain/get_all_shops"),
                                        core.post("/admin/supply_chain/list_data", json=search))
    return ok(data={"shops": shops["data"], "goods": goods["data"]})
