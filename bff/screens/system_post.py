"""Posts."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import Dicts, PostRow, core_params, fetch_dicts, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-post")


class PostScreenQuery(ListQuery):
    post_code: str | None = Field(None, max_length=64)
    post_name: str | None = Field(None, max_length=50)
    status: str | None = Field(None, pattern=r"^[01]$")


class PostPage(Schema):
    rows: list[PostRow]
    total: int


class PostScreen(Schema):
    page: PostPage
    dicts: Dicts


class PostScreenOut(Envelope):
    data: PostScreen


@api.get("/bff/screens/system/post", login_only=True, summary="Posts: the page and dictionaries",
         response=PostScreenOut)
async def post_screen(core: CoreClient, query: PostScreenQuery) -> web.Response:
    posts, dicts = await asyncio.gather(
        core.get("/system/post/list", params=core_params(query)),
        fetch_dicts(core, "sys_normal_disable"),
    )
    return ok(data={"page": page_of(posts), "dicts": dicts})
