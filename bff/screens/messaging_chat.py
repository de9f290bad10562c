"""The chat popup's assets, same-origin for the browser: the emoji icons and the notification sound that
the core serves (``/chat/emoji/<hex>.svg``, ``/chat/sound/notify.wav``), streamed as they are.

The chat calls themselves (rooms, history, send, read, emoji catalogue) go through the pass-through
(``/bff/api/admin/chat/...``); the socket connects to the core directly."""

from __future__ import annotations

import aiohttp
from aiohttp import web

from bff.core_client import CORE_SESSION
from core_api.platform.api import Api
from core_api.platform.envelope import fail
from core_api.platform.state import SETTINGS

api = Api("messaging-chat")
PASSED_HEADERS = ("Content-Type", "Content-Length", "Cache-Control", "X-Content-Type-Options")


async def _stream(request: web.Request, core_path: str) -> web.StreamResponse:
    url = f"{request.app[SETTINGS].core_url.rstrip('/')}{core_path}"
    try:
        async with request.app[CORE_SESSION].get(url, timeout=aiohttp.ClientTimeout(total=30)) as upstream:
            if upstream.status != 200 or upstream.content_type == "application/json":
                return fail("访问资源不存在", 404)
            response = web.StreamResponse(status=200)
            for name in PASSED_HEADERS:
                if name in upstream.headers:
                    response.headers[name] = upstream.headers[name]
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            await response.prepare(request)
            async for chunk in upstream.content.iter_chunked(64 * 1024):
                await response.write(chunk)
            await response.write_eof()
            return response
    except aiohttp.ClientError:
        return fail("后端接口连接异常", 500)
    except TimeoutError:
        return fail("系统接口请求超时", 500)


@api.get("/bff/chat/emoji/{code:[0-9a-f]+}.svg", login_only=True,
         summary="One emoji's icon of the chat catalogue (the core's /chat/emoji/<hex>.svg)")
async def emoji_icon(request: web.Request) -> web.StreamResponse:
    code = request.match_info["code"]
    if len(code) > 6:
        return fail("访问资源不存在", 404)
    return await _stream(request, f"/chat/emoji/{code}.svg")


@api.get("/bff/chat/sound/notify.wav", login_only=True,
         summary="The chat's notification sound (the core's /chat/sound/notify.wav)")
async def notify_sound(request: web.Request) -> web.StreamResponse:
    return await _stream(request, "/chat/sound/notify.wav")
