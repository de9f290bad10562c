"""Departments: the whole (filtered) list in the caller's scope, drawn as a tree by the web."""

from __future__ import annotations

from pydantic import Field

from bff.screens.system_shared import listed_screen
from core_api.platform.api import Api
from core_api.platform.contract.system import DeptRow
from core_api.platform.schema import Schema

api = Api("system-dept")


class DeptScreenQuery(Schema):
    dept_name: str | None = Field(None, max_length=30)
    status: str | None = Field(None, pattern=r"^[01]$")


listed_screen(api, "/bff/screens/system/dept", name="Dept", key="depts", rows=DeptRow, core_path="/system/dept/list",
              query=DeptScreenQuery, dicts=("sys_normal_disable",),
              summary="Departments: the flat list and dictionaries")
