"""Notices (RuoYi /system/notice); the content is sanitised rich text."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field

from core_api.messaging.models import SysMessage
from core_api.messaging.service import NOTICE_PUBLISHED
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import NoticeOut
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound
from core_api.platform.html import RichText, sanitise
from core_api.platform.paging import ListQuery, camel_row, page_of, parse_ids
from core_api.platform.schema import EditSchema, Flag, Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import BUS, CLOCK
from core_api.system.notice.models import SysNotice

api = Api("notice")
LIST_FIELDS = ("notice_id", "notice_title", "notice_type", "status", "create_by", "create_time", "update_by",
               "update_time", "remark")
SORTS = {"noticeId": "notice_id", "createTime": "create_time"}


class NoticeQuery(ListQuery):
    notice_title: str | None = Field(None, max_length=50)
    create_by: str | None = Field(None, max_length=64)
    notice_type: Flag | None = Field(None, pattern=r"^[12]$")
    status: Flag | None = Field(None, pattern=r"^[01]$")


class NoticeBody(EditSchema):
    notice_id: int | None = None
    notice_title: str = Field(title="公告标题", min_length=1, max_length=50)
    notice_type: Flag = Field(title="公告类型", pattern=r"^[12]$")
    notice_content: RichText = Field("", title="内容", max_length=200_000)
    status: Flag = Field("0", title="状态", pattern=r"^[01]$")
    remark: str | None = Field(None, title="备注", max_length=255)


@api.get("/system/notice/list", need=any_perm("system:notice:list"), summary="Notices, paged")
async def list_notices(request: web.Request, query: NoticeQuery) -> web.Response:
    qs = SysNotice.all()
    if query.notice_title:
        qs = qs.filter(notice_title__icontains=query.notice_title)
    if query.create_by:
        qs = qs.filter(create_by__icontains=query.create_by)
    if query.notice_type:
        qs = qs.filter(notice_type=query.notice_type)
    if query.status:
        qs = qs.filter(status=query.status)
    rows, total = await page_of(qs, query, SORTS, ["-notice_id"], *LIST_FIELDS, app=request.app, table="sys_notice")
    return table([camel_row(r) for r in rows], total)


@api.get(r"/system/notice/{noticeId:\d+}", need=any_perm("system:notice:query"), summary="One notice",
         response=NoticeOut)
async def get_notice(noticeId: int) -> web.Response:  # noqa: N803 - the contract's name
    rows = await SysNotice.filter(notice_id=noticeId).values(*LIST_FIELDS, "notice_content")
    if not rows:
        raise NotFound()
    return ok(data=camel_row(rows[0]))


def values(body: NoticeBody) -> dict:
    return {"notice_title": body.notice_title, "notice_type": body.notice_type,
            "notice_content": sanitise(body.notice_content), "status": body.status, "remark": body.remark}


@api.post("/system/notice", need=any_perm("system:notice:add"), summary="Create a notice",
          log=OperLogSpec("通知公告", BusinessType.INSERT))
async def create_notice(request: web.Request, principal: Principal, body: NoticeBody) -> web.Response:
    notice = await SysNotice.create(**values(body), **created(request, principal))
    await changed(request.app, "sys_notice")
    await publish_if_open(request, notice.notice_id, body)
    return ok()


async def publish_if_open(request: web.Request, notice_id: int, body: NoticeBody) -> None:
    """An open notice reaches every user's message centre (once, however often it is saved)."""
    if body.status == "0":
        await request.app[BUS].publish(NOTICE_PUBLISHED, {"noticeId": notice_id, "title": body.notice_title,
                                                          "noticeType": body.notice_type})


@api.put("/system/notice", need=any_perm("system:notice:edit"), summary="Update a notice",
         log=OperLogSpec("通知公告", BusinessType.UPDATE))
async def update_notice(request: web.Request, principal: Principal, body: NoticeBody) -> web.Response:
    if not body.notice_id or not await SysNotice.filter(notice_id=body.notice_id).exists():
        raise NotFound()
    await SysNotice.filter(notice_id=body.notice_id).update(**values(body), **updated(request, principal))
    await changed(request.app, "sys_notice")
    await publish_if_open(request, body.notice_id, body)
    return ok()


@api.delete(r"/system/notice/{noticeIds:[\d,]+}", need=any_perm("system:notice:remove"), summary="Delete notices",
            log=OperLogSpec("通知公告", BusinessType.DELETE))
async def delete_notices(request: web.Request, noticeIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(noticeIds)
    if await SysNotice.filter(notice_id__in=ids).count() != len(set(ids)):
        raise NotFound()
    await SysNotice.filter(notice_id__in=ids).delete()
    await changed(request.app, "sys_notice")
    return ok()


TOP_COUNT = 5  # the header's bell shows the newest few; the notice list has the rest


class ReadQuery(Schema):
    notice_id: int = Field(title="公告")


class ReadAllQuery(Schema):
    ids: str = Field(title="公告", pattern=r"^\d+(,\d+)*$")


def _notice_sources(ids: list[int]) -> list[str]:
    return [f"notice:{i}" for i in ids]


@api.get("/system/notice/listTop", login_only=True,
         summary="The newest open notices for the header, each with the caller's read state, and the unread count")
async def list_top(principal: Principal) -> web.Response:
    rows = await SysNotice.filter(status="0").order_by("-notice_id").limit(TOP_COUNT).values(
        "notice_id", "notice_title", "notice_type", "notice_content", "status", "create_by", "create_time")
    # Open notices reach every user's message centre, so their text comes along: a console shows it
    # without the notice-query permission. The read state is the caller's message-centre entry for the
    # notice; one published before they existed has none and counts as read.
    unread = set(await SysMessage.filter(recipient_id=principal.user_id, readed=False,
                                         source_key__in=_notice_sources([r["notice_id"] for r in rows]))
                 .values_list("source_key", flat=True))
    data = [{**camel_row(r), "isRead": f"notice:{r['notice_id']}" not in unread} for r in rows]
    return ok(data=data, unreadCount=len(unread))


async def mark_read(request: web.Request, principal: Principal, ids: list[int]) -> None:
    await SysMessage.filter(recipient_id=principal.user_id, readed=False, source_key__in=_notice_sources(ids)) \
        .update(readed=True, read_at=request.app[CLOCK].now())


@api.post("/system/notice/markRead", login_only=True, summary="Mark one notice read for the caller (noticeId=)")
async def mark_notice_read(request: web.Request, principal: Principal, query: ReadQuery) -> web.Response:
    await mark_read(request, principal, [query.notice_id])
    return ok()


@api.post("/system/notice/markReadAll", login_only=True, summary="Mark notices read for the caller (ids=1,2)")
async def mark_notices_read(request: web.Request, principal: Principal, query: ReadAllQuery) -> web.Response:
    await mark_read(request, principal, parse_ids(query.ids))
    return ok()
