"""System users: the list with its department tree, and the assign-roles page."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, fetch_dicts, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import Dicts, PostRow, RoleRow, TreeNode, UserDetail, UserRow
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-user")


class UserScreenQuery(ListQuery):
    user_name: str | None = Field(None, max_length=30)
    phonenumber: str | None = Field(None, max_length=11)
    status: str | None = Field(None, pattern=r"^[01]$")
    dept_id: int | None = None


class UserPage(Schema):
    rows: list[UserRow]
    total: int


class UserScreen(Schema):
    page: UserPage
    dept_tree: list[TreeNode]
    dicts: Dicts


class UserScreenOut(Envelope):
    data: UserScreen


@api.get("/bff/screens/system/user", login_only=True, summary="Users: the page, the department tree, dictionaries",
         response=UserScreenOut)
async def user_screen(core: CoreClient, query: UserScreenQuery) -> web.Response:
    users, tree, dicts = await asyncio.gather(
        core.get("/system/user/list", params=core_params(query)),
        core.get("/system/user/deptTree"),
        fetch_dicts(core, "sys_normal_disable", "sys_user_sex"),
    )
    return ok(data={"page": page_of(users), "deptTree": tree.get("data", []), "dicts": dicts})


class UserIdQuery(Schema):
    user_id: int = Field(title="用户", ge=1)


class AuthRoleScreen(Schema):
    user: UserDetail
    roles: list[RoleRow]


class AuthRoleScreenOut(Envelope):
    data: AuthRoleScreen


@api.get("/bff/screens/system/user-auth", login_only=True,
         summary="Assign roles: the user and every role it may hold, flagged when held", response=AuthRoleScreenOut)
async def auth_role_screen(core: CoreClient, query: UserIdQuery) -> web.Response:
    env = await core.get(f"/system/user/authRole/{query.user_id}")
    return ok(data={"user": env["user"], "roles": env.get("roles", [])})


class UserFormOptions(Schema):
    posts: list[PostRow]
    roles: list[RoleRow]


class UserFormOptionsOut(Envelope):
    data: UserFormOptions


@api.get("/bff/screens/system/user/options", login_only=True,
         summary="The post and role options of a new user (the core's GET /system/user/)", response=UserFormOptionsOut)
async def user_form_options(core: CoreClient) -> web.Response:
    env = await core.get("/system/user/")
    return ok(data={"posts": env.get("posts", []), "roles": env.get("roles", [])})
