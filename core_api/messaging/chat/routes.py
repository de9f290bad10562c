"""Customer-service chat calls (spec 7.4, with real paths) and the peer-token call for partners."""

from __future__ import annotations

import io
import math
import struct
import wave

from aiohttp import web
from pydantic import Field

from core_api.messaging.chat import service
from core_api.messaging.chat.emoji import CATALOGUE, svg
from core_api.messaging.chat.models import ChatMessage, ChatRoom
from core_api.messaging.chat.tokens import PEER_KINDS, ChatIdentity, peer_token
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract.messaging import ChatHistoryOut, ChatRoomsOut, ChatSentOut, DeskBadgeOut, EmojiOut
from core_api.platform.envelope import ok, page
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.partner import check_partner_key
from core_api.platform.schema import PAGE_MAX, Schema, StrictSchema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import AUTH, CHAT, CLOCK, KV, SETTINGS, STORAGE
from core_api.platform.storage import stored_image
from core_api.system.user.models import SysUser

api = Api("chat")
# The service desk's permissions (MENUS.md 客服中心): read the conversations; reply, claim and close them;
# hand them to a colleague. The staff socket checks the first two as well (gateway.py).
DESK_LIST = any_perm("chat:desk:list")
DESK_REPLY = any_perm("chat:desk:reply")
DESK_TRANSFER = any_perm("chat:desk:transfer")
ANCHOR_TTL = 3600


class RoomsBody(Schema):
    page_no: int = Field(1, ge=1, le=PAGE_MAX, title="页码")
    page_size: int = Field(10, ge=1, le=50, title="每页条数")
    status: str | None = Field(None, pattern=r"^(open|pending|resolved)$")


class HistoryBody(Schema):
    page_no: int = Field(1, ge=1, le=PAGE_MAX, title="页码")
    page_size: int = Field(10, ge=1, le=50, title="每页条数")
    shop_id: int | None = Field(None, title="会话")
    receive_uid: int | None = Field(None, title="用户")
    anchor_id: int | None = Field(None, description="the newest id of page 1; the server remembers it too")


class SendBody(service.Outgoing):
    to_shop_id: int | None = Field(None, title="会话")
    receive_uid: int | None = Field(None, title="用户")
    to_shop_type: int | None = None
    message_type: str = Field("friend", pattern=r"^friend$")


class RoomRef(StrictSchema):
    shop_id: int = Field(title="会话")


class TransferBody(RoomRef):
    user_id: int = Field(title="接手人")


class StatusBody(RoomRef):
    status: str = Field(title="状态", pattern=r"^(open|pending|resolved)$")


class PeerTokenBody(StrictSchema):
    kind: str = Field(title="类型", pattern=r"^(user|shop)$")
    peer_id: int = Field(title="编号", ge=1)
    name: str = Field("", title="名称", max_length=64)
    avatar: str = Field("", title="头像", max_length=500)
    shop_type: int = Field(0, title="店铺类型", ge=0, le=99)


async def room_from(body: HistoryBody | SendBody) -> ChatRoom:
    room_id = body.shop_id if isinstance(body, HistoryBody) else body.to_shop_id
    if room_id:
        return await service.room_by_id(room_id)
    if body.receive_uid:
        room = await ChatRoom.get_or_none(desk_shop_id=service.PLATFORM_DESK, peer_kind="user",
                                          peer_id=body.receive_uid)
        if room is None:
            raise NotFound()
        return room
    raise ServiceError("请指定会话")


@api.post("/admin/chat/v1/rooms", need=DESK_LIST, response=ChatRoomsOut,
          summary="The service desk's conversations, latest first, 10 a page, with unread counts")
async def rooms(body: RoomsBody) -> web.Response:
    qs = ChatRoom.filter(desk_shop_id=service.PLATFORM_DESK)
    if body.status:
        qs = qs.filter(status=body.status)
    total = await qs.count()
    rows = await qs.order_by("-last_message_id", "-id").offset((body.page_no - 1) * body.page_size) \
        .limit(body.page_size).values()
    unread = await service.unread_by_room([r["id"] for r in rows], staff_side=True)
    items = [service.room_payload({**r, "unread": unread.get(r["id"], 0)}) for r in rows]
    return page(items, total, body.page_no, body.page_size)


@api.post("/admin/chat/v1/history", need=DESK_LIST, response=ChatHistoryOut,
          summary="A conversation's messages, newest first, 10 a page, anchored at page 1's newest message")
async def history(request: web.Request, principal: Principal, body: HistoryBody) -> web.Response:
    room = await room_from(body)
    key = f"chat_anchor:{principal.session_id}:{room.id}"
    if body.page_no == 1:
        anchor = room.last_message_id
        await request.app[KV].set(key, str(anchor), ANCHOR_TTL)
        await service.mark_read(room, by_staff=True)
        await request.app[CHAT].badge_changed(ChatIdentity("staff", principal.user_id))
    else:
        remembered = await request.app[KV].get(key)
        anchor = body.anchor_id or (int(remembered) if remembered else room.last_message_id)
    qs = ChatMessage.filter(room_id=room.id, id__lte=anchor)
    total = await qs.count()
    rows = await qs.order_by("-id").offset((body.page_no - 1) * body.page_size).limit(body.page_size).values()
    items = [service.message_payload(r, room, viewer_is_staff=True) for r in rows]
    response = page(items, total, body.page_no, body.page_size)
    response.headers["X-Anchor-Id"] = str(anchor)
    return response


@api.post("/admin/single/send", need=DESK_REPLY, response=ChatSentOut,
          summary="Send a message (segments) to a conversation as the signed-in staff member")
async def send(request: web.Request, principal: Principal, body: SendBody) -> web.Response:
    room = await room_from(body)
    segments = body.checked(request.app[STORAGE])
    payload = await request.app[CHAT].send_as_staff(principal.user_id, room, segments, body)
    return ok(data=payload)


@api.post("/admin/chat/v1/read", need=DESK_LIST, response=DeskBadgeOut, summary="Mark a conversation read for the desk")
async def read(request: web.Request, principal: Principal, body: RoomRef) -> web.Response:
    await service.mark_read(await service.room_by_id(body.shop_id), by_staff=True)
    await request.app[CHAT].badge_changed(ChatIdentity("staff", principal.user_id))
    return ok(data={"badgeNum": await service.desk_unread_total()})


@api.post("/admin/chat/v1/claim", need=DESK_REPLY, summary="Take a conversation",
          log=OperLogSpec("客服会话", BusinessType.UPDATE))
async def claim(principal: Principal, body: RoomRef) -> web.Response:
    room = await service.room_by_id(body.shop_id)
    await ChatRoom.filter(id=room.id).update(assignee_id=principal.user_id, status="open")
    return ok()


@api.post("/admin/chat/v1/transfer", need=DESK_TRANSFER,
          summary="Hand a conversation to another staff member, with a note in it",
          log=OperLogSpec("客服会话", BusinessType.UPDATE))
async def transfer(request: web.Request, principal: Principal, body: TransferBody) -> web.Response:
    room = await service.room_by_id(body.shop_id)
    target = await SysUser.get_or_none(user_id=body.user_id, status="0", del_flag="0")
    if target is None:
        raise ServiceError("接手人不存在或已停用")
    cached = await request.app[AUTH].cached_user(target.user_id)
    if cached is None or not DESK_LIST.allows(cached.authz):
        raise ServiceError("接手人没有客服会话权限")
    await ChatRoom.filter(id=room.id).update(assignee_id=target.user_id)
    note = service.Outgoing(content=[service.Segment(type="txt", txt=f"会话已转交给 {target.nick_name}")])
    await request.app[CHAT].send_as_staff(principal.user_id, room, note.checked(), note)
    return ok()


@api.post("/admin/chat/v1/status", need=DESK_REPLY, summary="Set a conversation open, pending or resolved",
          log=OperLogSpec("客服会话", BusinessType.UPDATE))
async def set_status(body: StatusBody) -> web.Response:
    room = await service.room_by_id(body.shop_id)
    await ChatRoom.filter(id=room.id).update(status=body.status)
    return ok()


@api.get("/admin/chat/v1/emoji", need=DESK_LIST, response=EmojiOut,
         summary="The emoji catalogue (id, type, title, icon, emoji, unified)")
async def emoji() -> web.Response:
    return ok(data=CATALOGUE)


@api.get("/chat/emoji/{code:[0-9a-f]{1,6}}.svg", public=True, file="image/svg+xml", summary="One emoji's icon")
async def emoji_icon(code: str) -> web.Response:
    image = svg(code)
    if image is None:
        raise NotFound()
    return web.Response(text=image, content_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=604800", "X-Content-Type-Options": "nosniff"})


def _chime() -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        frames = b"".join(struct.pack("<h", int(9000 * math.sin(2 * math.pi * (880 if i < 2400 else 660) * i / 16000)
                                                * (1 - i / 6400))) for i in range(6400))
        w.writeframes(frames)
    return buf.getvalue()


CHIME = _chime()


@api.get("/chat/sound/notify.wav", public=True, file="audio/wav", summary="The notification sound of a new message")
async def sound() -> web.Response:
    return web.Response(body=CHIME, content_type="audio/wav", headers={"Cache-Control": "public, max-age=604800"})


@api.post("/api/chat/v1/peer_token", public=True,
          summary="For the mobile app's server and partner systems (header X-Partner-Key): a chat token for "
                  "an app user or a shop, valid seven days")
async def issue_peer_token(request: web.Request, body: PeerTokenBody) -> web.Response:
    check_partner_key(request)  # the older partner header; new partner calls are signed (platform/partner.py)
    assert body.kind in PEER_KINDS
    if body.kind == "user":
        from core_api.account.consumer.service import chat_standing

        if not (await chat_standing(body.peer_id))[0]:
            raise ServiceError("账号已被冻结或停用，无法使用聊天", 403)
    peer = ChatIdentity(body.kind, body.peer_id)
    avatar = stored_image(body.avatar, request.app[STORAGE], "头像") if body.avatar else ""
    await service.room_for_peer(peer, body.name, avatar, body.shop_type)
    token = peer_token(request.app[SETTINGS].secret, body.kind, body.peer_id, request.app[CLOCK].time())
    return ok(data={"token": token})


