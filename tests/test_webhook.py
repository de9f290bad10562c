"""Webhooks to the app server: an outbox row per decision, delivered signed by the worker, retried; and the
decision taking effect in our own chat gateway at once. The app server is a real aiohttp server on loopback."""

from __future__ import annotations

import time
from typing import Any

import orjson
import pytest
import socketio
from aiohttp import web
from aiohttp.test_utils import TestServer

from core_api.account.consumer.models import AccountConsumer
from core_api.platform.models import WebhookEvent
from core_api.platform.webhook import verify_signature
from ops.chat_sim import ChatPeer
from tests.conftest import OK, Caller, eventually, token_for
from tests.test_chat import url_of
from tests.test_partner_api import KEY, register


class AppServer:
    """The mobile app's server: checks each signature, answers ``fail_first`` times 500, then 200."""

    def __init__(self, fail_first: int = 0) -> None:
        self.fail_first = fail_first
        self.received: list[dict[str, Any]] = []
        self.bad_signatures = 0
        self.app = web.Application()
        self.app.router.add_post("/hooks/console", self.hook)
        self.server = TestServer(self.app, host="127.0.0.1")

    async def hook(self, request: web.Request) -> web.Response:
        body = await request.read()
        timestamp = request.headers.get("X-Console-Timestamp", "")
        if not verify_signature(KEY, timestamp, body, request.headers.get("X-Console-Signature", "")) \
                or abs(int(timestamp) - time.time()) > 300:
            self.bad_signatures += 1
            return web.Response(status=401)
        event = orjson.loads(body)
        self.received.append({"eventId": request.headers["X-Console-Event-Id"], **event})
        if len(self.received) <= self.fail_first:
            return web.Response(status=500, text="busy")
        return web.json_response({"ok": True})

    @property
    def url(self) -> str:
        return str(self.server.make_url("/hooks/console"))


@pytest.fixture
async def app_server():
    servers: list[AppServer] = []

    async def start(fail_first: int = 0) -> AppServer:
        server = AppServer(fail_first)
        await server.server.start_server()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.server.close()


async def test_freeze_is_delivered_signed_after_a_retry_and_closes_chat(start_app, make_settings, app_server):
    hooks = await app_server(fail_first=1)
    client = await start_app(make_settings(chat_partner_key=KEY, app_webhook_url=hooks.url))
    admin = Caller(client, await token_for(client))
    await register(client, 7, nickName="小明")
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 7, "小明")
    await peer.connect()
    assert peer.sio.connected

    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 7}) == OK
    # The chat gateway closes the socket at once, and refuses a new token and a new connection.
    await eventually(lambda: _async(not peer.sio.connected))
    refused = await client.post("/api/chat/v1/peer_token", json={"kind": "user", "peerId": 7},
                                headers={"X-Partner-Key": KEY})
    assert await refused.json() == {"code": 403, "msg": "账号已被冻结或停用，无法使用聊天"}
    again = socketio.AsyncClient(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await again.connect(url_of(client), auth={"token": peer.token}, transports=["websocket"])
    raw = await client.get(f"/ws/chat/user_token={peer.token}")
    assert await raw.json() == {"code": 403, "msg": "账号已被冻结或停用，无法使用聊天"}

    # The app server got the event twice (a 500 first, then accepted), signed, with one event id.
    async def delivered() -> bool:
        return await WebhookEvent.filter(status="delivered").exists()

    await eventually(delivered, timeout=10)
    row = await WebhookEvent.get(event="consumer.frozen")
    assert (row.attempts, row.status, row.last_error) == (2, "delivered", "")
    assert row.published_at is not None and row.delivered_at is not None
    assert hooks.bad_signatures == 0 and len(hooks.received) == 2
    assert hooks.received[0] == hooks.received[1]
    event = hooks.received[0]
    assert event["eventId"] == event["id"] == row.event_id
    assert event["event"] == "consumer.frozen" and event["data"] == {"uid": 7, "frozen": "1"}

    # Unfrozen: chat works again, and the app server hears that too.
    assert await admin.get("/admin/AccountUserConsumer/unfreeze", params={"uid": 7}) == OK
    back = await ChatPeer.sign_in(url_of(client), KEY, "user", 7, "小明")
    await back.connect()
    assert back.sio.connected and (await back.say("我回来了"))["code"] == 200

    async def unfrozen_told() -> bool:
        return any(e["event"] == "consumer.unfrozen" for e in hooks.received)

    await eventually(unfrozen_told, timeout=10)
    await back.close()


async def _async(value: bool) -> bool:
    return value


async def test_mute_stops_sending_and_unusable_closes_chat(start_app, make_settings, app_server):
    hooks = await app_server()
    client = await start_app(make_settings(chat_partner_key=KEY, app_webhook_url=hooks.url))
    admin = Caller(client, await token_for(client))
    await register(client, 8, nickName="小红")
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 8, "小红")
    await peer.connect()
    assert (await peer.say("你好"))["code"] == 200
    assert await admin.get("/admin/AccountUserConsumer/mute", params={"uid": 8}) == OK
    muted = await peer.say("还能说话吗")
    assert muted == {"code": 403, "msg": "您已被禁言，无法发送消息"}
    assert peer.sio.connected  # a muted user still reads
    assert await admin.get("/admin/AccountUserConsumer/un_mute", params={"uid": 8}) == OK
    assert (await peer.say("可以了"))["code"] == 200
    assert await admin.get("/admin/account_login_check/usable", params={"uid": 8, "usable": "0"}) == OK
    await eventually(lambda: _async(not peer.sio.connected))

    async def all_told() -> bool:
        return await WebhookEvent.filter(status="delivered").count() == 3

    await eventually(all_told, timeout=10)
    assert [e["event"] for e in sorted(hooks.received, key=lambda e: e["createdAt"])][-1] == "consumer.unusable"
    assert {e["event"] for e in hooks.received} == {"consumer.muted", "consumer.unmuted", "consumer.unusable"}


async def test_without_a_url_events_stay_recorded_as_not_configured(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    await register(client, 9)
    assert await admin.get("/admin/AccountUserConsumer/mute", params={"uid": 9}) == OK

    async def settled() -> bool:
        return await WebhookEvent.filter(status="not_configured").exists()

    await eventually(settled, timeout=10)
    row = await WebhookEvent.get(event="consumer.muted")
    assert (row.attempts, row.last_error) == (0, "未配置应用服务器回调地址")
    assert orjson.loads(row.payload)["data"] == {"uid": 9, "muted": "1"}
    assert (await AccountConsumer.get(uid=9)).muted == "1"


async def test_a_server_that_keeps_failing_leaves_the_event_failed(start_app, make_settings, app_server):
    hooks = await app_server(fail_first=100)
    client = await start_app(make_settings(chat_partner_key=KEY, app_webhook_url=hooks.url, bus_max_attempts=3,
                                           bus_retry_delay_ms=50))
    admin = Caller(client, await token_for(client))
    await register(client, 10)
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 10}) == OK

    async def failed() -> bool:
        return await WebhookEvent.filter(status="failed").exists()

    await eventually(failed, timeout=15)
    row = await WebhookEvent.get(event="consumer.frozen")
    assert row.attempts == 3 and row.last_error.startswith("HTTP 500")
    assert len(hooks.received) == 3 and hooks.bad_signatures == 0
    assert (await AccountConsumer.get(uid=10)).frozen == "1"  # the decision stands; the delivery is what failed


async def test_relay_publishes_what_a_crash_left_unpublished(start_app, make_settings, app_server):
    from datetime import UTC, datetime, timedelta

    from core_api.platform.state import BUS
    from core_api.platform.webhook import record_event, relay_events

    hooks = await app_server()
    client = await start_app(make_settings(chat_partner_key=KEY, app_webhook_url=hooks.url))
    # Committed, never published (the process died in between).
    row = await record_event("consumer.frozen", {"uid": 11, "frozen": "1"}, datetime.now(UTC) - timedelta(minutes=1))
    assert await relay_events(client.server.app[BUS], datetime.now(UTC)) == 1

    async def delivered() -> bool:
        return await WebhookEvent.filter(event_id=row.event_id, status="delivered").exists()

    await eventually(delivered, timeout=10)
    assert [e["eventId"] for e in hooks.received] == [row.event_id]
    assert await relay_events(client.server.app[BUS], datetime.now(UTC)) == 0
