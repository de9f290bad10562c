"""The order detail: a main order (by its number or a shop order's) or a shop order (by id), with its shop orders,
lines, logs and payments."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field, model_validator

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract.order import OrderDetailOut
from core_api.platform.envelope import ok
from core_api.platform.schema import INT_MAX, Schema

api = Api("order-detail")


class OrderDetailQuery(Schema):
    order_no: str | None = Field(None, max_length=32, pattern=r"^[A-Za-z0-9]+$", title="订单号")
    id: int | None = Field(None, ge=1, le=INT_MAX, title="商城订单编号")

    @model_validator(mode="after")
    def _one_key(self) -> OrderDetailQuery:
        if (self.order_no is None) == (self.id is None):
            raise ValueError("请提供订单号或商城订单编号（只填一个）")
        return self


@api.get("/bff/screens/order/detail", login_only=True, response=OrderDetailOut,
         summary="An order's detail: by a main or shop order number (orderNo) or a shop order's id")
async def order_detail_screen(core: CoreClient, query: OrderDetailQuery) -> web.Response:
    if query.order_no is not None:
        detail = await core.get("/admin/OrderMain/info_page", params={"orderNo": query.order_no})
    else:
        detail = await core.get("/admin/order_mall/info_page", params={"id": str(query.id)})
    return ok(data=detail["data"])
