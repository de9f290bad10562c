"""Uploaded files: ``/bff/files/<path>`` streams the core's ``/profile/<path>`` (nothing else of the core)."""

from __future__ import annotations

import aiohttp
from aiohttp import web

from bff.core_client import CORE_SESSION
from core_api.platform.api import Api
from core_api.platform.envelope import fail
from core_api.platform.state import SETTINGS

api = Api("system-files")
PASSED_HEADERS = ("Content-Type", "Content-Length", "Content-Disposition", "Cache-Control", "Last-Modified", "ETag",
                  "X-Content-Type-Options")


def safe_path(path: str) -> bool:
    parts = path.split("/")
    return bool(path) and not path.startswith("/") and all(p not in ("", ".", "..") and "\\" not in p for p in parts)


@api.get("/bff/files/{path:.+}", login_only=True,
         summary="An uploaded file (the core's /profile/<path>), streamed as it is")
async def stored_file(request: web.Request) -> web.StreamResponse:
    path = request.match_info["path"]
    if not safe_path(path):
        return fail("访问资源不存在", 404)
    url = f"{request.app[SETTINGS].core_url.rstrip('/')}/profile/{path}"
    try:
        timeout = aiohttp.ClientTimeout(total=600, sock_read=60)
        async with request.app[CORE_SESSION].get(url, timeout=timeout) as upstream:
            if upstream.status != 200 or upstream.content_type == "application/json":
                return fail("访问资源不存在", 404)
            response = web.StreamResponse(status=200)
            for name in PASSED_HEADERS:
                if name in upstream.headers:
                    response.headers[name] = upstream.headers[name]
            await response.prepare(request)
            async for chunk in upstream.content.iter_chunked(64 * 1024):
                await response.write(chunk)
            await response.write_eof()
            return response
    except aiohttp.ClientError:
        return fail("后端接口连接异常", 500)
    except TimeoutError:
        return fail("系统接口请求超时", 500)
