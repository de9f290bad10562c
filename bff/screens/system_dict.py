"""Dictionaries: the types, and the data of one type."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, fetch_dicts, page_of, paged_screen
from core_api.platform.api import Api
from core_api.platform.contract import DictDataOut, Envelope
from core_api.platform.contract.system import Dicts, DictTypeRow
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-dict")


class DictTypeScreenQuery(ListQuery):
    dict_name: str | None = Field(None, max_length=100)
    dict_type: str | None = Field(None, max_length=100)
    status: str | None = Field(None, pattern=r"^[01]$")


paged_screen(api, "/bff/screens/system/dict", name="DictType", rows=DictTypeRow, core_path="/system/dict/type/list",
             query=DictTypeScreenQuery, dicts=("sys_normal_disable",),
             summary="Dictionary types: the page and dictionaries")


class DictDataScreenQuery(ListQuery):
    dict_id: int = Field(title="字典", ge=1)
    dict_type: str | None = Field(None, max_length=100, pattern=r"^[a-z][a-z0-9_]*$",
                                  description="another type to list (the query form's type select)")
    dict_label: str | None = Field(None, max_length=100)
    status: str | None = Field(None, pattern=r"^[01]$")


class DictDataPage(Schema):
    rows: list[DictDataOut]
    total: int


class DictDataScreen(Schema):
    type: DictTypeRow
    types: list[DictTypeRow]
    page: DictDataPage
    dicts: Dicts


class DictDataScreenOut(Envelope):
    data: DictDataScreen


@api.get("/bff/screens/system/dict-data", login_only=True,
         summary="Dictionary data: the type of the address, every type, the data page of the type, dictionaries",
         response=DictDataScreenOut)
async def dict_data_screen(core: CoreClient, query: DictDataScreenQuery) -> web.Response:
    dict_type, types, dicts = await asyncio.gather(
        core.get(f"/system/dict/type/{query.dict_id}"),
        core.get("/system/dict/type/optionselect"),
        fetch_dicts(core, "sys_normal_disable"),
    )
    params = core_params(query.model_copy(update={"dict_type": query.dict_type or dict_type["data"]["dictType"]}))
    params.pop("dictId", None)
    data = await core.get("/system/dict/data/list", params=params)
    return ok(data={"type": dict_type["data"], "types": types.get("data", []), "page": page_of(data), "dicts": dicts})
