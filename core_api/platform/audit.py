"""Who changed a record and when: the createBy/updateBy columns every system table carries."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from core_api.platform.security import Principal
from core_api.platform.state import CLOCK


def created(request: web.Request, principal: Principal) -> dict[str, Any]:
    return {"create_by": principal.user_name, "create_time": request.app[CLOCK].now()}


def updated(request: web.Request, principal: Principal) -> dict[str, Any]:
    return {"update_by": principal.user_name, "update_time": request.app[CLOCK].now()}
