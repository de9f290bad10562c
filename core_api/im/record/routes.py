"""Group and single chat records (NoticeImRecord, NoticeImRecordSingle): declarations only.

These are the largest tables: the lists filter by exact keys (group, uid, the conversation of two uids)
and by a time range on ``sent_time`` (which on PostgreSQL picks the month partitions), newest first. A
content fragment is deliberately not a filter: ``LIKE '%x%'`` over every month is a full scan; finding
words in messages is what the intercept records are for.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from core_api.im.record.models import ImRecord, ImRecordSingle
from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Partner, Resource

NEWEST = ("-sent_time", "-id")


def conversation_of(a: int, b: int) -> str:
    return f"{min(a, b)}_{max(a, b)}"


async def check_single(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is None and "from_uid" in values and "to_uid" in values:
        if values["from_uid"] == values["to_uid"]:
            raise ServiceError("发送方和接收方不能是同一用户")
        values["conversation"] = conversation_of(values["from_uid"], values["to_uid"])


def _message_fields() -> list[F]:
    return [
        F("msg_type", "消息类型", "Type", "dict", dict_type="biz_im_msg_type", default="text", filter="exact"),
        F("content", "消息内容", "Content", "textarea", max_length=2000),
        F("sent_time", "发送时间", "Sent at", "datetime", required=True, edit="create", filter="range",
          sortable=True),
        F("withdrawn", "已撤回", "Withdrawn", "flag", dict_type="biz_yes_no01", default="0", filter="exact"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
    ]


group_records = Resource(
    name="NoticeImRecord", model=ImRecord, perm="im:record", title="群聊记录", title_en="Group chat records",
    view="im/record/index", order=NEWEST, time_field="sent_time",
    partner=Partner("im_records", ("id", "group_id", "from_uid", "msg_type", "content", "sent_time", "withdrawn"),
                    refs={"group_id": "NoticeImGroup.group_id"}, batch=500, history=False),
    fields=[
        F("id", "编号", "ID", "id", edit="never"),
        F("group_id", "群号", "Group ID", required=True, max_length=64, edit="create", filter="exact"),
        F("from_uid", "发送方UID", "Sender UID", "uid", required=True, edit="create", filter="exact"),
        *_message_fields(),
    ],
)

single_records = Resource(
    name="NoticeImRecordSingle", model=ImRecordSingle, perm="im:recordSingle", title="单聊记录",
    title_en="Single chat records", view="im/recordSingle/index", order=NEWEST, time_field="sent_time",
    check=check_single,
    partner=Partner("im_records_single", ("id", "from_uid", "to_uid", "msg_type", "content", "sent_time", "withdrawn",
                                          "read"), batch=500, history=False),
    fields=[
        F("id", "编号", "ID", "id", edit="never"),
        F("from_uid", "发送方UID", "Sender UID", "uid", required=True, edit="create", filter="exact"),
        F("to_uid", "接收方UID", "Receiver UID", "uid", required=True, edit="create", filter="exact"),
        F("conversation", "会话", "Conversation", max_length=48, edit="never", filter="exact", listed=False),
        *_message_fields(),
        F("read", "已读", "Read", "flag", dict_type="biz_yes_no01", default="0", filter="exact"),
    ],
)
