"""An ad category's goods."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, page_of
from core_api.platform.api import Api
from core_api.platform.contract.mall import AdGoodsQuery, AdGoodsScreenOut
from core_api.platform.envelope import ok

api = Api("mall-ad")


@api.get("/bff/screens/mall/ad/goods", login_only=True, response=AdGoodsScreenOut,
         summary="The goods of an ad category with their sort numbers and status, by sort")
async def ad_goods_screen(core: CoreClient, query: AdGoodsQuery) -> web.Response:
    goods = await core.get("/admin/shopAd_category/goods_data", params=core_params(query))
    return ok(data={"goods": page_of(goods)})
