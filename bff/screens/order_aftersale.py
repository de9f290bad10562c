"""After-sales and refunds: the staff's after-sale list (with its counts per status), the order-side refund list
and finance's refund queue, each one call."""

from __future__ import annotations

from typing import Literal

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.order import AfterSaleRow, AfterSaleStatus, FinanceRefundRow, RefundRow, RefundStatus
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("order-aftersale")


class AfterSaleScreenQuery(ListQuery):
    status: AfterSaleStatus | None = None


class AfterSaleScreen(Schema):
    rows: list[AfterSaleRow]
    total: int
    counts: dict[str, int] = Field(description="status → the after-sales in it (every status, whatever the tab)")


class AfterSaleScreenOut(Envelope):
    data: AfterSaleScreen


@api.get("/bff/screens/order/after-sale", login_only=True, response=AfterSaleScreenOut,
         summary="After-sales: the page of a status and the counts of every status")
async def after_sale_screen(core: CoreClient, query: AfterSaleScreenQuery) -> web.Response:
    page = await core.get("/admin/order_mall/after_sale_order", params=core_params(query))
    return ok(data={**page_of(page), "counts": page["counts"]})


class RefundScreenQuery(ListQuery):
    status: RefundStatus | None = None


class RefundScreen(Schema):
    rows: list[RefundRow]
    total: int


class RefundScreenOut(Envelope):
    data: RefundScreen


@api.get("/bff/screens/order/refund", login_only=True, response=RefundScreenOut,
         summary="Refunds, order side: a page of refunds, newest first")
async def refund_screen(core: CoreClient, query: RefundScreenQuery) -> web.Response:
    return ok(data=page_of(await core.get("/admin/order_main/refund_order", params=core_params(query))))


class FinanceRefundScreenQuery(ListQuery):
    status: Literal["awaiting_refund", "refunding", "refund_failed", "refunded"] | None = None


class FinanceRefundScreen(Schema):
    rows: list[FinanceRefundRow]
    total: int
    threshold: int = Field(description="fen: a refund above it is executed by a second person with a password")


class FinanceRefundScreenOut(Envelope):
    data: FinanceRefundScreen


@api.get("/bff/screens/finance/refund", login_only=True, response=FinanceRefundScreenOut,
         summary="Finance's refunds: the approved after-sales awaiting, executing, failed or refunded")
async def finance_refund_screen(core: CoreClient, query: FinanceRefundScreenQuery) -> web.Response:
    page = await core.get("/admin/finance_refund/refund_order", params=core_params(query))
    return ok(data={**page_of(page), "threshold": page["threshold"]})
