"""Menus: the whole (filtered) list, drawn as a tree by the web."""

from __future__ import annotations

from pydantic import Field

from bff.screens.system_shared import listed_screen
from core_api.platform.api import Api
from core_api.platform.contract.system import MenuRow
from core_api.platform.schema import Schema

api = Api("system-menu")


class MenuScreenQuery(Schema):
    menu_name: str | None = Field(None, max_length=50)
    status: str | None = Field(None, pattern=r"^[01]$")


listed_screen(api, "/bff/screens/system/menu", name="Menu", key="menus", rows=MenuRow, core_path="/system/menu/list",
              query=MenuScreenQuery, dicts=("sys_show_hide", "sys_normal_disable"),
              summary="Menus: the flat list and dictionaries")
