"""Every event handler, subscribed by name. Handlers are plain async functions calling core services."""

from __future__ import annotations

from core_api.auth.service import LOGIN_EVENT
from core_api.platform.bus import BaseBus
from workers.handlers import auth


def subscribe_all(bus: BaseBus) -> None:
    bus.subscribe(LOGIN_EVENT, "auth.login-log", auth.record_login)
