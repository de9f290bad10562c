"""Parameters: the list, and every parameter for the grouped settings form."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import page_of, paged_screen
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import ConfigRow
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-config")
ALL_AT_ONCE = 500  # the core's page limit; the settings form shows every key


class ConfigScreenQuery(ListQuery):
    config_name: str | None = Field(None, max_length=100)
    config_key: str | None = Field(None, max_length=100)
    config_type: str | None = Field(None, pattern=r"^[YN]$")


paged_screen(api, "/bff/screens/system/config", name="Config", rows=ConfigRow, core_path="/system/config/list",
             query=ConfigScreenQuery, dicts=("sys_yes_no",), summary="Parameters: the page and dictionaries")


class ConfigSettings(Schema):
    rows: list[ConfigRow]
    total: int


class ConfigSettingsOut(Envelope):
    data: ConfigSettings


@api.get("/bff/screens/system/config/settings", login_only=True,
         summary="Every parameter, for the settings form grouped by key prefix", response=ConfigSettingsOut)
async def config_settings(core: CoreClient) -> web.Response:
    configs = await core.get("/system/config/list", params={"pageSize": str(ALL_AT_ONCE), "orderByColumn": "configKey",
                                                            "isAsc": "asc"})
    return ok(data=page_of(configs))
