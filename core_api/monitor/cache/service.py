"""What the cache screens show: the short-lived keys (database table or Redis) and the per-process
caches of parameters, dictionaries and permissions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiohttp import web

from core_api.platform.errors import NotFound
from core_api.platform.state import AUTH, CONFIG, DICT, KV


@dataclass(frozen=True)
class CacheName:
    name: str
    remark: str
    kv_prefix: str | None = None  # keys in the key store; None for a per-process cache


CACHES = [
    CacheName("captcha_codes:", "验证码", "captcha:"),
    CacheName("pwd_err_cnt:", "密码错误次数", "pwd_err:"),
    CacheName("pwd_slow_cnt:", "登录减速", "pwd_slow:"),
    CacheName("pwd_change_err_cnt:", "修改密码错误次数", "pwd_change_err:"),
    CacheName("login_rate:", "登录限流", "login_ip:"),
    CacheName("sms_codes:", "短信验证码", "sms_code:"),
    CacheName("sms_rate:", "短信限流", "sms_"),
    CacheName("sys_config:", "参数缓存"),
    CacheName("sys_dict:", "字典缓存"),
    CacheName("sys_authz:", "权限缓存"),
]
BY_NAME = {c.name: c for c in CACHES}


def cache_named(name: str) -> CacheName:
    if name not in BY_NAME:
        raise NotFound()
    return BY_NAME[name]


def process_cache(app: web.Application, name: str) -> dict[str, Any]:
    if name == "sys_config:":
        return app[CONFIG].snapshot()
    if name == "sys_dict:":
        return app[DICT].snapshot()
    return app[AUTH].snapshot()


async def keys_of(app: web.Application, cache: CacheName) -> list[str]:
    if cache.kv_prefix is not None:
        keys = await app[KV].keys(cache.kv_prefix)
        if cache.name == "sms_rate:":
            keys = [k for k in keys if not k.startswith("sms_code:")]
        return keys
    return sorted(process_cache(app, cache.name))


async def value_of(app: web.Application, cache: CacheName, key: str) -> Any:
    if cache.kv_prefix is not None:
        if not key.startswith(cache.kv_prefix):
            raise NotFound()
        value = await app[KV].get(key)
    else:
        value = process_cache(app, cache.name).get(key)
    if value is None:
        raise NotFound()
    return value


async def clear(app: web.Application, cache: CacheName, key: str | None = None) -> None:
    if cache.kv_prefix is not None:
        for k in [key] if key else await keys_of(app, cache):
            await app[KV].delete(k)
    elif cache.name == "sys_config:":
        await app[CONFIG].changed()
    elif cache.name == "sys_dict:":
        await app[DICT].changed()
    else:
        await app[AUTH].authz_changed()
