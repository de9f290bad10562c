"""Goods review: a page of the goods awaiting review (or the approved, the rejected ones)."""

from __future__ import annotations

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params
from core_api.platform.api import Api
from core_api.platform.contract.mall import ReviewQuery, ReviewScreenOut
from core_api.platform.envelope import ok

api = Api("mall-review")


@api.get("/bff/screens/mall/review", login_only=True, response=ReviewScreenOut,
         summary="Goods review: a page of the goods of one review state (default pending), oldest pending first")
async def review_screen(core: CoreClient, query: ReviewQuery) -> web.Response:
    goods = await core.get("/admin/shop/goods_mall/list_data", params=core_params(query))
    return ok(data={"goods": goods["data"]})
