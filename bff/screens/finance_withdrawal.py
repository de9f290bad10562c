"""Withdrawals: the queue by status and user, and the ledger of the same user, in one call."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.finance import LedgerEntry, WithdrawalRow, WithdrawalStatus
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import INT_MAX, Schema

api = Api("finance-withdrawal")


class WithdrawalScreenQuery(ListQuery):
    status: WithdrawalStatus | None = None
    uid: int | None = Field(None, ge=1, le=INT_MAX)


class WithdrawalQueue(Schema):
    rows: list[WithdrawalRow]
    total: int
    threshold: int = Field(description="fen: a withdrawal above it needs a second approver")


class LedgerPage(Schema):
    rows: list[LedgerEntry]
    total: int


class WithdrawalScreen(Schema):
    queue: WithdrawalQueue
    ledger: LedgerPage = Field(description="the same user's ledger (every user's when none is asked), newest first")


class WithdrawalScreenOut(Envelope):
    data: WithdrawalScreen


@api.get("/bff/screens/finance/withdrawal", login_only=True, response=WithdrawalScreenOut,
         summary="Withdrawals: the queue's page and the ledger")
async def withdrawal_screen(core: CoreClient, query: WithdrawalScreenQuery) -> web.Response:
    params = core_params(query)
    ledger_params = {key: value for key, value in params.items() if key in ("uid", "pageSize")}
    queue, ledger = await asyncio.gather(
        core.get("/admin/CommonConfig/cash_withdrawal_user", params=params),
        core.get("/admin/finance/ledger/list", params=ledger_params),
    )
    return ok(data={"queue": {**page_of(queue), "threshold": queue["threshold"]}, "ledger": page_of(ledger)})
