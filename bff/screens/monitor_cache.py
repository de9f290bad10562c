"""Cache monitor (figures and command statistics) and the cache list's names."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field

from bff.core_client import CoreClient
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.envelope import ok
from core_api.platform.schema import Schema

api = Api("monitor-cache")


class CacheServerInfo(BaseModel):
    """Redis INFO fields under their own names (the in-process store fills the same ones)."""

    model_config = ConfigDict(extra="allow")

    redis_version: str | None = None
    redis_mode: str | None = None
    tcp_port: Any = None
    connected_clients: Any = None
    uptime_in_days: Any = None
    used_memory_human: str | None = None
    used_cpu_user_children: Any = None
    maxmemory_human: str | None = None
    aof_enabled: Any = None
    rdb_last_bgsave_status: str | None = None
    instantaneous_input_kbps: Any = None
    instantaneous_output_kbps: Any = None
    store: str | None = Field(None, description="in-process mode: where the short-lived keys live")
    processCaches: dict[str, int] | None = Field(None, description="in-process mode: entries per process cache")  # noqa: N815


class CacheCommandStat(Schema):
    name: str
    value: str


class CacheFigures(Schema):
    info: CacheServerInfo
    db_size: int
    command_stats: list[CacheCommandStat]


class CacheFiguresOut(Envelope):
    data: CacheFigures


@api.get("/bff/screens/monitor/cache", login_only=True,
         summary="Cache figures: server info, key count and command statistics", response=CacheFiguresOut)
async def monitor_cache_screen(core: CoreClient) -> web.Response:
    data = (await core.get("/monitor/cache")).get("data") or {}
    return ok(data={"info": data.get("info") or {}, "dbSize": data.get("dbSize", 0),
                    "commandStats": data.get("commandStats") or []})


class CacheNameRow(Schema):
    cache_name: str
    remark: str


class CacheNamesOut(Envelope):
    data: list[CacheNameRow]


@api.get("/bff/screens/monitor/cacheList", login_only=True, summary="Cache list: the cache names",
         response=CacheNamesOut)
async def monitor_cache_list_screen(core: CoreClient) -> web.Response:
    return ok(data=(await core.get("/monitor/cache/getNames")).get("data") or [])
