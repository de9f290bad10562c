"""What the chat desk and the message centre answer (core_api/messaging): the desk's conversations and messages,
the emoji catalogue, the caller's messages and unread counts, and the storage credentials a chat image is
uploaded with. The socket's events carry the same message shape but are no HTTP answers."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core_api.platform.contract import Envelope, ListPage
from core_api.platform.schema import Schema

ContentType = Literal["txt", "img"]


# ---- the chat desk

class ChatSegment(Schema):
    type: ContentType
    txt: str | None = None
    text: str | None = None
    url: str | None = Field(None, description="an image's address: a catalogue emoji or a stored file")


class ChatRoomOut(Schema):
    """A conversation of the desk; ``shopId`` is the room's id."""

    shop_id: int
    receive_uid: int = Field(description="the app user's uid; 0 for a shop's conversation")
    receive_shop_id: int = Field(description="the shop's id; 0 for an app user's conversation")
    receive_shop_type: int
    to_name: str
    to_head_img: str
    last_message: str
    content_type: str = Field(description="the last message's: txt or img")
    message_num: int = Field(description="messages the desk has not read")
    status: Literal["open", "pending", "resolved"]
    assignee_id: int | None
    last_message_time: str | None


class ChatMessageOut(Schema):
    id: int
    message_type: Literal["friend"]
    content: list[ChatSegment]
    content_type: ContentType
    message_time: str
    self: bool = Field(description="written by the viewer's side (the desk)")
    to_shop_id: int
    receive_uid: int
    receive_shop_id: int
    to_shop_type: int
    user_uid: int = Field(description="the sender's id")
    user_img: str
    user_nick_name: str
    client_msg_id: str | None


class ChatRoomPage(ListPage):
    data: list[ChatRoomOut]  # type: ignore[assignment]  # the rows of this page


class ChatRoomsOut(Envelope):
    msg: str = "查询成功"
    data: ChatRoomPage


class ChatMessagePage(ListPage):
    data: list[ChatMessageOut]  # type: ignore[assignment]


class ChatHistoryOut(Envelope):
    msg: str = "查询成功"
    data: ChatMessagePage


class ChatSentOut(Envelope):
    data: ChatMessageOut


class DeskBadge(Schema):
    badge_num: int = Field(description="customers' messages the desk has not read, over every conversation")


class DeskBadgeOut(Envelope):
    data: DeskBadge


class EmojiEntry(Schema):
    id: int
    type: str
    title: str
    icon: str
    emoji: str
    unified: str


class EmojiOut(Envelope):
    data: list[EmojiEntry]


class UploadCredentials(Schema):
    visit_prefix: str
    token: str = Field(description="base64 JSON {url, fields}: where and with which form fields to upload")
    folder_path: str


class UploadCredentialsOut(Envelope):
    data: UploadCredentials


# ---- the message centre

class CentreMessage(Schema):
    obj_id: int
    title: str
    content: str
    readed: bool
    message_type: int = Field(description="e.g. 1901 an order placed (opens the order), 1801 an export done")
    type_no: str = Field(description="what the message is about: an order number, an export's id")
    create_time: str | None


class CentreMessageDetail(CentreMessage):
    notice_content: str | None = Field(None, description="a notice's message: the notice's sanitised HTML")


class CentrePage(ListPage):
    data: list[CentreMessage]  # type: ignore[assignment]


class CentrePageOut(Envelope):
    msg: str = "查询成功"
    data: CentrePage


class MessageCounts(Schema):
    sys_msg_num: int
    order_msg_num: int


class MessageCountsOut(Envelope):
    data: MessageCounts


class CountsAndToken(MessageCounts):
    token: str = Field(description="the chat token (tokenIm) of this session")


class CountsAndTokenOut(Envelope):
    data: CountsAndToken


class CentreMessageOut(Envelope):
    data: CentreMessageDetail
