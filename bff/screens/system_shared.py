"""What the system screens share: the rows of the core's lists as the wire shows them, the tree node,
the dictionaries a screen shows, and the list query passed on to the core."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from bff.core_client import CoreClient
from core_api.platform.contract import DictDataOut
from core_api.platform.schema import Schema

DATE_RANGE_KEY = re.compile(r"^(begin|end)[A-Z]\w*$")


class TreeNode(Schema):
    """The contract's TreeSelect node."""

    id: int
    label: str
    disabled: bool | None = None
    children: list[TreeNode] | None = None


class Audit(Schema):
    create_by: str | None = None
    create_time: str | None = None
    update_by: str | None = None
    update_time: str | None = None
    remark: str | None = None


class DeptBrief(Schema):
    dept_id: int | None = None
    dept_name: str | None = None
    leader: str | None = None


class UserRow(Schema):
    user_id: int
    dept_id: int | None = None
    user_name: str
    nick_name: str
    email: str | None = None
    phonenumber: str | None = None
    sex: str | None = None
    avatar: str | None = None
    status: str
    del_flag: str | None = None
    login_ip: str | None = None
    login_date: str | None = None
    create_by: str | None = None
    create_time: str | None = None
    remark: str | None = None
    dept: DeptBrief | None = None


class UserDept(Schema):
    dept_id: int
    parent_id: int
    ancestors: str
    dept_name: str
    order_num: int
    leader: str | None = None
    status: str


class UserRole(Schema):
    role_id: int
    role_name: str
    role_key: str
    role_sort: int
    data_scope: str
    status: str
    admin: bool


class UserDetail(Audit):
    """One user as GET /system/user/{id}, authRole and the profile return it."""

    user_id: int
    dept_id: int | None = None
    user_name: str
    nick_name: str
    user_type: str | None = None
    email: str | None = None
    phonenumber: str | None = None
    sex: str | None = None
    avatar: str | None = None
    status: str
    del_flag: str | None = None
    login_ip: str | None = None
    login_date: str | None = None
    pwd_update_date: str | None = None
    dept: UserDept | None = None
    roles: list[UserRole] = []
    admin: bool = False


class RoleRow(Audit):
    role_id: int
    role_name: str
    role_key: str
    role_sort: int
    data_scope: str
    menu_check_strictly: bool
    dept_check_strictly: bool
    status: str
    del_flag: str | None = None
    flag: bool | None = None


class PostRow(Audit):
    post_id: int
    post_code: str
    post_name: str
    post_sort: int
    status: str


class MenuRow(Audit):
    menu_id: int
    menu_name: str
    parent_id: int
    order_num: int
    path: str | None = None
    component: str | None = None
    query: str | None = None
    route_name: str | None = None
    is_frame: str
    is_cache: str
    menu_type: str
    visible: str
    status: str
    perms: str | None = None
    icon: str | None = None


class DeptRow(Audit):
    dept_id: int
    parent_id: int
    ancestors: str
    dept_name: str
    order_num: int
    leader: str | None = None
    phone: str | None = None
    email: str | None = None
    status: str
    del_flag: str | None = None


class DictTypeRow(Audit):
    dict_id: int
    dict_name: str
    dict_type: str
    status: str


class ConfigRow(Audit):
    config_id: int
    config_name: str
    config_key: str
    config_value: str
    config_type: str


class NoticeRow(Audit):
    notice_id: int
    notice_title: str
    notice_type: str
    status: str


class AuthUserRow(Schema):
    """A user of a role's allocated or unallocated list."""

    user_id: int
    dept_id: int | None = None
    user_name: str
    nick_name: str
    email: str | None = None
    phonenumber: str | None = None
    status: str
    create_time: str | None = None


Dicts = dict[str, list[DictDataOut]]


def core_params(query: Schema) -> dict[str, str]:
    """A validated list query as the core reads it; date ranges go as ``params[beginTime]``."""
    out: dict[str, str] = {}
    for key, value in query.model_dump(mode="json", by_alias=True, exclude_none=True).items():
        if value == "":
            continue
        text = str(value).lower() if isinstance(value, bool) else str(value)
        out[f"params[{key}]" if DATE_RANGE_KEY.match(key) else key] = text
    return out


def page_of(envelope: dict[str, Any]) -> dict[str, Any]:
    return {"rows": envelope.get("rows", []), "total": envelope.get("total", 0)}


async def fetch_dicts(core: CoreClient, *names: str) -> Dicts:
    """Several dictionaries at once, each from the core's (cached) by-type call."""
    envelopes = await asyncio.gather(*(core.get(f"/system/dict/data/type/{name}") for name in names))
    return {name: env.get("data", []) for name, env in zip(names, envelopes, strict=True)}
