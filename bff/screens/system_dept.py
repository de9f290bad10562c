"""Departments: the whole (filtered) list in the caller's scope, drawn as a tree by the web."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import DeptRow, Dicts, core_params, fetch_dicts
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema

api = Api("system-dept")


class DeptScreenQuery(Schema):
    dept_name: str | None = Field(None, max_length=30)
    status: str | None = Field(None, pattern=r"^[01]$")


class DeptScreen(Schema):
    depts: list[DeptRow]
    dicts: Dicts


class DeptScreenOut(Envelope):
    data: DeptScreen


@api.get("/bff/screens/system/dept", login_only=True, summary="Departments: the flat list and dictionaries",
         response=DeptScreenOut)
async def dept_screen(core: CoreClient, query: DeptScreenQuery) -> web.Response:
    depts, dicts = await asyncio.gather(
        core.get("/system/dept/list", params=core_params(query)),
        fetch_dicts(core, "sys_normal_disable"),
    )
    return ok(data={"depts": depts.get("data", []), "dicts": dicts})
