"""Points orders: the orders per status above their list (one core call), and the points order detail
(order/integral/detail?id=) with the list's declaration (its ship and cancel actions) and the dictionaries it shows,
in one answer."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient, CoreError
from bff.screens.resource import panel_of, resource_meta
from bff.screens.system_shared import fetch_dicts
from core_api.platform.api import Api, request_lang
from core_api.platform.contract import Envelope, ResourceMeta
from core_api.platform.contract.points import PointsOrderDetail
from core_api.platform.contract.system import Dicts
from core_api.platform.envelope import ok
from core_api.platform.schema import INT_MAX, Schema

api = Api("order-points")

LIST_VIEW = "order/integral/index"
DETAIL_DICTS = ("biz_integral_order", "biz_logistics_company")


@panel_of(LIST_VIEW)
async def points_status_panel(core: CoreClient) -> dict[str, Any]:
    counts = await core.get("/admin/order_integral/status_counts")
    return {"kind": "pointsStatus", "counts": counts["data"]}


class PointsDetailQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


class PointsDetailScreen(Schema):
    order: PointsOrderDetail
    meta: ResourceMeta | None = Field(description="the list's declaration (its actions); null when the caller may "
                                                  "not read the list: the order without actions")
    dicts: Dicts


class PointsDetailScreenOut(Envelope):
    data: PointsDetailScreen


async def list_meta(request: web.Request, core: CoreClient) -> dict[str, Any] | None:
    try:
        return await resource_meta(core, LIST_VIEW, request_lang(request))
    except CoreError as exc:
        if exc.code == 403:
            return None
        raise


@api.get("/bff/screens/order/points/detail", login_only=True, response=PointsDetailScreenOut,
         summary="A points order's detail: the order, its list's actions and the dictionaries it shows")
async def points_detail_screen(request: web.Request, core: CoreClient, query: PointsDetailQuery) -> web.Response:
    order, meta, dicts = await asyncio.gather(
        core.get("/admin/order_integral/info_page", params={"id": str(query.id)}),
        list_meta(request, core),
        fetch_dicts(core, *DETAIL_DICTS),
    )
    return ok(data={"order": order["data"], "meta": meta, "dicts": dicts})


