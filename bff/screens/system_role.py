"""Roles: the list, and the assign-users page of one role."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, fetch_dicts, page_of, paged_screen
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import AuthUserRow, Dicts, RoleRow
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-role")


class RoleScreenQuery(ListQuery):
    role_name: str | None = Field(None, max_length=30)
    role_key: str | None = Field(None, max_length=100)
    status: str | None = Field(None, pattern=r"^[01]$")


paged_screen(api, "/bff/screens/system/role", name="Role", rows=RoleRow, core_path="/system/role/list",
             query=RoleScreenQuery, dicts=("sys_normal_disable",), summary="Roles: the page and dictionaries")


class AuthUserScreenQuery(ListQuery):
    role_id: int = Field(title="角色", ge=1)
    user_name: str | None = Field(None, max_length=30)
    phonenumber: str | None = Field(None, max_length=11)


class AuthUserPage(Schema):
    rows: list[AuthUserRow]
    total: int


class AuthUserScreen(Schema):
    role: RoleRow
    page: AuthUserPage
    dicts: Dicts


class AuthUserScreenOut(Envelope):
    data: AuthUserScreen


@api.get("/bff/screens/system/role-auth", login_only=True,
         summary="Assign users: the role, the users who hold it (paged), dictionaries", response=AuthUserScreenOut)
async def auth_user_screen(core: CoreClient, query: AuthUserScreenQuery) -> web.Response:
    role, users, dicts = await asyncio.gather(
        core.get(f"/system/role/{query.role_id}"),
        core.get("/system/role/authUser/allocatedList", params=core_params(query)),
        fetch_dicts(core, "sys_normal_disable"),
    )
    return ok(data={"role": role["data"], "page": page_of(users), "dicts": dicts})
