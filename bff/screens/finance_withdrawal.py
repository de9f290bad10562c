"""Withdrawals: the queue by status and user, and the ledger of the same user, in one call."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.finance import LedgerEntry, LedgerKind, WithdrawalRow, WithdrawalStatus
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import INT_MAX, PAGE_MAX, Schema

api = Api("finance-withdrawal")


class WithdrawalScreenQuery(ListQuery):
    status: WithdrawalStatus | None = None
    uid: int | None = Field(None, ge=1, le=INT_MAX)
    ledger_page: int = Field(1, ge=1, le=PAGE_MAX, description="the ledger tab's page")
    ledger_page_size: int = Field(20, ge=1, le=500, description="the ledger tab's page size")
    ledger_kind: LedgerKind | None = Field(None, description="the ledger tab's kind of entry")


class WithdrawalQueue(Schema):
    rows: list[WithdrawalRow]
    total: int
    threshold: int = Field(description="fen: a withdrawal above it needs a second approver")


class LedgerPage(Schema):
    rows: list[LedgerEntry]
    total: int


class WithdrawalScreen(Schema):
    queue: WithdrawalQueue
    ledger: LedgerPage = Field(description="a page of the user's ledger (everyone's when none is asked), newest first")


class WithdrawalScreenOut(Envelope):
    data: WithdrawalScreen


@api.get("/bff/screens/finance/withdrawal", login_only=True, response=WithdrawalScreenOut,
         summary="Withdrawals: the queue's page and the ledger")
async def withdrawal_screen(core: CoreClient, query: WithdrawalScreenQuery) -> web.Response:
    params = core_params(query)
    for key in ("ledgerPage", "ledgerPageSize", "ledgerKind"):
        params.pop(key, None)
    ledger_params = {"pageNum": str(query.ledger_page), "pageSize": str(query.ledger_page_size)}
    if query.uid is not None:
        ledger_params["uid"] = str(query.uid)
    if query.ledger_kind is not None:
        ledger_params["kind"] = query.ledger_kind
    queue, ledger = await asyncio.gather(
        core.get("/admin/CommonConfig/cash_withdrawal_user", params=params),
        core.get("/admin/finance/ledger/list", params=ledger_params),
    )
    return ok(data={"queue": {**page_of(queue), "threshold": queue["threshold"]}, "ledger": page_of(ledger)})
