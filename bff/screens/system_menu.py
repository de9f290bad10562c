"""Menus: the whole (filtered) list, drawn as a tree by the web."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import Dicts, MenuRow, core_params, fetch_dicts
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema

api = Api("system-menu")


class MenuScreenQuery(Schema):
    menu_name: str | None = Field(None, max_length=50)
    status: str | None = Field(None, pattern=r"^[01]$")


class MenuScreen(Schema):
    menus: list[MenuRow]
    dicts: Dicts


class MenuScreenOut(Envelope):
    data: MenuScreen


@api.get("/bff/screens/system/menu", login_only=True, summary="Menus: the flat list and dictionaries",
         response=MenuScreenOut)
async def menu_screen(core: CoreClient, query: MenuScreenQuery) -> web.Response:
    menus, dicts = await asyncio.gather(
        core.get("/system/menu/list", params=core_params(query)),
        fetch_dicts(core, "sys_show_hide", "sys_normal_disable"),
    )
    return ok(data={"menus": menus.get("data", []), "dicts": dicts})
