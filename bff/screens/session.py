"""The console shell's one call: who the operator is, the menu, and the dictionaries the shell shows."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import fetch_dicts
from core_api.platform.api import Api
from core_api.platform.contract import DictDataOut, Envelope, RouterNode, UserInfo
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema
from core_api.platform.state import SETTINGS

api = Api("session")
SHELL_DICTS = ("sys_user_sex", "sys_normal_disable", "sys_show_hide", "sys_yes_no")


class SessionScreen(Schema):
    user: UserInfo
    roles: list[str]
    permissions: list[str]
    routers: list[RouterNode]
    dicts: dict[str, list[DictDataOut]]
    product_name: str


class SessionOut(Envelope):
    data: SessionScreen


@api.get("/bff/screens/session", login_only=True, summary="The console shell: user, menu, dictionaries",
         response=SessionOut)
async def session_screen(request: web.Request, core: CoreClient) -> web.Response:
    info, routers, dicts = await asyncio.gather(core.get("/getInfo"), core.get("/getRouters"),
                                                fetch_dicts(core, *SHELL_DICTS))
    return ok(data={
        "user": info["user"],
        "roles": info["roles"],
        "permissions": info["permissions"],
        "routers": routers["data"],
        "dicts": dicts,
        "productName": request.app[SETTINGS].product_name,
    })
