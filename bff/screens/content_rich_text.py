"""The rich-text editing pages: a rich text by id, and the user agreement, each with its earlier versions."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract.content import RichTextPageOut
from core_api.platform.envelope import ok
from core_api.platform.schema import INT_MAX, Schema

api = Api("content-rich-text")


class RichTextQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.get("/bff/screens/content/rich-text", login_only=True, response=RichTextPageOut,
         summary="A rich text for editing, with its earlier versions")
async def rich_text_screen(core: CoreClient, query: RichTextQuery) -> web.Response:
    return ok(data=(await core.get("/admin/common_rich_text/info_page", params={"id": str(query.id)}))["data"])


@api.get("/bff/screens/content/agreement", login_only=True, response=RichTextPageOut,
         summary="The user agreement for editing, with its earlier versions")
async def agreement_screen(core: CoreClient) -> web.Response:
    return ok(data=(await core.get("/admin/common_rich_text/agreement_page"))["data"])
