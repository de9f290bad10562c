"""The personal center: one's own record with role and post names."""

from __future__ import annotations

import asyncio

from aiohttp import web

from bff.core_client import CoreClient
from bff.screens.system_shared import fetch_dicts
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import Dicts, UserDetail
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema

api = Api("system-profile")


class ProfileScreen(Schema):
    user: UserDetail
    role_group: str
    post_group: str
    dicts: Dicts


class ProfileScreenOut(Envelope):
    data: ProfileScreen


@api.get("/bff/screens/user/profile", login_only=True,
         summary="Personal center: one's own record, role and post names, dictionaries", response=ProfileScreenOut)
async def profile_screen(core: CoreClient) -> web.Response:
    profile, dicts = await asyncio.gather(core.get("/system/user/profile"), fetch_dicts(core, "sys_user_sex"))
    return ok(data={"user": profile["data"], "roleGroup": profile.get("roleGroup", ""),
                    "postGroup": profile.get("postGroup", ""), "dicts": dicts})
