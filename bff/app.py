"""The BFF's app factory: one call per console screen, fanning out to the core API concurrently."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import orjson
from aiohttp import web

from bff.core_client import CORE_SESSION, CoreClient
from bff.routing import forwarded_headers, register
from bff.screens import passthrough
from core_api.platform.api import Api, all_endpoints
from core_api.platform.envelope import json_response
from core_api.platform.errors import Forbidden, ServiceError
from core_api.platform.middleware import envelope_middleware, install_security_headers
from core_api.platform.openapi import build_openapi
from core_api.platform.security import ALL_PERMISSION
from core_api.platform.settings import ROOT, Settings
from core_api.platform.state import SETTINGS

OPENAPI_PATH = ROOT / "bff" / "openapi.json"
DOCS_PERMISSION = "tool:swagger:list"  # the core's API documentation asks the same


def screen_apis() -> list[Api]:
    """Every module of bff/screens/ that declares ``api`` (one module per screen or area)."""
    import importlib
    import pkgutil

    import bff.screens

    apis: list[Api] = []
    for info in sorted(pkgutil.iter_modules(bff.screens.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"bff.screens.{info.name}")
        if isinstance(getattr(module, "api", None), Api):
            apis.append(module.api)
    return apis


def openapi_document() -> dict:
    return build_openapi(all_endpoints(screen_apis()), "Console BFF", "0.1.0", forms=False)


def write_openapi(path: Path = OPENAPI_PATH) -> None:
    path.write_bytes(orjson.dumps(openapi_document(), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")


def create_app(settings: Settings) -> web.Application:
    app = web.Application(middlewares=[envelope_middleware], client_max_size=settings.client_max_size)
    app[SETTINGS] = settings
    install_security_headers(app)
    app.cleanup_ctx.append(_core_session)
    register(app, screen_apis())
    passthrough.register(app)
    app.router.add_get("/bff/openapi.json", _openapi)
    app.router.add_get("/bff/health", _health)
    return app


async def _core_session(app: web.Application) -> AsyncIterator[None]:
    connector = aiohttp.TCPConnector(limit=200, keepalive_timeout=30)
    async with aiohttp.ClientSession(connector=connector) as session:
        app[CORE_SESSION] = session
        yield


async def _openapi(request: web.Request) -> web.Response:
    # As the core's /openapi.json and /docs: open in development, in production only to a signed-in
    # holder of tool:swagger:list (the core says who holds what; the BFF decides nothing itself).
    if request.app[SETTINGS].env == "production" and not await _may_read_docs(request):
        raise Forbidden()
    return json_response(openapi_document())


async def _may_read_docs(request: web.Request) -> bool:
    try:
        headers = forwarded_headers(request, with_token=True)
        info = await CoreClient(request.app[CORE_SESSION], request.app[SETTINGS].core_url, headers).get("/getInfo")
    except ServiceError:  # no token, an ended session, or the core unreachable
        return False
    permissions = info.get("permissions") or []
    return ALL_PERMISSION in permissions or DOCS_PERMISSION in permissions


async def _health(_request: web.Request) -> web.Response:
    return json_response({"code": 200, "msg": "ok"})
