"""The order detail: a main order (by its number or a shop order's) or a shop order (by id), with its shop orders,
lines, logs and payments; and what the detail's actions are drawn from (issue 28 §1): the shop orders' and main
orders' declarations (their ship, edit-logistics and pick-up actions; the remark the main order's edit writes)
and the dictionaries the detail shows, in one answer."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from pydantic import Field, model_validator

from bff.core_client import CoreClient, CoreError
from bff.screens.resource import resource_meta
from bff.screens.system_shared import fetch_dicts
from core_api.platform.api import Api, request_lang
from core_api.platform.contract import Envelope, ResourceMeta
from core_api.platform.contract.order import OrderDetail
from core_api.platform.contract.system import Dicts
from core_api.platform.envelope import ok
from core_api.platform.schema import INT_MAX, Schema

api = Api("order-detail")
SHOP_VIEW = "order/shop/index"
MAIN_VIEW = "order/main/index"
DETAIL_DICTS = ("biz_logistics_company", "biz_order_after_sale")


class OrderDetailQuery(Schema):
    order_no: str | None = Field(None, max_length=32, pattern=r"^[A-Za-z0-9]+$", title="订单号")
    id: int | None = Field(None, ge=1, le=INT_MAX, title="商城订单编号")

    @model_validator(mode="after")
    def _one_key(self) -> OrderDetailQuery:
        if (self.order_no is None) == (self.id is None):
            raise ValueError("请提供订单号或商城订单编号（只填一个）")
        return self


class OrderDetailScreen(OrderDetail):
    shop_meta: ResourceMeta | None = Field(description="the shop orders' declaration (ship, edit logistics, pick-up); "
                                                       "null when the caller may not read that list")
    main_meta: ResourceMeta | None = Field(description="the main orders' declaration (the remark its edit writes); "
                                                       "null when the caller may not read that list")
    dicts: Dicts


class OrderDetailScreenOut(Envelope):
    data: OrderDetailScreen


async def meta_or_none(request: web.Request, core: CoreClient, view: str) -> dict[str, Any] | None:
    try:
        return await resource_meta(core, view, request_lang(request))
    except CoreError as exc:
        if exc.code == 403:
            return None
        raise


@api.get("/bff/screens/order/detail", login_only=True, response=OrderDetailScreenOut,
         summary="An order's detail: by a main or shop order number (orderNo) or a shop order's id; with the "
                 "declarations its actions come from and the dictionaries it shows")
async def order_detail_screen(request: web.Request, core: CoreClient, query: OrderDetailQuery) -> web.Response:
    if query.order_no is not None:
        pending = core.get("/admin/OrderMain/info_page", params={"orderNo": query.order_no})
    else:
        pending = core.get("/admin/order_mall/info_page", params={"id": str(query.id)})
    detail, shop_meta, main_meta, dicts = await asyncio.gather(
        pending, meta_or_none(request, core, SHOP_VIEW), meta_or_none(request, core, MAIN_VIEW),
        fetch_dicts(core, *DETAIL_DICTS))
    return ok(data={**detail["data"], "shopMeta": shop_meta, "mainMeta": main_meta, "dicts": dicts})
