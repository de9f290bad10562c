"""Cache monitor and cache list (RuoYi /monitor/cache)."""

from __future__ import annotations

from typing import Any

import orjson
import psutil
from aiohttp import web

from core_api.monitor.cache.service import CACHES, cache_named, clear, keys_of, process_cache, value_of
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract.system import CacheKeysOut, CacheValueOut
from core_api.platform.envelope import ok
from core_api.platform.errors import Forbidden, NotFound
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import KV, SETTINGS
from core_api.system.config.service import hidden_keys

api = Api("cache")
NEED = any_perm("monitor:cache:list")
KEY = r"{cacheKey:[A-Za-z0-9_:.@\-]{1,191}}"
NAME = r"{cacheName:[a-z_]+:}"
REDIS_FIELDS = ("redis_version", "redis_mode", "tcp_port", "connected_clients", "uptime_in_days",
                "used_memory_human", "used_cpu_user_children", "maxmemory_human", "aof_enabled",
                "rdb_last_bgsave_status", "instantaneous_input_kbps", "instantaneous_output_kbps")


@api.get("/monitor/cache", need=NEED, summary="Cache figures: Redis INFO when configured, else the in-process ones")
async def cache_info(request: web.Request) -> web.Response:
    raw = await request.app[KV].info()
    if raw["mode"] == "redis":
        info = {k: raw["info"].get(k) for k in REDIS_FIELDS}
        stats = [{"name": k.removeprefix("cmdstat_"), "value": str(v.get("calls", 0))}
                 for k, v in raw["commandstats"].items()]
        return ok(data={"info": info, "dbSize": raw["dbSize"], "commandStats": stats})
    rss = psutil.Process().memory_info().rss
    per_cache = {c.name: len(process_cache(request.app, c.name)) for c in CACHES if c.kv_prefix is None}
    info = {
        "redis_version": "-", "redis_mode": "in-process", "tcp_port": "-", "connected_clients": 1,
        "uptime_in_days": 0, "used_memory_human": f"{rss / 1024 / 1024:.1f}M", "used_cpu_user_children": "-",
        "maxmemory_human": "-", "aof_enabled": "0", "rdb_last_bgsave_status": "-",
        "instantaneous_input_kbps": "0", "instantaneous_output_kbps": "0",
        "store": "database table sys_kv" if not request.app[SETTINGS].redis_url else "redis",
        "processCaches": per_cache,
    }
    stats = [{"name": name, "value": str(count)} for name, count in sorted(raw["commandstats"].items())]
    return ok(data={"info": info, "dbSize": raw["dbSize"] + sum(per_cache.values()), "commandStats": stats})


@api.get("/monitor/cache/getNames", need=NEED, summary="The cache names")
async def names() -> web.Response:
    return ok(data=[{"cacheName": c.name, "remark": c.remark} for c in CACHES])


@api.get(f"/monitor/cache/getKeys/{NAME}", need=NEED, summary="The keys of one cache", response=CacheKeysOut)
async def keys(request: web.Request, cacheName: str) -> web.Response:  # noqa: N803 - the contract's name
    return ok(data=await keys_of(request.app, cache_named(cacheName)))


@api.get(f"/monitor/cache/getValue/{NAME}/{KEY}", need=NEED, summary="One cached value", response=CacheValueOut)
async def value(request: web.Request, principal: Principal, cacheName: str,
                cacheKey: str) -> web.Response:  # noqa: N803
    cache = cache_named(cacheName)
    if cacheName == "sys_config:" and cacheKey in hidden_keys(principal.authz):
        raise Forbidden()
    found: Any = await value_of(request.app, cache, cacheKey)
    text = found if isinstance(found, str) else orjson.dumps(found).decode()
    return ok(data={"cacheName": cacheName, "cacheKey": cacheKey, "cacheValue": text})


@api.delete(f"/monitor/cache/clearCacheName/{NAME}", need=NEED, summary="Empty one cache",
            log=OperLogSpec("缓存监控", BusinessType.CLEAN))
async def clear_name(request: web.Request, cacheName: str) -> web.Response:  # noqa: N803
    await clear(request.app, cache_named(cacheName))
    return ok()


@api.delete(f"/monitor/cache/clearCacheKey/{KEY}", need=NEED, summary="Remove one key",
            log=OperLogSpec("缓存监控", BusinessType.CLEAN))
async def clear_key(request: web.Request, cacheKey: str) -> web.Response:  # noqa: N803
    for cache in CACHES:
        if cache.kv_prefix and cacheKey.startswith(cache.kv_prefix):
            await clear(request.app, cache, cacheKey)
            return ok()
        if cache.kv_prefix is None and cacheKey in process_cache(request.app, cache.name):
            await clear(request.app, cache)
            return ok()
    raise NotFound()


@api.delete("/monitor/cache/clearCacheAll", need=NEED, summary="Empty every cache",
            log=OperLogSpec("缓存监控", BusinessType.CLEAN))
async def clear_all(request: web.Request) -> web.Response:
    for cache in CACHES:
        await clear(request.app, cache)
    return ok()
