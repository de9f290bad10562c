"""Feedback (CommonFeedback): the declaration's calls, ban website, and the alternate list_data, del and
idea_submit.

An operator handles a feedback by writing a reply: the first reply marks it handled (who, when). Ban website
puts the host of the feedback's website on the banned-site list (content_banned_site, one row per host);
banning a host already there changes nothing and says so. idea_submit files a feedback on behalf of an app
user (an operator taking an idea by phone or chat): the uid and the content come in the query."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from pydantic import Field
from tortoise.exceptions import IntegrityError

from core_api.content.common import delete_one, page_of, save
from core_api.content.feedback.models import BannedSite, CommonFeedback
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import ListPageOut
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import Action, F, Partner, Resource
from core_api.platform.schema import INT_MAX, Flag, Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, PRINCIPAL

PENDING, HANDLED = "0", "1"


def host_of(url: str) -> str | None:
    parts = urlsplit(url.strip() if "://" in url else "http://" + url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or "." not in parts.hostname:
        return None
    return parts.hostname.lower().rstrip(".")


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if values.get("website") and host_of(values["website"]) is None:
        raise ServiceError("网址格式不正确")
    if values.get("reply") and (before is None or before["status"] == PENDING):
        principal = request.get(PRINCIPAL)
        values.update(status=HANDLED, handled_by=principal.user_name if principal else "",
                      handled_time=request.app[CLOCK].now())


resource = Resource(
    name="CommonFeedback", model=CommonFeedback, perm="content:feedback", title="意见反馈",
    menu_buttons=("query", "add", "edit", "remove", "shelf", "export", "banWebsite"),  # as seeded, not as derived
    title_en="Feedback", view="content/feedback/index", check=check, partner=Partner(
        "feedback", ("uid", "type", "content", "images", "contact", "website", "create_time"), summary="idea submit",
        actor="uid"),
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("uid", "用户UID", "User UID", "uid", required=True, edit="create", filter="exact"),
        F("type", "反馈类型", "Type", "dict", dict_type="biz_feedback_type", filter="exact", default="0"),
        F("content", "反馈内容", "Content", "textarea", required=True, max_length=2000, filter="fragment"),
        F("images", "图片", "Images", "images", listed=False),
        F("contact", "联系方式", "Contact", max_length=64),
        F("website", "网址", "Website", max_length=500),
        F("status", "处理状态", "Status", "dict", dict_type="biz_feedback_status", edit="never", filter="exact"),
        F("reply", "回复", "Reply", "textarea", max_length=500, listed=False),
        F("handled_by", "处理人", "Handled by", edit="never"),
        F("handled_time", "处理时间", "Handled at", "datetime", edit="never"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "提交时间", "Submitted at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[
        Action("byUser", "该用户反馈", "This user's feedback", "query", "content/feedback/user", method="LINK",
               params={"uid": "uid"}),
        Action("byGroup", "同类反馈", "Feedback of this type", "query", "content/feedback/group", method="LINK",
               params={"type": "type"}),
        Action("links", "封禁网站", "Banned websites", "query", "content/feedback/link", method="LINK",
               params={"feedbackId": "id"}),
    ],
)

# ---- the hidden sub-pages (content:feedback:query): read-only lists opened from a feedback row with a filter
# in the query. group: the feedback of one type; user: one app user's feedback; link: the banned websites.
SUB_PAGE: dict[str, Any] = {"perm": "content:feedback", "list_perm": "content:feedback:query", "shelf": None,
                            "creatable": False, "editable": False, "removable": False, "exportable": False}


def _feedback_fields() -> list[F]:
    return [
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact"),
        F("type", "反馈类型", "Type", "dict", dict_type="biz_feedback_type", edit="never", filter="exact"),
        # read-only here: the length bounds only the search fragment (a long one would overflow the URL)
        F("content", "反馈内容", "Content", "textarea", max_length=200, edit="never", filter="fragment"),
        F("website", "网址", "Website", max_length=500, edit="never"),
        F("status", "处理状态", "Status", "dict", dict_type="biz_feedback_status", edit="never", filter="exact"),
        F("reply", "回复", "Reply", "textarea", max_length=500, edit="never"),
        F("create_time", "提交时间", "Submitted at", "datetime", edit="never", filter="range", sortable=True),
    ]


by_group = Resource(name="CommonFeedbackGroup", model=CommonFeedback, title="反馈分组", title_en="Feedback by type",
                    menu_buttons=(),  # as seeded, not as derived
                    view="content/feedback/group", fields=_feedback_fields(), **SUB_PAGE)
by_user = Resource(name="CommonFeedbackUser", model=CommonFeedback, title="反馈用户", title_en="Feedback by user",
                   menu_buttons=(),  # as seeded, not as derived
                   view="content/feedback/user", fields=_feedback_fields(), **SUB_PAGE)
links = Resource(
    name="CommonBannedSite", model=BannedSite, title="反馈链接", title_en="Banned websites",
    menu_buttons=(),  # as seeded, not as derived
    view="content/feedback/link", **SUB_PAGE,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("host", "网站", "Host", max_length=255, edit="never", filter="fragment"),
        F("feedback_id", "来源反馈", "From feedback", "id", edit="never", filter="exact"),
        F("create_by", "封禁人", "Banned by", edit="never"),
        F("create_time", "封禁时间", "Banned at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("content-feedback")


@api.get(r"/admin/CommonFeedback/ban_website/{id:\d+}", need=any_perm("content:feedback:banWebsite"),
         summary="Ban the host of a feedback's website (idempotent)", log=OperLogSpec("意见反馈", BusinessType.UPDATE))
async def ban_website(request: web.Request, principal: Principal, id: int) -> web.Response:  # noqa: A002
    row = await resource.one(request, principal, id)
    host = host_of(row["website"] or "")
    if host is None:
        raise ServiceError("该反馈没有可封禁的网址")
    if await BannedSite.filter(host=host).exists():
        return ok(msg=f"网站 {host} 已在封禁列表中，无需重复封禁", data={"host": host, "banned": False})
    try:
        await BannedSite.create(host=host, feedback_id=id, create_by=principal.user_name,
                                create_time=request.app[CLOCK].now())
    except IntegrityError:  # banned by someone else a moment ago
        return ok(msg=f"网站 {host} 已在封禁列表中，无需重复封禁", data={"host": host, "banned": False})
    await resource.record(request, principal, id, "action", {}, {}, note=f"封禁网站 {host}")
    return ok(msg=f"已封禁网站 {host}", data={"host": host, "banned": True})


@api.get("/admin/CommonFeedback/list_data", need=any_perm("content:feedback:list"), response=ListPageOut,
         summary="Feedback: a page in the business envelope")
async def list_data(request: web.Request, principal: Principal, query: resource.query_model) -> web.Response:  # type: ignore[name-defined]
    return await page_of(resource, principal, query)


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.get("/admin/CommonFeedback/del", need=any_perm("content:feedback:remove"), summary="Delete one feedback",
         log=OperLogSpec("意见反馈", BusinessType.DELETE))
async def delete(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await delete_one(resource, request, principal, query.id)
    return ok()


class IdeaQuery(Schema):
    uid: int = Field(ge=1, le=INT_MAX, title="用户UID")
    content: str = Field(min_length=1, max_length=2000, title="反馈内容")
    type: Flag | None = Field(None, max_length=16, title="反馈类型")
    contact: str | None = Field(None, max_length=64, title="联系方式")


@api.get("/admin/CommonFeedback/idea_submit", need=any_perm("content:feedback:add"),
         summary="File a feedback on behalf of an app user", log=OperLogSpec("意见反馈", BusinessType.INSERT))
async def idea_submit(request: web.Request, principal: Principal, query: IdeaQuery) -> web.Response:
    if not query.content.strip():
        raise ServiceError("反馈内容不能为空")
    new_id = await save(resource, request, principal, query, None)
    return ok(data={"id": new_id})
