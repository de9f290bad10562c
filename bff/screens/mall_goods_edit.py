"""The goods editor (mall/goods/edit): the item with its SKUs and chosen specs (none when new), the category tree
and the attributes it may use, as the core's edit page assembles them (the attributes follow the item's shop, so
the core reads them after the item, in one call)."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params
from core_api.platform.api import Api
from core_api.platform.contract.mall import GoodsEditPageOut, GoodsEditQuery
from core_api.platform.envelope import ok

api = Api("mall-goods-edit")


@api.get("/bff/screens/mall/goods/edit", login_only=True, response=GoodsEditPageOut,
         summary="The goods editor: a goods item (by id; none: a new one) with its SKUs and specs, the categories "
                 "and the attributes it may use")
async def goods_edit_screen(core: CoreClient, query: GoodsEditQuery) -> web.Response:
    page = await core.get("/admin/mall/shop/goods/add_edit_page", params=core_params(query))
    return ok(data=page["data"])
