"""Roles: the list, and the assign-users page of one role."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import AuthUserRow, Dicts, RoleRow, core_params, fetch_dicts, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-role")


class RoleScreenQuery(ListQuery):
    role_name: str | None = Field(None, max_length=30)
    role_key: str | None = Field(None, max_length=100)
    status: str | None = Field(None, pattern=r"^[01]$")


class RolePage(Schema):
    rows: list[RoleRow]
    total: int


class RoleScreen(Schema):
    page: RolePage
    dicts: Dicts


class RoleScreenOut(Envelope):
    data: RoleScreen


@api.get("/bff/screens/system/role", login_only=True, summary="Roles: the page and dictionaries",
         response=RoleScreenOut)
async def role_screen(core: CoreClient, query: RoleScreenQuery) -> web.Response:
    roles, dicts = await asyncio.gather(
        core.get("/system/role/list", params=core_params(query)),
        fetch_dicts(core, "sys_normal_disable"),
    )
    return ok(data={"page": page_of(roles), "dicts": dicts})


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
