"""Message centre calls: the list and read/delete of spec 7.3, and the counts and detail calls."""

from __future__ import annotations

import hmac
from datetime import UTC, datetime

from aiohttp import web
from pydantic import Field

from core_api.messaging.models import SysMessage
from core_api.messaging.service import ORDER_EVENT, OrderEvent, counts, message_view
from core_api.platform.api import Api
from core_api.platform.contract.messaging import CentreMessageOut, CentrePageOut, CountsAndTokenOut, MessageCountsOut
from core_api.platform.envelope import ok, page
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.html import sanitise
from core_api.platform.schema import PAGE_MAX, Schema
from core_api.platform.security import Principal
from core_api.platform.state import AUTH, BUS, SETTINGS
from core_api.system.notice.models import SysNotice

api = Api("messages")


class ListBody(Schema):
    page_no: int = Field(1, ge=1, le=PAGE_MAX, title="页码")
    page_size: int = Field(10, ge=1, le=50, title="每页条数")
    order_msg: bool = Field(False, title="订单消息")


class ReadBody(Schema):
    message_ids: list[int] = Field(title="消息", min_length=1, max_length=500)
    delete: bool = Field(False, alias="del", title="删除")


class InfoQuery(Schema):
    obj_id: int = Field(title="消息")


@api.post("/api/msg/v1/list", login_only=True, response=CentrePageOut,
          summary="The caller's system (orderMsg false) or order (true) messages, newest first, 10 a page")
async def list_messages(principal: Principal, body: ListBody) -> web.Response:
    qs = SysMessage.filter(recipient_id=principal.user_id, kind="order" if body.order_msg else "sys")
    total = await qs.count()
    rows = await qs.order_by("-id").offset((body.page_no - 1) * body.page_size).limit(body.page_size).values()
    return page([message_view(r) for r in rows], total, body.page_no, body.page_size)


@api.post("/api/msg/v1/del_read", login_only=True, response=MessageCountsOut,
          summary="Mark the caller's messages read (del false) or delete them (del true)")
async def read_or_delete(principal: Principal, body: ReadBody) -> web.Response:
    ids = list(dict.fromkeys(body.message_ids))
    mine = SysMessage.filter(recipient_id=principal.user_id, id__in=ids)
    if await mine.count() != len(ids):
        raise NotFound()  # every id must be one of the caller's own messages
    if body.delete:
        await mine.delete()
    else:
        await mine.filter(readed=False).update(readed=True, read_at=datetime.now(UTC))
    return ok(data=await counts(principal.user_id))


@api.get("/admin/common_message/message", login_only=True, response=CountsAndTokenOut,
         summary="The caller's unread counts (sysMsgNum, orderMsgNum) and chat token")
async def message_counts(request: web.Request, principal: Principal) -> web.Response:
    token = request.app[AUTH].chat_token(principal.session_id)
    return ok(data={"token": token, **await counts(principal.user_id)})


@api.get("/admin/common_message/message_info", login_only=True, response=CentreMessageOut,
         summary="One of the caller's messages in full (a notice's message with the notice's sanitised HTML in "
                 "noticeContent); reading it marks it read")
async def message_info(principal: Principal, query: InfoQuery) -> web.Response:
    rows = await SysMessage.filter(recipient_id=principal.user_id, id=query.obj_id).values()
    if not rows:
        raise NotFound()
    if not rows[0]["readed"]:
        await SysMessage.filter(id=query.obj_id).update(readed=True, read_at=datetime.now(UTC))
        rows[0]["readed"] = True
    view = message_view(rows[0])
    # the recipient of a notice's message may read that notice, without system:notice:query
    notice_id = rows[0]["source_key"].removeprefix("notice:")
    if notice_id != rows[0]["source_key"] and notice_id.isdigit():
        content = await SysNotice.filter(notice_id=int(notice_id)).values_list("notice_content", flat=True)
        view["noticeContent"] = sanitise(content[0]) if content else None  # type: ignore[arg-type]  # flat values_list
    return ok(data=view)


@api.post("/api/msg/v1/order_event", public=True,
          summary="For the order systems of partners (header X-Partner-Key): an order event becomes order "
                  "messages for the staff who handle orders")
async def partner_order_event(request: web.Request, body: OrderEvent) -> web.Response:
    key = request.app[SETTINGS].partner_key
    if not key or not hmac.compare_digest(key, request.headers.get("X-Partner-Key", "")):
        raise ServiceError("认证失败，无法访问系统资源", 401)
    await request.app[BUS].publish(ORDER_EVENT, body.model_dump(by_alias=True))
    return ok()
