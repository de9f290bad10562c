"""Typed application state shared by every feature (aiohttp ``web.AppKey``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

if TYPE_CHECKING:
    from core_api.auth.service import AuthService
    from core_api.messaging.chat.gateway import ChatGateway
    from core_api.monitor.job.scheduler import Scheduler
    from core_api.platform.bus import InProcessBus, RabbitBus
    from core_api.platform.clock import Clock
    from core_api.platform.kv import KvStore
    from core_api.platform.replica import Replica
    from core_api.platform.security import Principal
    from core_api.platform.settings import Settings
    from core_api.platform.sms import SmsSender
    from core_api.platform.storage import LocalStorage, S3Storage
    from core_api.platform.wallet import HttpWallet, LocalWallet
    from core_api.system.config.service import ConfigService
    from core_api.system.dict.service import DictService

SETTINGS: web.AppKey[Settings] = web.AppKey("settings")
CLOCK: web.AppKey[Clock] = web.AppKey("clock")
KV: web.AppKey[KvStore] = web.AppKey("kv")
BUS: web.AppKey[InProcessBus | RabbitBus] = web.AppKey("bus")
AUTH: web.AppKey[AuthService] = web.AppKey("auth")
CONFIG: web.AppKey[ConfigService] = web.AppKey("config")
DICT: web.AppKey[DictService] = web.AppKey("dict")
SMS: web.AppKey[SmsSender] = web.AppKey("sms")
STORAGE: web.AppKey[LocalStorage | S3Storage] = web.AppKey("storage")
WALLET: web.AppKey[LocalWallet | HttpWallet] = web.AppKey("wallet")
SCHEDULER: web.AppKey[Scheduler] = web.AppKey("scheduler")
CHAT: web.AppKey[ChatGateway] = web.AppKey("chat")
# This process among the nodes (a random id at each start): it owns the partner calls it claims while it is marked
# alive in the key-value store (core_api/platform/partner.py).
NODE: web.AppKey[str] = web.AppKey("node")
# Only when a standby is configured (CONSOLE_DATABASE_REPLICA_URL): which reads go to it.
REPLICA: web.AppKey[Replica] = web.AppKey("replica")

# Set at start by the features that own them (the platform imports no feature):
# who calls without a bearer token (the API documentation's "try it out" cookie), or None;
COOKIE_PRINCIPAL: web.AppKey[Callable[[web.Request], Awaitable[Principal | None]]] = web.AppKey("cookie_principal")
# the core's OpenAPI document, built from every feature's routes.
OPENAPI: web.AppKey[Callable[[], dict[str, Any]]] = web.AppKey("openapi")

REQUEST_ID: web.RequestKey[str] = web.RequestKey("request_id")
PRINCIPAL: web.RequestKey[Principal] = web.RequestKey("principal")
