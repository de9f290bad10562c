"""In-app messages (CommonMessage) and their per-user rows (CommonMessageUser): the declarations' calls and
the two add-message calls.

add_message (v1) addresses every app user, v2 the uids it names. Both store the message (waiting) and publish
an event; a worker writes the per-user rows in batches and keeps the progress on the message (sent of total).
A message created through the generic create is a draft: it is not sent. The message-centre reads
(/admin/common_message/message and message_info) live in core_api/messaging."""

from __future__ import annotations

import re
from typing import Any, Literal

from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.content.message.models import CommonMessage, CommonMessageUser
from core_api.content.message.service import MESSAGE_ADDED, TARGET_ALL, TARGET_USERS
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import Action, F, Partner, Resource, unknown_app_users
from core_api.platform.schema import INT_MAX, Flag, Schema, dict_valued
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import BUS, CLOCK

resource = Resource(
    name="CommonMessage", model=CommonMessage, perm="content:message", title="消息管理", title_en="Messages",
    view="content/message/index",
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("title", "标题", "Title", required=True, max_length=100, filter="fragment"),
        F("content", "内容", "Content", "textarea", max_length=2000, listed=False),
        F("type", "消息类型", "Type", "dict", dict_type="biz_message_type", filter="exact", default="0"),
        F("target", "消息对象", "Audience", "dict", dict_type="biz_message_target", edit="never", filter="exact"),
        F("push_status", "推送状态", "Push status", "dict", dict_type="biz_push_status", edit="never",
          filter="exact"),
        F("sent", "已发送", "Sent", "int", edit="never"),
        F("total", "总数", "Total", "int", edit="never"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)


async def check_user_row(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if values.get("message_id") and not await CommonMessage.filter(id=values["message_id"]).exists():
        raise ServiceError("消息不存在")
    if "is_read" in values:
        was_read = before is not None and before["is_read"] == "1"
        if values["is_read"] == "1" and not was_read:
            values["read_time"] = request.app[CLOCK].now()
        elif values["is_read"] != "1":
            values["read_time"] = None


user_resource = Resource(
    name="CommonMessageUser", model=CommonMessageUser, perm="content:messageUser", title="用户消息",
    title_en="User messages", view="content/messageUser/index", check=check_user_row,
    duplicate="该用户已有这条消息",
    partner=Partner("message_reads", ("message_id", "uid", "is_read"), key=("message_id", "uid"),
                    summary="messages read"),
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("message_id", "消息编号", "Message ID", "id", required=True, min=1, edit="create", filter="exact"),
        F("uid", "用户UID", "User UID", "uid", required=True, min=1, edit="create", filter="exact"),
        F("is_read", "已读", "Read", "flag", dict_type="biz_read_flag", filter="exact", default="0"),
        F("read_time", "阅读时间", "Read at", "datetime", edit="never"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("content-message")


class AddMessageBody(Schema):
    title: str = Field(min_length=1, max_length=100, title="标题")
    content: str = Field("", max_length=2000, title="内容")
    type: Flag = Field("0", max_length=16, title="消息类型", json_schema_extra=dict_valued("biz_message_type"))


class AddMessageV2Body(AddMessageBody):
    uids: list[int] = Field(min_length=1, max_length=100_000, title="接收用户")


async def _add(request: web.Request, principal: Principal, body: AddMessageBody, target: str,
               uids: list[int] | None) -> web.Response:
    if not body.title.strip():
        raise ServiceError("标题不能为空")
    if uids is not None and any(u < 1 or u > INT_MAX for u in uids):
        raise ServiceError("接收用户的UID不正确")
    if uids and (unknown := await unknown_app_users(uids)):  # else stored as delivered to nobody
        more = f"等{len(unknown)}个" if len(unknown) > 10 else ""
        raise ServiceError(f"接收用户不存在：{','.join(map(str, unknown[:10]))}{more}")
    values: dict[str, Any] = {"title": body.title, "content": body.content, "type": body.type, "target": target,
              "target_uids": sorted(set(uids)) if uids is not None else None, "push_status": "0",
              "total": len(set(uids)) if uids is not None else 0}
    async with in_transaction():
        row = await CommonMessage.create(**values, create_by=principal.user_name,
                                         create_time=request.app[CLOCK].now())
        await resource.record(request, principal, row.id, "create", {},
                              {k: v for k, v in values.items() if k != "target_uids"})
    await request.app[BUS].publish(MESSAGE_ADDED, {"messageId": row.id})
    return ok(data={"id": row.id})


@api.post("/admin/common_message/add_message", need=any_perm("content:message:add"),
          summary="Add an in-app message to every app user (sent by a worker)",
          log=OperLogSpec("消息管理", BusinessType.INSERT))
async def add_message(request: web.Request, principal: Principal, body: AddMessageBody) -> web.Response:
    return await _add(request, principal, body, TARGET_ALL, None)


@api.post("/admin/common_message/v2/add_message", need=any_perm("content:message:add"),
          summary="Add an in-app message to the chosen app users (sent by a worker)",
          log=OperLogSpec("消息管理", BusinessType.INSERT))
async def add_message_v2(request: web.Request, principal: Principal, body: AddMessageV2Body) -> web.Response:
    return await _add(request, principal, body, TARGET_USERS, body.uids)


# ---- info push: the operator's screen for composing a push (content/infoPush/index). It lists the messages and
# their progress and sends through the same add-message path and the same worker fan-out as v1/v2.

UID_LIST = re.compile(r"[\s,，;；]+")


class InfoPushBody(AddMessageBody):
    target: Literal["all", "users"] = Field("all", title="消息对象")
    uids: list[int] | str | None = Field(None, title="接收用户")


def parse_uids(value: list[int] | str | None) -> list[int]:
    """The chosen uids, from a list or from text as an operator types it (commas, spaces or new lines)."""
    if value is None:
        return []
    if isinstance(value, str):
        parts = [p for p in UID_LIST.split(value.strip()) if p]
        if any(not p.isascii() or not p.isdigit() or len(p) > 19 for p in parts):
            raise ServiceError("接收用户的UID不正确")
        value = [int(p) for p in parts]
    if len(value) > 100_000:
        raise ServiceError("接收用户不能超过100000个")
    return value


push_resource = Resource(
    name="InfoPush", model=CommonMessage, perm="content:infoPush", title="信息推送", title_en="Info push",
    view="content/infoPush/index", shelf=None, creatable=False, editable=False, removable=False, exportable=False,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("title", "标题", "Title", max_length=100, edit="never", filter="fragment"),
        F("content", "内容", "Content", "textarea", max_length=2000, edit="never", listed=False),
        F("type", "消息类型", "Type", "dict", dict_type="biz_message_type", edit="never", filter="exact"),
        F("target", "消息对象", "Audience", "dict", dict_type="biz_message_target", edit="never", filter="exact"),
        F("push_status", "推送状态", "Push status", "dict", dict_type="biz_push_status", edit="never",
          filter="exact"),
        F("sent", "已发送", "Sent", "int", edit="never"),
        F("total", "总数", "Total", "int", edit="never"),
        F("create_by", "推送人", "Pushed by", max_length=64, edit="never"),
        F("create_time", "推送时间", "Pushed at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[Action(
        "push", "推送消息", "Push a message", "add", "admin/common_message/info_push", row=False,
        fields=(F("title", "标题", "Title", required=True, max_length=100),
                F("content", "内容", "Content", "textarea", max_length=2000),
                F("type", "消息类型", "Type", "dict", dict_type="biz_message_type", required=True),
                F("target", "消息对象", "Audience", "dict", dict_type="biz_message_target", required=True),
                F("uids", "接收用户UID（逗号或换行分隔）", "User UIDs (comma or line separated)", "textarea",
                  max_length=2_000_000)))],
)


@api.post("/admin/common_message/info_push", need=any_perm("content:infoPush:add"),
          summary="Push an in-app message to every app user or to the chosen uids (the add-message fan-out)",
          log=OperLogSpec("信息推送", BusinessType.INSERT))
async def info_push(request: web.Request, principal: Principal, body: InfoPushBody) -> web.Response:
    uids = parse_uids(body.uids)
    if body.target == TARGET_USERS and not uids:
        raise ServiceError("请填写接收用户的UID")
    if body.target == TARGET_ALL and uids:
        raise ServiceError("推送给全部用户时不能指定接收用户")
    return await _add(request, principal, body, body.target, uids if body.target == TARGET_USERS else None)
