"""The chat popup's assets, same-origin for the browser: the emoji icons and the notification sound that
the core serves (``/chat/emoji/<hex>.svg``, ``/chat/sound/notify.wav``), streamed as they are.

The chat calls themselves (rooms, history, send, read, emoji catalogue) go through the pass-through
(``/bff/api/admin/chat/...``); the socket connects to the core directly."""

from __future__ import annotations

from aiohttp import web

from bff.relay import core_file
from core_api.platform.api import Api
from core_api.platform.errors import NotFound

api = Api("messaging-chat")
PASSED_HEADERS = ("Content-Type", "Content-Length", "Cache-Control", "X-Content-Type-Options")


async def _stream(request: web.Request, core_path: str) -> web.StreamResponse:
    return await core_file(request, core_path, PASSED_HEADERS, total=30, nosniff=True)


@api.get("/bff/chat/emoji/{code:[0-9a-f]+}.svg", login_only=True, file="image/svg+xml",
         summary="One emoji's icon of the chat catalogue (the core's /chat/emoji/<hex>.svg)")
async def emoji_icon(request: web.Request) -> web.StreamResponse:
    code = request.match_info["code"]
    if len(code) > 6:
        raise NotFound()
    return await _stream(request, f"/chat/emoji/{code}.svg")


@api.get("/bff/chat/sound/notify.wav", login_only=True, file="audio/wav",
         summary="The chat's notification sound (the core's /chat/sound/notify.wav)")
async def notify_sound(request: web.Request) -> web.StreamResponse:
    return await _stream(request, "/chat/sound/notify.wav")
