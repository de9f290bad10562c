"""Parameters: the list, and every parameter for the grouped settings form."""

from __future__ import annotations

import asyncio

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import ConfigRow, Dicts, core_params, fetch_dicts, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("system-config")
ALL_AT_ONCE = 500  # the core's page limit; the settings form shows every key


class ConfigScreenQuery(ListQuery):
    config_name: str | None = Field(None, max_length=100)
    config_key: str | None = Field(None, max_length=100)
    config_type: str | None = Field(None, pattern=r"^[YN]$")


class ConfigPage(Schema):
    rows: list[ConfigRow]
    total: int


class ConfigScreen(Schema):
    page: ConfigPage
    dicts: Dicts


class ConfigScreenOut(Envelope):
    data: ConfigScreen


@api.get("/bff/screens/system/config", login_only=True, summary="Parameters: the page and dictionaries",
         response=ConfigScreenOut)
async def config_screen(core: CoreClient, query: ConfigScreenQuery) -> web.Response:
    configs, dicts = await asyncio.gather(
        core.get("/system/config/list", params=core_params(query)),
        fetch_dicts(core, "sys_yes_no"),
    )
    return ok(data={"page": page_of(configs), "dicts": dicts})


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
