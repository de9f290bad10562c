"""The BFF's app factory: one call per console screen, fanning out to the core API concurrently."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import orjson
from aiohttp import web

from bff.core_client import CORE_SESSION
from bff.routing import register
from bff.screens import passthrough
from core_api.platform.api import Api, all_endpoints
from core_api.platform.envelope import json_response
from core_api.platform.middleware import envelope_middleware
from core_api.platform.openapi import build_openapi
from core_api.platform.state import SETTINGS
from core_api.settings import ROOT, Settings

OPENAPI_PATH = ROOT / "bff" / "openapi.json"


def screen_apis() -> list[Api]:
    from bff.screens.auth import api as auth_api
    from bff.screens.dashboard import api as dashboard_api
    from bff.screens.session import api as session_api
    from bff.screens.system_config import api as system_config_api
    from bff.screens.system_dept import api as system_dept_api
    from bff.screens.system_dict import api as system_dict_api
    from bff.screens.system_files import api as system_files_api
    from bff.screens.system_menu import api as system_menu_api
    from bff.screens.system_notice import api as system_notice_api
    from bff.screens.system_post import api as system_post_api
    from bff.screens.system_profile import api as system_profile_api
    from bff.screens.system_role import api as system_role_api
    from bff.screens.system_user import api as system_user_api

    return [auth_api, session_api, dashboard_api, system_user_api, system_role_api, system_menu_api, system_dept_api,
            system_post_api, system_dict_api, system_config_api, system_notice_api, system_profile_api,
            system_files_api]


def openapi_document() -> dict:
    return build_openapi(all_endpoints(screen_apis()), "Console BFF", "0.1.0")


def write_openapi(path: Path = OPENAPI_PATH) -> None:
    path.write_bytes(orjson.dumps(openapi_document(), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")


def create_app(settings: Settings) -> web.Application:
    app = web.Application(middlewares=[envelope_middleware], client_max_size=20 * 1024 * 1024)
    app[SETTINGS] = settings
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


async def _openapi(_request: web.Request) -> web.Response:
    return json_response(openapi_document())


async def _health(_request: web.Request) -> web.Response:
    return json_response({"code": 200, "msg": "ok"})
