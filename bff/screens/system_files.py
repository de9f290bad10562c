"""Uploaded files: ``/bff/files/<path>`` streams the core's ``/profile/<path>`` (nothing else of the core)."""

from __future__ import annotations

from aiohttp import web

from bff.relay import core_file
from bff.routing import plain_path
from core_api.platform.api import RAW, Api
from core_api.platform.errors import NotFound

api = Api("system-files")
PASSED_HEADERS = ("Content-Type", "Content-Length", "Content-Disposition", "Cache-Control", "Last-Modified", "ETag",
                  "X-Content-Type-Options")




@api.get("/bff/files/{path:.+}", login_only=True, file=RAW,
         summary="An uploaded file (the core's /profile/<path>), streamed as it is")
async def stored_file(request: web.Request) -> web.StreamResponse:
    path = request.match_info["path"]
    if not plain_path(request, path) or path.endswith("/"):
        raise NotFound()
    return await core_file(request, f"/profile/{path}", PASSED_HEADERS, total=600)
