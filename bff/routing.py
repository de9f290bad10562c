"""BFF routes are declared like the core's (``core_api.platform.api.Api``) and documented the same way;
the BFF does no permission check of its own: it forwards the caller's bearer token and the core decides."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from bff.core_client import CORE_SESSION, CoreClient
from core_api.platform.api import Api, Endpoint, flatten_query, read_json, request_lang
from core_api.platform.errors import NotAuthenticated, ServiceError
from core_api.platform.schema import describe_validation_error
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
        try:
            if ep.query_model is not None:
                kwargs["query"] = ep.query_model.model_validate(flatten_query(request, ep.query_model))
            if ep.body_model is not None:
                # the console's own API: JSON bodies only (forms are for RuoYi clients of the core)
                kwargs["body"] = ep.body_model.model_validate(await read_json(request))
        except ValidationError as exc:
            model = ep.body_model if ep.body_model is not None else ep.query_model
            raise ServiceError(describe_validation_error(exc, model, request_lang(request))) from None
        return await ep.handler(**kwargs)

    return handle


def register(app: web.Application, apis: list[Api]) -> None:
    for api in apis:
        for ep in api.endpoints:
            app.router.add_route(ep.method, ep.path, make_handler(ep), name=ep.operation_id)
