"""The core API's app factory: settings in, a wired aiohttp application out."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

from aiohttp import web

from core_api.auth.service import AuthService
from core_api.messaging.chat.gateway import ChatGateway
from core_api.model_index import model_modules
from core_api.monitor.job.routes import JOBS_CHANGED
from core_api.monitor.job.scheduler import Scheduler, leader_lock
from core_api.monitor.pool.routes import PAGE_PREFIX, pool_pages
from core_api.platform import db, passwords
from core_api.platform.api import Api, all_endpoints, authenticate, register
from core_api.platform.bus import BaseBus, InProcessBus, make_bus
from core_api.platform.clock import Clock
from core_api.platform.counts import counts_of
from core_api.platform.envelope import json_response
from core_api.platform.errors import Forbidden, NotAuthenticated
from core_api.platform.exports import requeue_unfinished
from core_api.platform.kv import DbKv, KvStore, RedisKv
from core_api.platform.middleware import envelope_middleware, install_security_headers
from core_api.platform.openapi import build_openapi
from core_api.platform.outbox import keep_broadcasts, relay_loop
from core_api.platform.partner import keep_alive
from core_api.platform.replica import Replica
from core_api.platform.settings import Settings
from core_api.platform.sms import make_sms
from core_api.platform.state import (
    AUTH,
    BUS,
    CHAT,
    CLOCK,
    CONFIG,
    COOKIE_PRINCIPAL,
    DICT,
    KV,
    NODE,
    OPENAPI,
    REPLICA,
    SCHEDULER,
    SETTINGS,
    SMS,
    STORAGE,
    WALLET,
)
from core_api.platform.storage import make_storage
from core_api.platform.timefmt import set_zone
from core_api.platform.wallet import make_wallet
from core_api.platform.webhook import relay_events
from core_api.system.config.service import ConfigService
from core_api.system.dict.service import DictService
from core_api.tools.docs.routes import DOCS_STORAGE, docs_pages, docs_storage, principal_from_docs_cookie

log = logging.getLogger("console.core")
VERSION = "0.1.0"
# Each registers event handlers with a bus (workers.handlers.subscribe_all): core_api never imports workers;
# the caller that runs the in-process bus (``python -m workers api``, the tests) hands them in.
BusHandlers = Sequence[Callable[[BaseBus], None]]
BUS_HANDLERS: web.AppKey[tuple[Callable[[BaseBus], None], ...]] = web.AppKey("bus_handlers")


def feature_apis() -> list[Api]:
    """Every feature's routes, in one place."""
    from core_api import generated
    from core_api.account.consumer.routes import api as consumer_api
    from core_api.auth.routes import api as auth_api
    from core_api.business import business_apis
    from core_api.common.routes import api as common_api
    from core_api.dashboard.routes import api as dashboard_api
    from core_api.messaging.chat.routes import api as chat_api
    from core_api.messaging.routes import api as messages_api
    from core_api.monitor.cache.routes import api as cache_api
    from core_api.monitor.job.routes import api as job_api
    from core_api.monitor.logininfor.routes import api as logininfor_api
    from core_api.monitor.online.routes import api as online_api
    from core_api.monitor.operlog.routes import api as operlog_api
    from core_api.monitor.pool.routes import api as pool_api
    from core_api.monitor.server.routes import api as server_api
    from core_api.partner.routes import api as partner_api
    from core_api.platform.config_page import api as config_page_api
    from core_api.system.config.routes import api as config_api
    from core_api.system.dept.routes import api as dept_api
    from core_api.system.dict.routes import api as dict_api
    from core_api.system.menu.routes import api as menu_api
    from core_api.system.notice.routes import api as notice_api
    from core_api.system.post.routes import api as post_api
    from core_api.system.profile.routes import api as profile_api
    from core_api.system.role.routes import api as role_api
    from core_api.system.user.routes import api as user_api
    from core_api.tools.build.routes import api as build_api
    from core_api.tools.docs.routes import api as docs_api
    from core_api.tools.gen.routes import api as gen_api

    generated_apis = [m.api for m in generated.modules("routes")]
    return [*generated_apis, auth_api, dashboard_api, common_api, post_api, dict_api, config_api, notice_api,
            dept_api, menu_api,
            profile_api, user_api, role_api, operlog_api, logininfor_api, online_api, server_api, cache_api,
            job_api, pool_api, messages_api, chat_api, gen_api, build_api, docs_api, consumer_api, partner_api,
            *business_apis(), config_page_api]


def openapi_document(settings: Settings | None = None) -> dict:
    name = (settings or Settings()).product_name
    return build_openapi(all_endpoints(feature_apis()), f"{name} console core API", VERSION)


def create_app(settings: Settings, *, clock: Clock | None = None, bus_handlers: BusHandlers = ()) -> web.Application:
    """``bus_handlers`` register the worker handlers on the in-process bus (unused with RabbitMQ, where the
    workers consume)."""
    set_zone(settings.timezone)
    passwords.configure(settings)
    app = web.Application(middlewares=[envelope_middleware], client_max_size=settings.client_max_size)
    app[SETTINGS] = settings
    install_security_headers(app)
    app[BUS_HANDLERS] = tuple(bus_handlers)
    _ = settings.partner_key  # development: the simulator's key exists in var/ from the first start
    app[CLOCK] = clock or Clock()
    app[NODE] = uuid.uuid4().hex
    app[STORAGE] = make_storage(settings)
    app[WALLET] = make_wallet(settings)
    app[CHAT] = ChatGateway(settings)
    app[CHAT].attach(app)
    app.cleanup_ctx.append(_resources)
    register(app, feature_apis())
    from core_api.business import load_jobs

    load_jobs()  # the job screen checks a job's handler among every feature's
    app.add_subapp(PAGE_PREFIX, pool_pages(settings.secret))
    app.router.add_get("/health", _health)
    app.router.add_get("/openapi.json", _openapi_json)
    app[DOCS_STORAGE] = docs_storage(settings.secret)
    app[COOKIE_PRINCIPAL] = principal_from_docs_cookie  # "try it out" on the documentation page
    app[OPENAPI] = lambda: openapi_document(settings)
    app.router.add_get("/docs", _to_docs)
    app.add_subapp("/docs", docs_pages(settings.secret))
    return app


async def _resources(app: web.Application) -> AsyncIterator[None]:
    settings = app[SETTINGS]
    orm = await db.init_db(settings, model_modules())
    kv: KvStore = RedisKv(settings.redis_url) if settings.redis_url else DbKv(app[CLOCK].time)
    bus = make_bus(settings)
    bus.keep_unsent = keep_broadcasts  # broadcasts the broker did not take: sent again by the relay
    if isinstance(bus, InProcessBus):
        # No broker: this process runs the worker handlers itself, as registered by its caller.
        if not app[BUS_HANDLERS]:
            log.warning("in-process bus without worker handlers: events published here are dropped")
        for register_handlers in app[BUS_HANDLERS]:
            register_handlers(bus)
    config = ConfigService(bus)
    app[KV] = kv
    if settings.replica_url:
        app[REPLICA] = Replica(kv, db.replica_client(settings))
    app[BUS] = bus
    counts_of(app)  # list totals hear every node's writes from the first broadcast on
    app[CONFIG] = config
    app[DICT] = DictService(bus)
    app[AUTH] = AuthService(settings, kv, app[CLOCK], bus, config)
    app[CHAT].bind(app[AUTH], bus)
    app[SMS] = make_sms(settings.sms_provider, settings.sms_http_url, settings.sms_http_token)
    await bus.start(consume=isinstance(bus, InProcessBus))
    await app[CHAT].start()
    await relay_events(bus, app[CLOCK].now())  # webhook events a previous process committed but never published
    if isinstance(bus, InProcessBus) and app[BUS_HANDLERS]:
        await requeue_unfinished(bus, app[CLOCK].now())  # exports a previous process died building
    stop_scheduler = asyncio.Event()
    scheduler_task = None
    relay_task = asyncio.create_task(relay_loop(bus, app[CLOCK].now, stop_scheduler))  # kept while the broker was away
    alive_task = asyncio.create_task(keep_alive(app, stop_scheduler))  # owns the partner calls it claims
    if isinstance(bus, InProcessBus):
        # No broker: this one process also schedules the jobs (with a broker the workers do).
        scheduler = Scheduler(leader_lock(settings), bus.publish, app[CLOCK].now,
                              hold_file=settings.scheduler_hold_file)
        bus.on_broadcast(JOBS_CHANGED, lambda _payload: _wake(scheduler))
        scheduler_task = asyncio.create_task(scheduler.run(stop_scheduler))
        app[SCHEDULER] = scheduler
    log.info("core API ready (database %s, bus %s)", "postgres" if settings.is_postgres else "sqlite",
             type(bus).__name__)
    try:
        yield
    finally:
        stop_scheduler.set()
        await relay_task
        await alive_task
        if scheduler_task is not None:
            await scheduler_task
        await app[CHAT].stop()
        await bus.close()
        await kv.close()
        if REPLICA in app:
            await app[REPLICA].close()
        await db.close_db(orm)


async def _health(_request: web.Request) -> web.Response:
    return json_response({"code": 200, "msg": "ok"})


async def _wake(scheduler: Scheduler) -> None:
    scheduler.wake()


async def _to_docs(_request: web.Request) -> web.Response:
    raise web.HTTPFound("/docs/")


async def _openapi_json(request: web.Request) -> web.Response:
    if request.app[SETTINGS].env == "production":
        try:
            principal = await authenticate(request)
        except NotAuthenticated:
            raise Forbidden() from None
        if not principal.authz.has_permi("tool:swagger:list"):
            raise Forbidden()
    return json_response(openapi_document(request.app[SETTINGS]))


def write_openapi(path: Path) -> None:
    import orjson

    path.write_bytes(orjson.dumps(openapi_document(), option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")
