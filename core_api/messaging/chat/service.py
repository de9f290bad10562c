"""Customer-service chat: rooms, messages, unread counts from last-read ids, delivery payloads."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any, Literal

import orjson
from pydantic import Field
from tortoise import connections
from tortoise.exceptions import IntegrityError
from tortoise.expressions import Case, F, Value, When
from tortoise.transactions import in_transaction

from core_api.messaging.chat.models import ChatMessage, ChatRoom
from core_api.messaging.chat.tokens import ChatIdentity
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.schema import Schema, StrictSchema
from core_api.platform.sql import placeholders
from core_api.platform.storage import stored_image
from core_api.platform.timefmt import fmt

PLATFORM_DESK = 0
MP3_URL = "/chat/sound/notify.wav"
EMOJI_ICON = re.compile(r"/chat/emoji/[0-9a-f]{1,6}\.svg")  # the catalogue's icons (emoji.py)


class Segment(StrictSchema):
    type: Literal["txt", "img"]
    txt: str | None = Field(None, max_length=2000)
    text: str | None = Field(None, max_length=2000)
    url: str | None = Field(None, max_length=500)  # whose address it may be: Outgoing.checked()


class Outgoing(Schema):
    content: list[Segment] = Field(min_length=1, max_length=50, title="消息内容")
    content_type: Literal["txt", "img"] = Field("txt", title="消息类型")
    client_msg_id: str | None = Field(None, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$")

    def checked(self, storage: Any = None) -> list[dict[str, Any]]:
        """The segments to store; an image must be a catalogue emoji or a file of the console's storage
        (without ``storage``, of its local disk only)."""
        segments = [s.model_dump(exclude_none=True) for s in self.content]
        for s in segments:
            if s["type"] == "img" and s.get("url") and not EMOJI_ICON.fullmatch(s["url"]):
                stored_image(s["url"], storage)
        if self.content_type == "txt" and not any((s.get("txt") or s.get("text") or "").strip() or s["type"] == "img"
                                                 for s in segments):
            raise ServiceError("请输入要发送的内容")
        if self.content_type == "img" and not any(s["type"] == "img" and s.get("url") for s in segments):
            raise ServiceError("请选择要发送的图片")
        return segments


def preview(segments: list[dict[str, Any]], content_type: str) -> str:
    if content_type == "img":
        return "[图片]"
    text = "".join(s.get("txt") or s.get("text") or "" for s in segments)
    return text[:200]


async def room_for_peer(peer: ChatIdentity, name: str = "", avatar: str = "", shop_type: int = 0) -> ChatRoom:
    # A plain look-up, then one autocommit insert that the unique index arbitrates: one commit for a new
    # room, none for a known one (get_or_create would spend a transaction and a row lock on every call).
    key: dict[str, Any] = {"desk_shop_id": PLATFORM_DESK, "peer_kind": peer.kind, "peer_id": peer.id}
    room = await ChatRoom.get_or_none(**key)
    if room is None:
        try:
            return await ChatRoom.create(**key, peer_name=name or f"{peer.kind}{peer.id}", peer_avatar=avatar,
                                         peer_shop_type=shop_type)
        except IntegrityError:  # another node or socket made it first
            room = await ChatRoom.get(**key)
    if (name and name != room.peer_name) or (avatar and avatar != room.peer_avatar):
        room.peer_name, room.peer_avatar = name or room.peer_name, avatar or room.peer_avatar
        await room.save(update_fields=["peer_name", "peer_avatar"])
    return room


async def room_by_id(room_id: int) -> ChatRoom:
    room = await ChatRoom.get_or_none(id=room_id)
    if room is None:
        raise NotFound()
    return room


# PostgreSQL: the message and its room's summary in one statement, so one round trip and one commit per
# message (the chat's hot path; the ORM's transaction costs four). A resend hits the unique index and
# inserts nothing, and then the room is left as it is.
STORE_PG = """
WITH m AS (
  INSERT INTO chat_message (room_id, from_peer, sender_id, sender_name, sender_avatar, content, content_type,
                            client_msg_id, create_time)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  ON CONFLICT DO NOTHING
  RETURNING id
), r AS (
  UPDATE chat_room SET last_message_id = m.id, last_preview = $10, last_content_type = $7, last_message_at = $9,
    peer_read_id = CASE WHEN $2 THEN m.id ELSE chat_room.peer_read_id END,
    staff_read_id = CASE WHEN $2 THEN chat_room.staff_read_id ELSE m.id END,
    status = CASE WHEN $2 AND chat_room.status = 'resolved' THEN 'open' ELSE chat_room.status END
  FROM m WHERE chat_room.id = $1
)
SELECT id FROM m
"""


async def store(room: ChatRoom, sender: ChatIdentity, name: str, avatar: str, segments: list[dict[str, Any]],
                content_type: str, client_msg_id: str | None) -> tuple[ChatMessage, bool]:
    """(message, created). A resend with the same client message id returns the first one (the unique
    index decides, no look-up first)."""
    from_peer = not sender.is_staff
    content = orjson.dumps(segments).decode()
    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        at = now_utc()
        rows = await conn.execute_query_dict(STORE_PG, [room.id, from_peer, sender.id, name, avatar, content,
                                                        content_type, client_msg_id, at,
                                                        preview(segments, content_type)])
        if not rows:
            return await _first_sent(room, from_peer, sender, client_msg_id), False
        message = ChatMessage(id=rows[0]["id"], room_id=room.id, from_peer=from_peer, sender_id=sender.id,
                              sender_name=name, sender_avatar=avatar, content=content, content_type=content_type,
                              client_msg_id=client_msg_id, create_time=at)
        room.last_message_id = message.id
        return message, True
    try:
        async with in_transaction():
            message = await ChatMessage.create(room_id=room.id, from_peer=from_peer, sender_id=sender.id,
                                               sender_name=name, sender_avatar=avatar, content=content,
                                               content_type=content_type, client_msg_id=client_msg_id)
            changes: dict[str, Any] = {"last_message_id": message.id, "last_preview": preview(segments, content_type),
                                       "last_content_type": content_type, "last_message_at": message.create_time}
            if from_peer:
                changes["peer_read_id"] = message.id
                # The customer wrote again: a resolved conversation opens.
                changes["status"] = Case(When(status="resolved", then=Value("open")),  # type: ignore[arg-type]  # a Value is a term
                                         default=F("status"))
            else:
                changes["staff_read_id"] = message.id
            await ChatRoom.filter(id=room.id).update(**changes)
    except IntegrityError:
        return await _first_sent(room, from_peer, sender, client_msg_id), False
    room.last_message_id = message.id
    return message, True


async def _first_sent(room: ChatRoom, from_peer: bool, sender: ChatIdentity, client_msg_id: str | None) -> ChatMessage:
    if not client_msg_id:
        raise IntegrityError("chat message refused by the database")
    return await ChatMessage.get(room_id=room.id, from_peer=from_peer, sender_id=sender.id,
                                 client_msg_id=client_msg_id)


def message_payload(message: ChatMessage | dict[str, Any], room: ChatRoom, viewer_is_staff: bool) -> dict[str, Any]:
    m = message if isinstance(message, dict) else {
        "id": message.id, "from_peer": message.from_peer, "sender_id": message.sender_id,
        "sender_name": message.sender_name, "sender_avatar": message.sender_avatar, "content": message.content,
        "content_type": message.content_type, "create_time": message.create_time,
        "client_msg_id": message.client_msg_id}
    return {
        "id": m["id"],
        "messageType": "friend",
        "content": orjson.loads(m["content"]),
        "contentType": m["content_type"],
        "messageTime": fmt(m["create_time"]),
        "self": m["from_peer"] != viewer_is_staff,
        "toShopId": room.id,
        "receiveUid": room.peer_id if room.peer_kind == "user" else 0,
        "receiveShopId": room.peer_id if room.peer_kind == "shop" else 0,
        "toShopType": room.peer_shop_type,
        "userUid": m["sender_id"],
        "userImg": m["sender_avatar"],
        "userNickName": m["sender_name"],
        "clientMsgId": m["client_msg_id"],
    }


def room_payload(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "shopId": row["id"],
        "receiveUid": row["peer_id"] if row["peer_kind"] == "user" else 0,
        "receiveShopId": row["peer_id"] if row["peer_kind"] == "shop" else 0,
        "receiveShopType": row["peer_shop_type"],
        "toName": row["peer_name"],
        "toHeadImg": row["peer_avatar"],
        "lastMessage": row["last_preview"] or "暂无消息",
        "contentType": row["last_content_type"],
        "messageNum": row.get("unread", 0),
        "status": row["status"],
        "assigneeId": row.get("assignee_id"),
        "lastMessageTime": fmt(row["last_message_at"]),
    }


async def unread_by_room(room_ids: list[int], staff_side: bool) -> dict[int, int]:
    """Unread messages per room for one side: the other side's messages after its last-read id."""
    if not room_ids:
        return {}
    conn = connections.get("default")
    read_col, from_peer = ("staff_read_id", "TRUE") if staff_side else ("peer_read_id", "FALSE")
    marks = ", ".join(placeholders(conn, len(room_ids)))
    sql = (f"SELECT m.room_id AS room_id, COUNT(*) AS n FROM chat_message m JOIN chat_room r ON r.id = m.room_id "
           f"WHERE r.id IN ({marks}) AND m.from_peer = {from_peer} AND m.id > r.{read_col} GROUP BY m.room_id")
    rows = await conn.execute_query_dict(sql, room_ids)
    return {int(r["room_id"]): int(r["n"]) for r in rows}


async def desk_unread_total(desk: int = PLATFORM_DESK) -> int:
    """Messages from customers the desk has not read, over all its rooms (one query)."""
    conn = connections.get("default")
    (mark,) = placeholders(conn, 1)
    rows = await conn.execute_query_dict(
        "SELECT COUNT(*) AS n FROM chat_message m JOIN chat_room r ON r.id = m.room_id "
        f"WHERE r.desk_shop_id = {mark} AND r.last_message_id > r.staff_read_id "  # rooms with news only
        "AND m.from_peer = TRUE AND m.id > r.staff_read_id", [desk])
    return int(rows[0]["n"])


async def desk_waiting_rooms(desk: int = PLATFORM_DESK) -> int:
    """The desk's conversations with a customer message it has not read: the chats waiting for an answer."""
    conn = connections.get("default")
    (mark,) = placeholders(conn, 1)
    rows = await conn.execute_query_dict(
        "SELECT COUNT(DISTINCT r.id) AS n FROM chat_room r JOIN chat_message m ON m.room_id = r.id "
        f"WHERE r.desk_shop_id = {mark} AND r.last_message_id > r.staff_read_id "
        "AND m.from_peer = TRUE AND m.id > r.staff_read_id", [desk])
    return int(rows[0]["n"])


async def peer_unread_total(peer: ChatIdentity) -> int:
    conn = connections.get("default")
    a, b = placeholders(conn, 2)
    rows = await conn.execute_query_dict(
        "SELECT COUNT(*) AS n FROM chat_message m JOIN chat_room r ON r.id = m.room_id "
        f"WHERE r.peer_kind = {a} AND r.peer_id = {b} AND m.from_peer = FALSE AND m.id > r.peer_read_id",
        [peer.kind, peer.id])
    return int(rows[0]["n"])


async def mark_read(room: ChatRoom, by_staff: bool) -> None:
    field = "staff_read_id" if by_staff else "peer_read_id"
    await ChatRoom.filter(id=room.id).update(**{field: room.last_message_id})


def now_utc() -> datetime:
    return datetime.now(UTC)
