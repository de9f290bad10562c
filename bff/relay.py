"""Streaming a core answer back to the browser, and the envelope errors when the core cannot be reached."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable

import aiohttp
from aiohttp import web

from bff.core_client import CORE_SESSION
from bff.routing import forwarded_headers
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.state import SETTINGS

CHUNK = 64 * 1024


async def relay(request: web.Request, upstream: aiohttp.ClientResponse, passed: Iterable[str], *,
                nosniff: bool = False, cookies: bool = False,
                location: Callable[[str], str] | None = None) -> web.StreamResponse:
    """The upstream's status, the named headers and the body, chunk by chunk (never whole in memory);
    with ``cookies`` its Set-Cookie headers, with ``location`` its redirect address as that maps it."""
    response = web.StreamResponse(status=upstream.status)
    for name in passed:
        if name in upstream.headers:
            response.headers[name] = upstream.headers[name]
    if cookies:
        for value in upstream.headers.getall("Set-Cookie", []):
            response.headers.add("Set-Cookie", value)
    if location is not None and "Location" in upstream.headers:
        response.headers["Location"] = location(upstream.headers["Location"])
    if nosniff:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
    await response.prepare(request)
    async for chunk in upstream.content.iter_chunked(CHUNK):
        await response.write(chunk)
    await response.write_eof()
    return response


def only_cookie(header: str, name: str) -> str | None:
    """``name=value`` of that one cookie of a Cookie header (a page's own, never the console's sign-in)."""
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name and value:
            return f"{name}={value}"
    return None


async def guarded(call: Callable[[], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
    """The call's answer, or the catalogue's error when the core is unreachable or too slow."""
    try:
        return await call()
    except aiohttp.ClientError:
        raise ServiceError("后端接口连接异常") from None
    except TimeoutError:
        raise ServiceError("系统接口请求超时") from None


async def core_file(request: web.Request, core_path: str, passed: Iterable[str], *, total: float,
                    nosniff: bool = False) -> web.StreamResponse:
    """GET a file that the core serves and stream it; anything but a file answers 404 in the envelope."""
    url = f"{request.app[SETTINGS].core_url.rstrip('/')}{core_path}"

    async def call() -> web.StreamResponse:
        timeout = aiohttp.ClientTimeout(total=total, sock_read=60)
        headers = forwarded_headers(request, with_token=False)
        async with request.app[CORE_SESSION].get(url, headers=headers, timeout=timeout) as upstream:
            if upstream.status != 200 or upstream.content_type == "application/json":
                raise NotFound()
            return await relay(request, upstream, passed, nosniff=nosniff)

    return await guarded(call)
