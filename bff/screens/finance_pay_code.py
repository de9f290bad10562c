"""Pay codes: the recent codes and the wallet provider the create call names."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.finance import PayCodeRow, PayCodeStatus
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("finance-pay-code")


class PayCodeScreenQuery(ListQuery):
    status: PayCodeStatus | None = None


class PayCodeScreen(Schema):
    rows: list[PayCodeRow]
    total: int
    provider: str = Field(description="the wallet provider's short name: the create call's {provider}")
    simulate: bool = Field(description="whether the screen may simulate a payment (local provider, not production)")


class PayCodeScreenOut(Envelope):
    data: PayCodeScreen


@api.get("/bff/screens/finance/pay-code", login_only=True, response=PayCodeScreenOut,
         summary="Pay codes: the recent codes and the wallet provider")
async def pay_code_screen(core: CoreClient, query: PayCodeScreenQuery) -> web.Response:
    codes = await core.get("/admin/open/v1/pay_code/list", params=core_params(query))
    return ok(data={**page_of(codes), "provider": codes["provider"], "simulate": codes["simulate"]})
