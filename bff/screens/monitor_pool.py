"""The database-pool page: the core serves it at /monitor/pool/ behind its own cookie session (opened
with a one-time ticket); the web embeds it same-origin through this pass-through, which carries the
page's cookie both ways and points the core's redirects at the caller's mount of the page."""

from __future__ import annotations

import re

import aiohttp
from aiohttp import web

from bff.core_client import CORE_SESSION
from bff.relay import guarded, only_cookie, relay
from bff.routing import forwarded_headers
from core_api.platform.api import RAW, Api
from core_api.platform.errors import NotFound
from core_api.platform.state import SETTINGS

api = Api("monitor-pool")
CORE_PREFIX = "/monitor/pool"
OWN_MOUNT = "/bff/pages/monitor/pool"
POOL_COOKIE = "console_pool"
PAGE_PATH = re.compile(r"^[A-Za-z0-9_\-]*(/[A-Za-z0-9_\-]+)*/?$")
MOUNT = re.compile(r"^(/[A-Za-z0-9_\-]+)+$")
PASSED_RESPONSE_HEADERS = ("Content-Type", "Cache-Control", "Content-Security-Policy", "X-Content-Type-Options")


def mounted(location: str, mount: str) -> str:
    """A redirect of the core inside /monitor/pool, as the caller addresses the page."""
    if location == CORE_PREFIX or location.startswith(CORE_PREFIX + "/"):
        return mount + location[len(CORE_PREFIX):]
    return location


@api.get("/bff/pages/monitor/pool/{path:.*}", login_only=True, file=RAW,
         summary="The core's pool page (/monitor/pool/*) passed through with its cookie; "
                 "X-Forwarded-Prefix names where the caller mounts it")
async def monitor_pool_page(request: web.Request) -> web.StreamResponse:
    path = request.match_info.get("path", "")
    if not PAGE_PATH.match(path):
        raise NotFound()
    prefix = request.headers.get("X-Forwarded-Prefix", "")
    mount = prefix if MOUNT.match(prefix) else OWN_MOUNT
    headers = forwarded_headers(request, with_token=False)
    cookie = only_cookie(request.headers.get("Cookie", ""), POOL_COOKIE)
    if cookie:
        headers["Cookie"] = cookie
    url = f"{request.app[SETTINGS].core_url.rstrip('/')}{CORE_PREFIX}/{path}"

    async def call() -> web.StreamResponse:
        async with request.app[CORE_SESSION].get(
            url, params=request.query, headers=headers, allow_redirects=False,
            timeout=aiohttp.ClientTimeout(total=60),
        ) as upstream:
            return await relay(request, upstream, PASSED_RESPONSE_HEADERS, cookies=True,
                               location=lambda address: mounted(address, mount))

    return await guarded(call)
