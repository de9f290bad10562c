"""Thin pass-through for mutations, exports, imports and uploads: ``/bff/api/<core path>``.

The core API checks the caller's permission and data scope on every call, so the BFF only forwards
the caller's token, address and body, and streams the answer back (JSON envelope or file)."""

from __future__ import annotations

import aiohttp
from aiohttp import web

from bff.core_client import CORE_SESSION
from bff.relay import guarded, relay
from bff.routing import FORM_TYPES, forwarded_headers, plain_path, refuse_unexpected_body
from core_api.platform.errors import NotFound
from core_api.platform.state import SETTINGS

ALLOWED_PREFIXES = ("system/", "monitor/", "tool/", "common/", "admin/", "api/")
PASSED_REQUEST_HEADERS = ("Content-Type",)
PASSED_RESPONSE_HEADERS = ("Content-Type", "Content-Disposition", "download-filename", "Content-Length")
# JSON for the calls, forms for RuoYi-style exports, multipart for uploads and imports: nothing else is
# passed on (a text/plain body is what a page of another site sends without asking).
BODY_TYPES = ("application/json", *FORM_TYPES)
BODY_REFUSED = "请求体格式不支持，请以 JSON、表单或文件上传方式提交"


async def forward(request: web.Request) -> web.StreamResponse:
    path = request.match_info["path"]
    if not path.startswith(ALLOWED_PREFIXES) or not plain_path(request, path):
        raise NotFound()
    refuse_unexpected_body(request, BODY_TYPES, BODY_REFUSED)
    headers = forwarded_headers(request, with_token=True)
    for name in PASSED_REQUEST_HEADERS:
        if name in request.headers:
            headers[name] = request.headers[name]
    body = await request.read() if request.body_exists else None
    url = f"{request.app[SETTINGS].core_url.rstrip('/')}/{path}"

    async def call() -> web.StreamResponse:
        async with request.app[CORE_SESSION].request(
            request.method, url, params=request.query, data=body, headers=headers,
            timeout=aiohttp.ClientTimeout(total=600, sock_read=60),
        ) as upstream:
            return await relay(request, upstream, PASSED_RESPONSE_HEADERS)

    return await guarded(call)


def register(app: web.Application) -> None:
    app.router.add_route("*", "/bff/api/{path:.+}", forward)
