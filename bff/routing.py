"""BFF routes are declared like the core's (``core_api.platform.api.Api``) and documented the same way;
the BFF does no permission check of its own: it forwards the caller's bearer token and the core decides."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import unquote

from aiohttp import web

from bff.core_client import CORE_SESSION, CoreClient
from core_api.platform.api import Api, Endpoint, path_value, query_values, read_json, validate
from core_api.platform.errors import NotAuthenticated, ServiceError
from core_api.platform.state import SETTINGS


def forwarded_headers(request: web.Request, with_token: bool) -> dict[str, str]:
    settings = request.app[SETTINGS]
    peer = request.remote or ""
    incoming = request.headers.get("X-Forwarded-For", "")
    forwarded = f"{incoming}, {peer}" if incoming and peer in settings.trusted_proxy_set else peer
    headers = {
        "X-Forwarded-For": forwarded,
        "User-Agent": request.headers.get("User-Agent", ""),
        "Accept-Language": request.headers.get("Accept-Language", "zh-CN"),
    }
    if "X-Request-Id" in request.headers:
        headers["X-Request-Id"] = request.headers["X-Request-Id"]
    if with_token:
        auth = request.headers.get("Authorization", "")
        if not auth.lower().startswith("bearer ") or not auth[7:].strip():
            raise NotAuthenticated()
        headers["Authorization"] = auth
    return headers


ENCODED_SEPARATORS = ("%2f", "%5c")  # a slash or a backslash still encoded in the request line


def plain_path(request: web.Request, path: str) -> bool:
    """Whether ``path``, the tail of a relayed URL as the router decoded it once, names exactly the core path it
    shows: no '.', '..' or empty segment (a trailing '/' aside), no backslash, no '?' or '#', nothing still
    percent-encoded (``%252e%252e`` arrives as ``%2e%2e``, which the HTTP client would send as '..': the core would
    serve the parent), and no slash that arrived encoded (``admin%2F..%2Fx``)."""
    raw = request.raw_path.partition("?")[0].lower()
    segments = path.split("/")
    return (bool(path) and unquote(path) == path and not any(c in path for c in "\\?#")
            and not any(e in raw for e in ENCODED_SEPARATORS)
            and all(s not in ("", ".", "..") for s in segments[:-1]) and segments[-1] not in (".", ".."))


JSON_ONLY = "请求体格式不支持，请以 JSON 提交（Content-Type: application/json）"
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def refuse_unexpected_body(request: web.Request, allowed: tuple[str, ...], msg: str = JSON_ONLY) -> None:
    """415 for a body of another type than the call reads. A page of another site can post text/plain,
    a form or multipart without asking first (a "simple" request), never JSON: the check is part of what
    keeps other sites from writing through the console."""
    if request.body_exists and request.content_type not in allowed:
        raise ServiceError(msg, 415)


def make_handler(ep: Endpoint) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    wants = set(inspect.signature(ep.handler).parameters)

    async def handle(request: web.Request) -> web.StreamResponse:
        kwargs: dict[str, Any] = {}
        headers = forwarded_headers(request, with_token=not ep.public)
        core = CoreClient(request.app[CORE_SESSION], request.app[SETTINGS].core_url, headers)
        if "core" in wants:
            kwargs["core"] = core
        if "request" in wants:
            kwargs["request"] = request
        # the core's validation: the same messages, and the same refusal of control characters and overflows
        if ep.query_model is not None:
            kwargs["query"] = validate(ep.query_model, query_values(request, ep.query_model), request)
        if ep.body_model is not None:
            # the console's own API: JSON bodies only (forms are for RuoYi clients of the core)
            refuse_unexpected_body(request, ("application/json",))
            kwargs["body"] = validate(ep.body_model, await read_json(request), request)
        for name, typ in ep.path_params.items():
            value = path_value(name, typ, request.match_info[name])
            if name in wants:
                kwargs[name] = value
        return await ep.handler(**kwargs)

    return handle


def register(app: web.Application, apis: list[Api]) -> None:
    for api in apis:
        for ep in api.endpoints:
            app.router.add_route(ep.method, ep.path, make_handler(ep), name=ep.operation_id)
