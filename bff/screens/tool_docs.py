"""API documentation (tool/swagger/index): the core serves Swagger UI at /docs/ behind its own cookie
session (opened with a one-time ticket of POST /tool/swagger/ticket). The web embeds it same-origin
through these pass-throughs: the pages with the page's cookie, and "try it out" calls, which reach the
core only with the docs header and that cookie (never the console's token), so the core decides with
the operator's own session and permissions."""

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

api = Api("tool-docs")
CORE_PREFIX = "/docs"
DOCS_COOKIE = "console_docs"
DOCS_HEADER = "X-Docs-Request"
# Page files: letters, digits, '-', '_' and '.', never a '..' segment.
PAGE_PATH = re.compile(r"^(?!.*(^|/)\.\.?(/|$))[A-Za-z0-9_.\-]*(/[A-Za-z0-9_.\-]+)*/?$")
# What "try it out" may call: the core's API paths (segments of letters, digits, '-', '_', '.', ',').
CALL_PATH = re.compile(r"^(?!docs(/|$))(?!.*(^|/)\.\.?(/|$))[A-Za-z0-9_.,\-]+(/[A-Za-z0-9_.,\-]+)*$")
PASSED_RESPONSE_HEADERS = ("Content-Type", "Cache-Control", "Content-Disposition", "download-filename",
                           "Content-Security-Policy", "X-Content-Type-Options")


async def to_core(request: web.Request, path: str, extra: dict[str, str]) -> web.StreamResponse:
    headers = forwarded_headers(request, with_token=False)
    headers.update(extra)
    if cookie := only_cookie(request.headers.get("Cookie", ""), DOCS_COOKIE):
        headers["Cookie"] = cookie
    if "Content-Type" in request.headers:
        headers["Content-Type"] = request.headers["Content-Type"]
    body = await request.read() if request.body_exists else None
    url = f"{request.app[SETTINGS].core_url.rstrip('/')}{path}"

    async def call() -> web.StreamResponse:
        async with request.app[CORE_SESSION].request(
            request.method, url, params=request.query, data=body, headers=headers, allow_redirects=False,
            timeout=aiohttp.ClientTimeout(total=600, sock_read=60),
        ) as upstream:
            return await relay(request, upstream, PASSED_RESPONSE_HEADERS, cookies=True, location=str)

    return await guarded(call)


@api.get("/bff/pages/tool/docs/{path:.*}", login_only=True, file=RAW,
         summary="The core's API documentation pages (/docs/*) passed through with their cookie; "
                 "relative redirects are kept as they are")
async def docs_page(request: web.Request) -> web.StreamResponse:
    path = request.match_info.get("path", "")
    if not PAGE_PATH.match(path):
        raise NotFound()
    return await to_core(request, f"{CORE_PREFIX}/{path}", {})


async def docs_call(request: web.Request) -> web.StreamResponse:
    path = request.match_info.get("path", "")
    if request.headers.get(DOCS_HEADER) != "1" or not CALL_PATH.match(path):
        raise NotFound()
    return await to_core(request, f"/{path}", {DOCS_HEADER: "1"})


CALL_SUMMARY = ("\"Try it out\" from the API documentation: the core path called with the docs page's cookie and "
                "the X-Docs-Request header (required here too), without the console's token")
CALL_PATH_PATTERN = "/bff/pages/tool/docs-call/{path:.+}"


@api.get(CALL_PATH_PATTERN, login_only=True, file=RAW, summary=CALL_SUMMARY)
async def docs_call_get(request: web.Request) -> web.StreamResponse:
    return await docs_call(request)


@api.post(CALL_PATH_PATTERN, login_only=True, file=RAW, summary=CALL_SUMMARY)
async def docs_call_post(request: web.Request) -> web.StreamResponse:
    return await docs_call(request)


@api.put(CALL_PATH_PATTERN, login_only=True, file=RAW, summary=CALL_SUMMARY)
async def docs_call_put(request: web.Request) -> web.StreamResponse:
    return await docs_call(request)


@api.delete(CALL_PATH_PATTERN, login_only=True, file=RAW, summary=CALL_SUMMARY)
async def docs_call_delete(request: web.Request) -> web.StreamResponse:
    return await docs_call(request)
