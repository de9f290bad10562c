"""The chat gateway: socket.io (python-socketio on aiohttp) and the plain WebSocket form of the spec
(``/ws/chat/user_token={token}``), speaking the same JSON messages and joining the same rooms.

Fan-out between core_api nodes: socket.io through RabbitMQ (AsyncAioPikaManager, tuned in fanout.py) when a broker is
configured, and the plain WebSockets through a bus broadcast; one node and memory otherwise.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from typing import Any

import orjson
import socketio
from aiohttp import WSMsgType, web
from pydantic import ValidationError

from core_api.account.consumer.service import CONSUMER_BLOCKED, chat_standing
from core_api.auth.models import UserSession
from core_api.auth.service import SESSION_ENDED
from core_api.content.category.words import WordList, record_intercepts, screen
from core_api.messaging.chat import service
from core_api.messaging.chat.fanout import ChatFanoutManager
from core_api.messaging.chat.models import ChatRoom
from core_api.messaging.chat.routes import DESK_LIST, DESK_REPLY
from core_api.messaging.chat.tokens import ChatIdentity, peer_identity
from core_api.platform.counts import TABLE_CHANGED
from core_api.platform.errors import Forbidden, ServiceError
from core_api.platform.live import DASHBOARD_CHANGED, DASHBOARD_VIEW, dashboard_changed
from core_api.platform.schema import describe_validation_error
from core_api.platform.security import Need, any_perm
from core_api.platform.state import STORAGE
from core_api.platform.storage import stored_image
from core_api.system.user.models import SysUser

log = logging.getLogger("console.chat")
RAW_DELIVERY = "chat.raw"
DESK_ROOM = f"desk:{service.PLATFORM_DESK}"
DASHBOARD_ROOM = "dashboard"  # staff who may read the home figures hear "they changed" (platform/live.py)
DASHBOARD = any_perm(DASHBOARD_VIEW)
BLOCKED = "账号已被冻结或停用，无法使用聊天"
MUTED = "您已被禁言，无法发送消息"
HEARTBEAT_REPLY = {"messageType": "jump", "userUid": 1000, "toShopId": 0, "content": {"txt": "心跳", "type": "jump"},
                   "contentType": "txt"}


class OrJson:
    """socket.io's packets and its fan-out batches through orjson: its default, the standard library's json, was
    2–3 % of a chat node's CPU under the fault test's load. Text out, as ``json.dumps``; its errors are ValueError
    and TypeError, as the standard library's."""

    @staticmethod
    def dumps(value: Any, **_: Any) -> str:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()

    @staticmethod
    def loads(text: str | bytes, **_: Any) -> Any:
        return orjson.loads(text)


class ChatGateway:
    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.auth: Any = None
        self.bus: Any = None
        self.app: Any = None
        self.words = WordList()  # the sensitive-word list, masked in every message (content/category)
        manager = None
        if settings.amqp_url:
            manager = ChatFanoutManager(settings.amqp_url, channel=f"{settings.bus_prefix}.chat.fanout", json=OrJson)
        self.sio = socketio.AsyncServer(async_mode="aiohttp", client_manager=manager, cors_allowed_origins="*",
                                        logger=False, engineio_logger=False, json=OrJson)
        self.sio.on("connect", self._connect)
        self.sio.on("message", self._socket_message)
        self.raw: dict[str, set[web.WebSocketResponse]] = defaultdict(set)
        self.raw_sessions: dict[web.WebSocketResponse, int] = {}
        self.raw_dashboard: dict[web.WebSocketResponse, ChatIdentity] = {}  # plain sockets of the home's readers
        self.rooms: dict[tuple[str, int], ChatRoom] = {}  # a customer's room never changes identity
        self.desk_badge = DeskBadge()
        self.storage: Any = None

    def bind(self, auth: Any, bus: Any) -> None:
        """The services exist once the app starts (its cleanup context makes them)."""
        self.auth, self.bus = auth, bus
        bus.on_broadcast(RAW_DELIVERY, self._deliver_raw_here)
        bus.on_broadcast(SESSION_ENDED, self._end_sessions_here)
        bus.on_broadcast(CONSUMER_BLOCKED, self._drop_consumer_here)
        bus.on_broadcast(TABLE_CHANGED, self.words.on_table_changed)
        bus.on_broadcast(DASHBOARD_CHANGED, self._dashboard_here)

    async def start(self) -> None:
        """With a broker, this node's chat fan-out queue is bound before the node serves (fanout.py)."""
        if isinstance(self.sio.manager, ChatFanoutManager):
            await self.sio.manager.start(self.sio)

    async def stop(self) -> None:
        if isinstance(self.sio.manager, ChatFanoutManager):
            await self.sio.manager.stop()

    def attach(self, app: web.Application) -> None:
        self.app = app
        self.storage = app[STORAGE]
        self.sio.attach(app, socketio_path="socket.io")
        app.router.add_get("/ws/chat/user_token={token}", self._raw_socket)

    # ---- identity ---------------------------------------------------------------------------------

    async def identify(self, token: str) -> ChatIdentity | None:
        if not token or len(token) > 300:
            return None
        if token.startswith("p."):
            return peer_identity(self.settings.secret, token, service.now_utc().timestamp())
        session_id = await self.auth.session_for_chat_token(token)
        if session_id is None:
            return None
        rows = await UserSession.filter(id=session_id).values_list("user_id", flat=True)
        return ChatIdentity("staff", rows[0], session_id) if rows else None  # type: ignore[arg-type]

    async def still_valid(self, ident: ChatIdentity) -> bool:
        if ident.session_id is None:
            return True
        return await UserSession.filter(id=ident.session_id, expires_at__gt=service.now_utc().timestamp()).exists()

    async def admitted(self, ident: ChatIdentity) -> bool:
        """A frozen or unusable app user is let in nowhere (shops and staff: their own rules)."""
        return ident.kind != "user" or (await chat_standing(ident.id))[0]

    async def may(self, ident: ChatIdentity, need: Need) -> bool:
        """Customers may always talk in their own room; staff need the desk's permission (chat routes)."""
        if not ident.is_staff:
            return True
        cached = await self.auth.cached_user(ident.id)
        return cached is not None and need.allows(cached.authz)

    async def rooms_of(self, ident: ChatIdentity) -> list[str]:
        rooms = [ident.room]
        if ident.is_staff:
            rooms += [DESK_ROOM, f"session:{ident.session_id}"]
            if await self.may(ident, DASHBOARD):
                rooms.append(DASHBOARD_ROOM)
        return rooms

    # ---- socket.io --------------------------------------------------------------------------------

    async def _connect(self, sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        request: web.Request | None = environ.get("aiohttp.request")
        token = (auth or {}).get("token") if isinstance(auth, dict) else None
        token = token or (request.query.get("user_token") if request is not None else None) or ""
        ident = await self.identify(token)
        if ident is None:
            raise socketio.exceptions.ConnectionRefusedError("认证失败，无法访问系统资源")
        if not await self.admitted(ident):
            raise socketio.exceptions.ConnectionRefusedError(BLOCKED)
        if not await self.may(ident, DESK_LIST):
            raise socketio.exceptions.ConnectionRefusedError(Forbidden().msg)
        await self.sio.save_session(sid, {"kind": ident.kind, "id": ident.id, "session": ident.session_id})
        for room in await self.rooms_of(ident):
            await self.sio.enter_room(sid, room)
        await self.sio.emit("message", await self.badge(ident), to=sid)
        last_seen = (auth or {}).get("lastSeenId") if isinstance(auth, dict) else None
        if isinstance(last_seen, int) and not ident.is_staff:
            for payload in await self.missed(ident, last_seen):
                await self.sio.emit("message", payload, to=sid)

    async def _socket_message(self, sid: str, data: Any) -> dict[str, Any]:
        saved = await self.sio.get_session(sid)
        ident = ChatIdentity(saved["kind"], saved["id"], saved["session"])
        if not await self.still_valid(ident):
            await self.sio.disconnect(sid)
            return {"code": 401, "msg": "认证失败，无法访问系统资源"}
        return await self.handle(ident, data)

    # ---- plain WebSocket --------------------------------------------------------------------------

    async def _raw_socket(self, request: web.Request) -> web.StreamResponse:
        ident = await self.identify(request.match_info["token"])
        if ident is None:
            raise ServiceError("认证失败，无法访问系统资源", 401)
        if not await self.admitted(ident):
            raise ServiceError(BLOCKED, 403)
        if not await self.may(ident, DESK_LIST):
            raise Forbidden()
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        rooms = await self.rooms_of(ident)
        for room in rooms:
            if room != DASHBOARD_ROOM:  # the home's notices go through raw_dashboard, checked at each one
                self.raw[room].add(ws)
        if ident.session_id is not None:
            self.raw_sessions[ws] = ident.session_id
        if DASHBOARD_ROOM in rooms:
            self.raw_dashboard[ws] = ident
        try:
            await ws.send_json(await self.badge(ident))
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                if not await self.still_valid(ident):
                    break
                try:
                    data = orjson.loads(msg.data)
                except orjson.JSONDecodeError:
                    await ws.send_json({"code": 500, "msg": "消息不是有效的 JSON"})
                    continue
                await ws.send_json(await self.handle(ident, data))
        finally:
            for room in rooms:
                self.raw[room].discard(ws)
            self.raw_sessions.pop(ws, None)
            self.raw_dashboard.pop(ws, None)
        return ws

    # ---- one message, whichever the transport -----------------------------------------------------

    async def handle(self, ident: ChatIdentity, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            return {"code": 500, "msg": "消息格式不正确"}
        kind = data.get("messageType")
        if kind == "jump":
            return HEARTBEAT_REPLY
        if kind != "friend":
            return {"code": 500, "msg": "不支持的消息类型"}
        if not await self.may(ident, DESK_REPLY):
            return {"code": Forbidden.code, "msg": Forbidden().msg}
        if ident.kind == "user":
            allowed, may_send = await chat_standing(ident.id)
            if not may_send:
                return {"code": Forbidden.code, "msg": MUTED if allowed else BLOCKED}
        try:
            outgoing = service.Outgoing.model_validate(data)
            segments = outgoing.checked(self.storage)
            if ident.is_staff:
                room = await service.room_by_id(int(data.get("toShopId") or 0))
                payload = await self.send_as_staff(ident.id, room, segments, outgoing)
            else:
                avatar = self.peer_avatar(data)
                room = await self.room_of(ident, data)
                payload = await self.send_as_peer(ident, room, segments, outgoing,
                                                  str(data.get("userNickName") or room.peer_name)[:64],
                                                  avatar or room.peer_avatar)
        except ValidationError as exc:
            return {"code": 500, "msg": describe_validation_error(exc, service.Outgoing)}
        except (ServiceError, ValueError) as exc:
            return {"code": getattr(exc, "code", 500), "msg": getattr(exc, "msg", str(exc))}
        return {"code": 200, "msg": "操作成功", "data": payload}

    def peer_avatar(self, data: dict[str, Any]) -> str:
        """A customer's userImg: empty, or a file of the console's storage (never javascript:, another
        host, or a '..' that the console would resolve to one of its own calls)."""
        value = data.get("userImg") or ""
        if not isinstance(value, str) or len(value) > 500:
            raise ServiceError("头像地址不正确：只能使用本系统上传的图片")
        return stored_image(value, self.storage, "头像") if value else ""

    async def room_of(self, ident: ChatIdentity, data: dict[str, Any]) -> ChatRoom:
        room = self.rooms.get((ident.kind, ident.id))
        if room is None:
            room = await service.room_for_peer(ident, str(data.get("userNickName") or "")[:64],
                                               self.peer_avatar(data))
            self.rooms[(ident.kind, ident.id)] = room
        return room

    async def send_as_staff(self, user_id: int, room: ChatRoom, segments: list[dict[str, Any]],
                            outgoing: service.Outgoing) -> dict[str, Any]:
        user = await SysUser.get(user_id=user_id)
        sender = ChatIdentity("staff", user_id)
        segments, _ = screen(await self.words.matcher(), segments)  # masked, not recorded: staff are not app users
        message, created = await service.store(room, sender, user.nick_name, user.avatar, segments,
                                               outgoing.content_type, outgoing.client_msg_id)
        if created:
            await self.deliver(room, message)
        return service.message_payload(message, room, viewer_is_staff=True)

    async def send_as_peer(self, ident: ChatIdentity, room: ChatRoom, segments: list[dict[str, Any]],
                           outgoing: service.Outgoing, name: str, avatar: str) -> dict[str, Any]:
        segments, found = screen(await self.words.matcher(), segments)
        message, created = await service.store(room, ident, name, avatar, segments, outgoing.content_type,
                                               outgoing.client_msg_id)
        if created and found:  # a resend of the same client message id is not recorded twice
            await record_intercepts(self.app, ident.id, "service", f"room:{room.id}", found)
        if created:
            await self.deliver(room, message)
        return service.message_payload(message, room, viewer_is_staff=False)

    async def deliver(self, room: ChatRoom, message: Any) -> None:
        """To the desk's staff and to the customer, on every node, with each side's badge."""
        for_staff = service.message_payload(message, room, viewer_is_staff=True)
        peer = ChatIdentity(room.peer_kind, room.peer_id)
        for_peer = service.message_payload(message, room, viewer_is_staff=False)
        if message.from_peer:
            for_staff["badgeNum"] = await self.desk_badge.after_customer_message()
            for_staff["mp3Url"] = service.MP3_URL
        else:
            for_peer["badgeNum"] = await service.peer_unread_total(peer)
            for_peer["mp3Url"] = service.MP3_URL
        # together: each emit waits for the broker's confirm of its batch (fanout.py), both in one batch
        await asyncio.gather(self.send_to(DESK_ROOM, for_staff), self.send_to(peer.room, for_peer))
        if room.desk_shop_id == service.PLATFORM_DESK:  # a chat now waits, or no longer does
            await dashboard_changed(self.bus, "chat")

    async def send_to(self, room: str, payload: dict[str, Any]) -> None:
        await self.sio.emit("message", payload, room=room)
        await self.bus.broadcast(RAW_DELIVERY, {"room": room, "payload": payload})

    async def badge(self, ident: ChatIdentity) -> dict[str, Any]:
        count = await (self.desk_badge.value() if ident.is_staff else service.peer_unread_total(ident))
        return {"messageType": "badge", "badgeNum": count}

    async def badge_changed(self, ident: ChatIdentity) -> None:
        if ident.is_staff:
            self.desk_badge.forget()  # the desk read something: count afresh
        await self.send_to(DESK_ROOM if ident.is_staff else ident.room, await self.badge(ident))
        if ident.is_staff:
            await dashboard_changed(self.bus, "chat")  # a read conversation no longer waits

    async def missed(self, ident: ChatIdentity, last_seen: int) -> list[dict[str, Any]]:
        from core_api.messaging.chat.models import ChatMessage

        rooms = {r.id: r for r in await ChatRoom.filter(peer_kind=ident.kind, peer_id=ident.id)}
        rows = await ChatMessage.filter(room_id__in=list(rooms), id__gt=last_seen).order_by("id").limit(500).values()
        return [service.message_payload(r, rooms[r["room_id"]], viewer_is_staff=False) for r in rows]

    # ---- every node -------------------------------------------------------------------------------

    async def _deliver_raw_here(self, data: dict[str, Any]) -> None:
        sockets = list(self.raw.get(data["room"], ()))
        await asyncio.gather(*(ws.send_json(data["payload"]) for ws in sockets if not ws.closed),
                             return_exceptions=True)

    async def _dashboard_here(self, data: dict[str, Any]) -> None:
        """"The home figures changed" to this node's sockets of staff who still may read them (checked now: a
        permission taken away since the socket opened stops the notices at once)."""
        payload = {"messageType": "dashboard", "reasons": [str(r) for r in data.get("reasons", [])][:8]}
        for sid, _eio_sid in list(self.sio.manager.get_participants("/", DASHBOARD_ROOM)):
            try:
                saved = await self.sio.get_session(sid)
            except KeyError:
                continue  # gone meanwhile
            if await self.may(ChatIdentity(saved["kind"], saved["id"], saved["session"]), DASHBOARD):
                await self.sio.emit("message", payload, to=sid, ignore_queue=True)
        sockets = [ws for ws, ident in list(self.raw_dashboard.items())
                   if not ws.closed and await self.may(ident, DASHBOARD)]
        await asyncio.gather(*(ws.send_json(payload) for ws in sockets), return_exceptions=True)

    async def _end_sessions_here(self, data: dict[str, Any]) -> None:
        """A forced logout (or any end of a session) also closes that session's sockets on this node."""
        for session_id in data.get("sessionIds", []):
            room = f"session:{session_id}"
            for sid, _eio_sid in list(self.sio.manager.get_participants("/", room)):
                await self.sio.disconnect(sid, ignore_queue=True)
            for ws, sid in list(self.raw_sessions.items()):
                if sid == session_id:
                    await ws.close(code=4001, message=b"session ended")


    async def _drop_consumer_here(self, data: dict[str, Any]) -> None:
        """An app user frozen or made unusable: their sockets on this node close at once."""
        uid = data.get("uid")
        if not isinstance(uid, int):
            return
        room = ChatIdentity("user", uid).room
        for sid, _eio_sid in list(self.sio.manager.get_participants("/", room)):
            await self.sio.disconnect(sid, ignore_queue=True)
        for ws in list(self.raw.get(room, ())):
            await ws.close(code=4003, message=b"account blocked")


class DeskBadge:
    """The desk's unread total, counted in the database at most once a second per process and moved on
    by one for every customer message in between: a busy desk costs no count query per message. One
    count runs at a time (every caller in that moment shares it), and a customer's message never waits
    for one: it gets the running figure plus one while a fresh count runs. Other nodes' messages show
    within that second."""

    TTL = 1.0

    def __init__(self) -> None:
        self._value = 0
        self._at = float("-inf")
        self._counting: asyncio.Task[int] | None = None

    def forget(self) -> None:
        self._at = float("-inf")

    def _stale(self) -> bool:
        return time.monotonic() - self._at > self.TTL

    def _count(self) -> asyncio.Task[int]:
        if self._counting is None or self._counting.done():
            self._counting = asyncio.get_running_loop().create_task(self._recount())
        return self._counting

    async def _recount(self) -> int:
        self._value = await service.desk_unread_total()
        self._at = time.monotonic()
        return self._value

    async def value(self) -> int:
        if self._stale():
            return await asyncio.shield(self._count())
        return self._value

    async def after_customer_message(self) -> int:
        self._value += 1
        if self._stale():
            self._count()  # in the background; the next messages carry its figure
        return self._value
