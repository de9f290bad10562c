"""Notices."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import Dicts, NoticeRow, core_params, fetch_dicts, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-notice")


class NoticeScreenQuery(ListQuery):
    notice_title: str | None = Field(None, max_length=50)
    create_by: str | None = Field(None, max_length=64)
    notice_type: str | None = Field(None, pattern=r"^[12]$")
    status: str | None = Field(None, pattern=r"^[01]$")


class NoticePage(Schema):
    rows: list[NoticeRow]
    total: int


class NoticeScreen(Schema):
    page: NoticePage
    dicts: Dicts


class NoticeScreenOut(Envelope):
    data: NoticeScreen


@api.get("/bff/screens/system/notice", login_only=True, summary="Notices: the page and dictionaries",
         response=NoticeScreenOut)
async def notice_screen(core: CoreClient, query: NoticeScreenQuery) -> web.Response:
    notices, dicts = await asyncio.gather(
        core.get("/system/notice/list", params=core_params(query)),
        fetch_dicts(core, "sys_notice_type", "sys_notice_status"),
    )
    return ok(data={"page": page_of(notices), "dicts": dicts})
