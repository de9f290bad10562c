"""Operation log and login log: a page of rows with the dictionaries their columns show."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import Dicts, core_params, fetch_dicts, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import LoginLogRow, OperLogRow
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("monitor-logs")


class OperLogScreenQuery(ListQuery):
    title: str | None = Field(None, max_length=50)
    oper_name: str | None = Field(None, max_length=50)
    business_type: int | None = Field(None, ge=0, le=9)
    status: int | None = Field(None, ge=0, le=1)


class OperLogPage(Schema):
    rows: list[OperLogRow]
    total: int


class OperLogScreen(Schema):
    page: OperLogPage
    dicts: Dicts


class OperLogScreenOut(Envelope):
    data: OperLogScreen


@api.get("/bff/screens/monitor/operlog", login_only=True,
         summary="Operation log: the page (newest first unless sorted) and dictionaries", response=OperLogScreenOut)
async def monitor_operlog_screen(core: CoreClient, query: OperLogScreenQuery) -> web.Response:
    logs, dicts = await asyncio.gather(
        core.get("/monitor/operlog/list", params=core_params(query)),
        fetch_dicts(core, "sys_oper_type", "sys_common_status"),
    )
    return ok(data={"page": page_of(logs), "dicts": dicts})


class LoginLogScreenQuery(ListQuery):
    ipaddr: str | None = Field(None, max_length=128)
    user_name: str | None = Field(None, max_length=50)
    status: str | None = Field(None, pattern=r"^[01]$")


class LoginLogPage(Schema):
    rows: list[LoginLogRow]
    total: int


class LoginLogScreen(Schema):
    page: LoginLogPage
    dicts: Dicts


class LoginLogScreenOut(Envelope):
    data: LoginLogScreen


@api.get("/bff/screens/monitor/logininfor", login_only=True,
         summary="Login log: the page (newest first unless sorted) and dictionaries", response=LoginLogScreenOut)
async def monitor_logininfor_screen(core: CoreClient, query: LoginLogScreenQuery) -> web.Response:
    logs, dicts = await asyncio.gather(
        core.get("/monitor/logininfor/list", params=core_params(query)),
        fetch_dicts(core, "sys_common_status"),
    )
    return ok(data={"page": page_of(logs), "dicts": dicts})
