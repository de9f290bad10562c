"""Customer-service chat over real sockets: socket.io and plain WebSocket, staff and customers."""

from __future__ import annotations

import asyncio
import uuid
from urllib.parse import urlsplit

import aiohttp
import pytest
import socketio

from core_api.messaging.chat.models import ChatMessage, ChatRoom
from core_api.system.user.models import SysUser
from ops.chat_sim import ChatPeer
from tests.conftest import AMQP_URL, BACKEND, OK, Caller, token_for
from tests.test_escalation import make_role, make_user, sign_in

KEY = "partner-key-" + "k" * 24


def url_of(client) -> str:
    return str(client.server.make_url("/")).rstrip("/")


async def staff_socket(caller: Caller) -> tuple[socketio.AsyncClient, list[dict]]:
    token = (await caller.get("/getInfo"))["user"]["token"]
    got: list[dict] = []
    sio = socketio.AsyncClient(reconnection=False)
    sio.on("message", lambda data: got.append(data))
    # ten seconds for the namespace's answer (the client's default is one): a busy two-core CI machine took longer
    await sio.connect(url_of(caller.client), auth={"token": token}, transports=["websocket"], wait_timeout=10)
    return sio, got


async def until(check, timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("not delivered in time")
        await asyncio.sleep(0.05)


async def test_peer_token_needs_the_partner_key(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    refused = await client.post("/api/chat/v1/peer_token", json={"kind": "user", "peerId": 7},
                                headers={"X-Partner-Key": "wrong"})
    assert (await refused.json())["code"] == 401
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 7, "小明")
    assert peer.token.startswith("p.user.7.")
    assert await ChatRoom.filter(peer_kind="user", peer_id=7, peer_name="小明").exists()


async def test_development_generates_a_partner_key_the_simulator_uses(start_app, make_settings):
    """A bare ./ops/up has no CONSOLE_CHAT_PARTNER_KEY: the key generated into var/ still signs a peer in."""
    settings = make_settings()
    client = await start_app(settings)
    assert (settings.var_dir / "chat_partner_key").exists()  # from the start, before any partner call
    refused = await client.post("/api/chat/v1/peer_token", json={"kind": "user", "peerId": 8},
                                headers={"X-Partner-Key": ""})
    assert (await refused.json())["msg"] == "认证失败，无法访问系统资源"
    key = (settings.var_dir / "chat_partner_key").read_text().strip()
    assert len(key) >= 32 and (settings.var_dir / "chat_partner_key").stat().st_mode & 0o777 == 0o600
    peer = await ChatPeer.sign_in(url_of(client), key, "user", 8, "小红")
    assert peer.token.startswith("p.user.8.")


def test_production_keeps_partner_calls_closed_without_a_key(tmp_path):
    from core_api.platform.settings import Settings

    settings = Settings(env="production", secret_key="k" * 48, var_dir=tmp_path)
    assert settings.partner_key == ""
    assert not (tmp_path / "chat_partner_key").exists()


async def test_customer_and_staff_talk_in_real_time(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    staff, staff_got = await staff_socket(admin)
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 7, "小明", "/profile/avatar/x.png")
    await peer.connect()
    assert (await peer.heartbeat())["messageType"] == "jump"
    sent = await peer.say("你好😀订单")
    assert sent["code"] == 200
    assert [s["type"] for s in sent["data"]["content"]] == ["txt", "img", "txt"]
    await until(lambda: any(m.get("messageType") == "friend" for m in staff_got))
    incoming = next(m for m in staff_got if m.get("messageType") == "friend")
    assert incoming["userNickName"] == "小明" and incoming["self"] is False and incoming["badgeNum"] == 1
    assert incoming["mp3Url"].endswith(".wav") and incoming["receiveUid"] == 7
    rooms = (await admin.post("/admin/chat/v1/rooms", json={"pageNo": 1, "pageSize": 10}))["data"]
    assert rooms["pages"] == 1 and rooms["data"][0]["messageNum"] == 1
    assert rooms["data"][0]["lastMessage"] == "你好😀订单" and rooms["data"][0]["toName"] == "小明"
    room_id = rooms["data"][0]["shopId"]
    # Opening the room reads it.
    history = (await admin.post("/admin/chat/v1/history", json={"pageNo": 1, "pageSize": 10, "shopId": room_id}))
    assert history["data"]["data"][0]["content"][1]["url"].startswith("/chat/emoji/")
    rooms = (await admin.post("/admin/chat/v1/rooms", json={"pageNo": 1}))["data"]["data"]
    assert rooms[0]["messageNum"] == 0
    # The staff answer reaches the customer at once, once even if sent twice with one client id.
    reply = {"toShopId": room_id, "receiveUid": 7, "toShopType": 0, "messageType": "friend", "contentType": "txt",
             "content": [{"type": "txt", "txt": "您好，马上为您查询"}], "clientMsgId": "reply-1"}
    first = await admin.post("/admin/single/send", json=reply)
    again = await admin.post("/admin/single/send", json=reply)
    assert first["code"] == 200 and again["data"]["id"] == first["data"]["id"]
    answer = await peer.next_message()
    assert answer["content"][0]["txt"] == "您好，马上为您查询" and answer["self"] is False
    assert answer["userNickName"] == "超级管理员"
    assert await ChatMessage.filter(room_id=room_id).count() == 2
    # Resolved; the customer writes again (twice with one client id): it opens, with one message more.
    assert (await admin.post("/admin/chat/v1/status", json={"shopId": room_id, "status": "resolved"}))["code"] == 200
    again_1 = await peer.say("还在吗", client_msg_id="p-2")
    again_2 = await peer.say("还在吗", client_msg_id="p-2")
    assert again_1["data"]["id"] == again_2["data"]["id"]
    room = await ChatRoom.get(id=room_id)
    assert room.status == "open" and room.last_preview == "还在吗" and room.last_message_id == again_1["data"]["id"]
    assert room.peer_read_id == again_1["data"]["id"]
    assert await ChatMessage.filter(room_id=room_id).count() == 3
    empty = await admin.post("/admin/single/send", json={**reply, "clientMsgId": "r2",
                                                          "content": [{"type": "txt", "txt": "  "}]})
    assert empty == {"code": 500, "msg": "请输入要发送的内容"}
    evil = await admin.post("/admin/single/send", json={**reply, "clientMsgId": "r3", "contentType": "img",
                                                         "content": [{"type": "img", "url": "javascript:x"}]})
    assert evil["code"] == 500
    await peer.close()
    await staff.disconnect()


async def test_offline_customer_gets_missed_messages_on_reconnect(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 8, "小红")
    await peer.connect()
    await peer.say("在吗")
    seen = (await ChatMessage.filter(from_peer=True).order_by("-id").first()).id
    await peer.close()  # offline now
    room = await ChatRoom.get(peer_id=8)
    for i in range(3):
        await admin.post("/admin/single/send", json={"toShopId": room.id, "contentType": "txt",
                                                      "content": [{"type": "txt", "txt": f"回复{i}"}]})
    back = ChatPeer(url_of(client), peer.token)
    await back.connect(last_seen_id=seen)
    texts = [(await back.next_message())["content"][0]["txt"] for _ in range(3)]
    assert texts == ["回复0", "回复1", "回复2"]
    assert back.badges and back.badges[0] == 3
    await back.close()


async def test_history_pages_do_not_shift_when_messages_arrive(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    peer = await ChatPeer.sign_in(url_of(client), KEY, "shop", 3, "旗舰店")
    await peer.connect()
    for i in range(15):
        await peer.say(f"消息{i:02d}")
    room = await ChatRoom.get(peer_kind="shop", peer_id=3)
    page1 = (await admin.post("/admin/chat/v1/history", json={"pageNo": 1, "shopId": room.id}))["data"]
    assert [m["content"][0]["txt"] for m in page1["data"]][:2] == ["消息14", "消息13"] and page1["pages"] == 2
    for i in range(4):
        await peer.say(f"新消息{i}")
    page2 = (await admin.post("/admin/chat/v1/history", json={"pageNo": 2, "shopId": room.id}))["data"]
    assert [m["content"][0]["txt"] for m in page2["data"]] == [f"消息{i:02d}" for i in range(4, -1, -1)]
    assert page1["data"][0]["receiveShopId"] == 3
    await peer.close()


async def test_plain_websocket_and_bad_tokens(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 9, "老王")
    async with client.session.ws_connect(client.make_url(f"/ws/chat/user_token={peer.token}")) as ws:
        badge = await ws.receive_json()
        assert badge == {"messageType": "badge", "badgeNum": 0}
        await ws.send_json({"messageType": "jump", "userUid": 1000, "toShopId": 0, "contentType": "txt",
                            "content": {"txt": "心跳", "type": "jump"}})
        assert (await ws.receive_json())["messageType"] == "jump"
        await ws.send_json({"messageType": "friend", "contentType": "txt", "content": [{"type": "txt", "txt": "hi"}],
                            "clientMsgId": uuid.uuid4().hex})
        reply = await ws.receive_json()
        while reply.get("code") != 200:
            reply = await ws.receive_json()
        assert reply["data"]["self"] is True
    bad = await client.get("/ws/chat/user_token=p.user.9.99999999999.forged")
    assert (await bad.json())["code"] == 401
    refused = socketio.AsyncClient(reconnection=False)
    try:
        await refused.connect(url_of(client), auth={"token": "nonsense"}, transports=["websocket"])
        raise AssertionError("a bad token must be refused")
    except socketio.exceptions.ConnectionError:
        pass


async def desk_operator(admin: Caller, name: str, *actions: str) -> Caller:
    """A user made through the API whose only role grants the given chat:desk actions (none: no role)."""
    role_ids = []
    if actions:
        role_ids = [(await make_role(admin, f"desk_{name}", tuple(f"chat:desk:{a}" for a in actions))).role_id]
    await make_user(admin, name, None, role_ids)
    return await sign_in(admin, name)


async def test_the_desk_needs_its_permissions_on_http_and_socket(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    peer = await ChatPeer.sign_in(url_of(client), KEY, "user", 7, "小明")
    await peer.connect()
    await peer.say("在吗")
    room = await ChatRoom.get(peer_kind="user", peer_id=7)
    reply = {"toShopId": room.id, "messageType": "friend", "contentType": "txt",
             "content": [{"type": "txt", "txt": "冒充平台回复"}], "clientMsgId": "x-1"}
    calls = [("/admin/chat/v1/rooms", {"pageNo": 1}), ("/admin/chat/v1/history", {"pageNo": 1, "shopId": room.id}),
             ("/admin/single/send", reply), ("/admin/chat/v1/read", {"shopId": room.id}),
             ("/admin/chat/v1/claim", {"shopId": room.id}),
             ("/admin/chat/v1/transfer", {"shopId": room.id, "userId": 1}),
             ("/admin/chat/v1/status", {"shopId": room.id, "status": "resolved"})]
    forbidden = {"code": 403, "msg": "当前操作没有权限"}

    # Signed in with no role at all: every chat call and both sockets are refused.
    nobody = await desk_operator(admin, "nobody")
    for path, body in calls:
        assert await nobody.post(path, json=body) == forbidden, path
    assert await nobody.get("/admin/chat/v1/emoji") == forbidden
    token = (await nobody.get("/getInfo"))["user"]["token"]
    sio = socketio.AsyncClient(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        await sio.connect(url_of(client), auth={"token": token}, transports=["websocket"])
    raw = await client.get(f"/ws/chat/user_token={token}")
    assert await raw.json() == forbidden

    # chat:desk:list reads and joins the desk, but neither replies (HTTP or socket) nor transfers.
    reader = await desk_operator(admin, "reader", "list")
    assert (await reader.post("/admin/chat/v1/rooms", json={"pageNo": 1}))["data"]["data"][0]["shopId"] == room.id
    assert (await reader.post("/admin/chat/v1/history", json={"pageNo": 1, "shopId": room.id}))["code"] == 200
    for path, body in calls[2:]:
        if path != "/admin/chat/v1/read":
            assert await reader.post(path, json=body) == forbidden, path
    sio, got = await staff_socket(reader)
    answer = await sio.call("message", reply, timeout=5)
    assert answer == forbidden
    await sio.disconnect()
    # The transfer goes only to a colleague who may work the desk.
    transfer = await desk_operator(admin, "handover", "list", "reply", "transfer")
    refused = await transfer.post("/admin/chat/v1/transfer", json={"shopId": room.id, "userId": (
        await SysUser.get(user_name="nobody")).user_id})
    assert refused == {"code": 500, "msg": "接手人没有客服会话权限"}
    reader_id = (await SysUser.get(user_name="reader")).user_id
    assert await transfer.post("/admin/chat/v1/transfer", json={"shopId": room.id, "userId": reader_id}) == OK

    # Nothing the refused calls tried was written: one customer message and the transfer note only.
    texts = [m["content"] for m in await ChatMessage.filter(room_id=room.id).order_by("id").values("content")]
    assert len(texts) == 2 and "冒充平台回复" not in str(texts)
    room = await ChatRoom.get(id=room.id)
    assert (room.assignee_id, room.status) == (reader_id, "open")
    await peer.close()


async def test_forced_logout_closes_the_staff_socket(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    await desk_operator(admin, "deskry", "list")
    ry = Caller(client, await token_for(client, "deskry", "secret123"))
    sio, _ = await staff_socket(ry)
    assert sio.connected
    rows = (await admin.get("/monitor/online/list", params={"userName": "deskry"}))["rows"]
    await admin.delete(f"/monitor/online/{rows[0]['tokenId']}")
    await until(lambda: not sio.connected)


@pytest.mark.skipif(BACKEND != "postgres", reason="two nodes share PostgreSQL and RabbitMQ")
async def test_staff_and_customer_on_different_nodes(start_app, make_settings, second_node):
    client = await start_app(make_settings(chat_partner_key=KEY))
    other = await second_node(CONSOLE_CHAT_PARTNER_KEY=KEY)
    admin = Caller(client, await token_for(client))
    staff, staff_got = await staff_socket(admin)  # on this node
    peer = await ChatPeer.sign_in(other, KEY, "user", 11, "远方")  # on the other one
    await peer.connect()
    await peer.say("跨节点你好")
    await until(lambda: any(m.get("messageType") == "friend" for m in staff_got), timeout=10)
    room = await ChatRoom.get(peer_id=11)
    await admin.post("/admin/single/send", json={"toShopId": room.id, "contentType": "txt",
                                                  "content": [{"type": "txt", "txt": "收到"}]})
    assert (await peer.next_message(timeout=10))["content"][0]["txt"] == "收到"
    async with aiohttp.ClientSession() as http:  # the plain WebSocket form on the other node hears it too
        async with http.ws_connect(f"{other}/ws/chat/user_token={peer.token}") as ws:
            assert (await ws.receive_json())["messageType"] == "badge"
            await admin.post("/admin/single/send", json={"toShopId": room.id, "contentType": "txt",
                                                          "content": [{"type": "txt", "txt": "再次收到"}]})
            message = await ws.receive_json(timeout=10)
            while message.get("messageType") != "friend":
                message = await ws.receive_json(timeout=10)
            assert message["content"][0]["txt"] == "再次收到"
    await peer.close()
    await staff.disconnect()


@pytest.mark.skipif(BACKEND != "postgres", reason="two nodes share PostgreSQL and RabbitMQ")
async def test_a_socket_on_a_node_just_started_hears_the_other_node_from_its_connection_on(
        start_app, make_settings, second_node, monkeypatch):
    """A node binds its fan-out queue before it serves, however slow the broker: python-socketio alone starts the
    listener at the node's first socket connection, and what the other node published before the queue was bound
    went nowhere (a staff socket missed the first moments of the other node's messages)."""
    from core_api.messaging.chat.fanout import ChatFanoutManager

    bind = ChatFanoutManager._queue

    async def slow_bind(self, channel, exchange):  # a busy broker: binding takes seconds
        await asyncio.sleep(3)
        return await bind(self, channel, exchange)

    monkeypatch.setattr(ChatFanoutManager, "_queue", slow_bind)
    client = await start_app(make_settings(chat_partner_key=KEY))  # this node: the slow one
    other = await second_node(CONSOLE_CHAT_PARTNER_KEY=KEY)
    admin = Caller(client, await token_for(client))
    staff, staff_got = await staff_socket(admin)  # the node's first socket
    peer = await ChatPeer.sign_in(other, KEY, "user", 12, "新节点")
    await peer.connect()
    await peer.say("刚连上就说")  # well within the three seconds
    await until(lambda: any(m.get("messageType") == "friend" for m in staff_got), timeout=10)
    await peer.close()
    await staff.disconnect()


@pytest.mark.skipif(BACKEND != "postgres", reason="the fan-out runs on RabbitMQ")
async def test_emits_kept_while_the_broker_is_away_go_out_merged_in_order_once():
    """While the broker is away a node keeps its emits (one batch per event-loop turn); when it is back they go out
    in order, each once, merged into batches of up to BATCH_MAX items: sent one turn's batch at a time, each
    waiting for its confirm, ten seconds of kept emits took twenty more to reach the other nodes."""
    import aio_pika

    from core_api.messaging.chat.fanout import ChatFanoutManager
    from ops.services import rabbitmqctl

    vhost = f"fanout_{uuid.uuid4().hex[:12]}"  # not there yet: the broker is away for this node
    url = urlsplit(AMQP_URL)._replace(path="/" + vhost).geturl()
    manager = ChatFanoutManager(url, channel="kept.chat.fanout")
    for n in range(60):
        await manager._publish_batch([{"n": n}])
    assert len(manager._backlog) == 60
    try:
        async with manager._lock:  # the node's resend waits while the broker comes back and a node listens
            await asyncio.to_thread(rabbitmqctl, "add_vhost", vhost)
            await asyncio.to_thread(rabbitmqctl, "set_permissions", "-p", vhost, "guest", ".*", ".*", ".*")
            other = await aio_pika.connect(url)
            channel = await other.channel()
            exchange = await channel.declare_exchange("kept.chat.fanout", aio_pika.ExchangeType.FANOUT,
                                                      durable=True, auto_delete=True)
            queue = await channel.declare_queue(exclusive=True)
            await queue.bind(exchange)
        batches: list[dict] = []
        while sum(len(b["items"]) for b in batches) < 60:
            message = await queue.get(timeout=30, fail=False)
            if message is None:
                await asyncio.sleep(0.1)
                continue
            batches.append(manager.json.loads(message.body))
        assert [item["n"] for b in batches for item in b["items"]] == list(range(60))
        assert len(batches) == 2  # the one tried when the broker went away, as it was; then the rest as one
        assert [len(b["items"]) for b in batches] == [1, 59] and len({b["id"] for b in batches}) == 2
        assert not manager._backlog and await queue.get(fail=False) is None
        await other.close()
        await manager.publisher_connection.close()
    finally:
        await asyncio.to_thread(rabbitmqctl, "delete_vhost", vhost)


@pytest.mark.skipif(BACKEND != "postgres", reason="the fan-out runs on RabbitMQ")
async def test_an_emit_returns_only_after_the_broker_took_it():
    """A chat message is answered after its emit: a node killed right after answering must already have passed the
    message to the other nodes. The fault test lost two deliveries when the emit returned before its batch left."""
    import aio_pika

    from core_api.messaging.chat.fanout import ChatFanoutManager

    channel_name = f"confirm.{uuid.uuid4().hex[:8]}.fanout"
    other = await aio_pika.connect(AMQP_URL)
    manager = ChatFanoutManager(AMQP_URL, channel=channel_name)
    try:
        channel = await other.channel()
        exchange = await channel.declare_exchange(channel_name, aio_pika.ExchangeType.FANOUT, durable=True,
                                                  auto_delete=True)
        queue = await channel.declare_queue(exclusive=True)
        await queue.bind(exchange)
        for n in range(3):
            await manager._publish({"method": "emit", "n": n})
            flusher = manager._batcher._flusher
            assert flusher is not None
            flusher.cancel()  # the node is killed the moment its emit returns: nothing more of it runs
            await asyncio.gather(flusher, return_exceptions=True)
            message = await queue.get(timeout=5, fail=False)
            assert message is not None, f"emit {n} returned before the broker had it"
            assert [item["n"] for item in manager.json.loads(message.body)["items"]] == [n]
    finally:
        await other.close()
        if manager.publisher_connection is not None:
            await manager.publisher_connection.close()


async def _listen(manager) -> asyncio.Task:
    """The node's fan-out consumer alone (no socket server): what it takes lands in manager._inbox."""
    listening = asyncio.get_running_loop().create_task(manager._receive())
    await asyncio.wait_for(manager._bound.wait(), 30)
    return listening


async def _stop(task: asyncio.Task) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


@pytest.mark.skipif(BACKEND != "postgres", reason="the fan-out runs on RabbitMQ")
async def test_a_batch_confirmed_while_a_node_listened_nowhere_outlives_the_brokers_restart():
    """RabbitMQ's stop closes the nodes' connections one by one: a node still publishing has its batch confirmed
    into the queue of a node whose consumer is already gone. That batch must come back with the broker (the fault
    test lost six messages to a connected staff socket, sent as stop_app began, when batches were transient)."""
    from core_api.messaging.chat.fanout import ChatFanoutManager
    from tests.test_order_timeouts import restart_broker

    name = f"restart.{uuid.uuid4().hex[:8]}.fanout"
    receiver = ChatFanoutManager(AMQP_URL, channel=name)
    sender = ChatFanoutManager(AMQP_URL, channel=name)
    await _stop(await _listen(receiver))  # its queue is bound; its consumer is gone, as at the broker's stop
    await sender._publish({"method": "emit", "n": 1})  # returns once the broker confirmed it
    assert not sender._backlog
    await sender.publisher_connection.close()
    await asyncio.to_thread(restart_broker)
    receiver._bound.clear()
    listening = await _listen(receiver)
    try:
        await until(lambda: receiver._inbox == [{"method": "emit", "n": 1}], timeout=15)
    finally:
        await _stop(listening)


@pytest.mark.skipif(BACKEND != "postgres", reason="the fan-out runs on RabbitMQ")
async def test_a_batch_delivered_as_the_consumers_channel_closes_comes_again_and_is_taken_once(monkeypatch):
    """A batch the broker had sent but the node had not yet taken when its channel closed is delivered again (taken
    without acks it was gone); one taken whose ack was lost is delivered again and taken once."""
    import aio_pika

    from core_api.messaging.chat.fanout import ChatFanoutManager

    name = f"redeliver.{uuid.uuid4().hex[:8]}.fanout"
    receiver = ChatFanoutManager(AMQP_URL, channel=name)
    sender = ChatFanoutManager(AMQP_URL, channel=name)
    take = ChatFanoutManager._take
    deliveries: list[int] = []

    async def take_then_lose_the_channel(self, message: aio_pika.abc.AbstractIncomingMessage) -> None:
        deliveries.append(self.json.loads(message.body)["items"][0]["n"])
        if len(deliveries) == 1:  # the channel closes before the node takes its first delivery
            await message.channel.close()
            return
        if len(deliveries) == 2:  # taken, and the channel closes before the ack reaches the broker
            self._inbox.extend(self.json.loads(message.body)["items"])
            self._first_time(self.json.loads(message.body)["id"])
            await message.channel.close()
            return
        await take(self, message)

    monkeypatch.setattr(ChatFanoutManager, "_take", take_then_lose_the_channel)
    listening = await _listen(receiver)
    try:
        await sender._publish({"method": "emit", "n": 1})
        await until(lambda: receiver._inbox == [{"method": "emit", "n": 1}], timeout=15)
        await until(lambda: len(deliveries) >= 3, timeout=15)
        await asyncio.sleep(0.5)
        assert deliveries == [1, 1, 1] and receiver._inbox == [{"method": "emit", "n": 1}]
    finally:
        await _stop(listening)
        await sender.publisher_connection.close()


async def test_every_catalogue_emoji_is_a_drawn_image(client):
    """The icons are Twemoji drawings, not a font glyph in an SVG (an empty box without an emoji font)."""
    admin = Caller(client, await token_for(client))
    catalogue = (await admin.get("/admin/chat/v1/emoji"))["data"]
    assert len(catalogue) == 134 and catalogue[0]["icon"] == "/chat/emoji/1f600.svg"
    for entry in catalogue:
        answer = await client.get(entry["icon"])
        assert answer.status == 200 and answer.content_type == "image/svg+xml", entry
        image = await answer.text()
        assert '<svg width="64" height="64"' in image and "<path" in image and "<text" not in image, entry
    assert (await client.get("/chat/emoji/1f4a9.svg")).status == 200
    assert (await (await client.get("/chat/emoji/41.svg")).json())["code"] == 404  # "A" is not in the catalogue
