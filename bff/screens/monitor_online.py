"""Online users: the live sessions, filtered and paged here (the core answers them all at once)."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.schema import PAGE_MAX, Schema

api = Api("monitor-online")


class OnlineRow(Schema):
    token_id: str = Field(description="the session's public id (never its token)")
    user_name: str
    dept_name: str | None = None
    ipaddr: str | None = None
    login_location: str | None = None
    browser: str | None = None
    os: str | None = None
    login_time: str | None = None


class OnlineScreenQuery(Schema):
    page_num: int = Field(1, ge=1, le=PAGE_MAX, title="页码")
    page_size: int = Field(20, ge=1, le=500, title="每页条数")
    ipaddr: str | None = Field(None, max_length=128)
    user_name: str | None = Field(None, max_length=30)


class OnlinePage(Schema):
    rows: list[OnlineRow]
    total: int


class OnlineScreen(Schema):
    page: OnlinePage


class OnlineScreenOut(Envelope):
    data: OnlineScreen


@api.get("/bff/screens/monitor/online", login_only=True, summary="Online users: one page of the live sessions",
         response=OnlineScreenOut)
async def monitor_online_screen(core: CoreClient, query: OnlineScreenQuery) -> web.Response:
    params = {k: v for k, v in {"ipaddr": query.ipaddr, "userName": query.user_name}.items() if v}
    sessions = await core.get("/monitor/online/list", params=params)
    rows = sessions.get("rows", [])
    start = (query.page_num - 1) * query.page_size
    return ok(data={"page": {"rows": rows[start:start + query.page_size], "total": len(rows)}})
