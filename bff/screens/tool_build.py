"""Form designer: the saved forms, to reopen one by name. Reading, saving and deleting a form go
through the pass-through (/bff/api/tool/build...)."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("tool-build")


class BuildScreenQuery(ListQuery):
    form_name: str | None = Field(None, max_length=64)


class SavedFormRow(Schema):
    form_id: int
    form_name: str
    create_by: str | None = None
    create_time: str | None = None
    update_time: str | None = None
    remark: str | None = None


class SavedFormPage(Schema):
    rows: list[SavedFormRow]
    total: int


class BuildScreen(Schema):
    forms: SavedFormPage


class BuildScreenOut(Envelope):
    data: BuildScreen


@api.get("/bff/screens/tool/build", login_only=True, summary="Form designer: the saved forms (newest first)",
         response=BuildScreenOut)
async def build_screen(core: CoreClient, query: BuildScreenQuery) -> web.Response:
    return ok(data={"forms": page_of(await core.get("/tool/build/list", params=core_params(query)))})
