"""Rich texts (CommonRichText): content pages such as about us, the user agreement and the privacy policy.

The content is sanitised on every way in (the declaration's ``check`` and ``updata_text``), so a script or an
event handler never reaches the database. Apps read a page on the shelf through the open call, served from a
per-node memory cache that every write invalidates: the cache is keyed by the table's change stamp
(``core_api.platform.counts``), which a write bumps at once on its own node and by a broadcast on the others.
"""

from __future__ import annotations

import re
import time
import weakref
from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.content.rich_text.models import CommonRichText, CommonRichTextVersion
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.config_page import C, ConfigModel, ConfigPage
from core_api.platform.contract.content import RichTextPageOut, RichTextSavedOut
from core_api.platform.counts import Counts, counts_of
from core_api.platform.envelope import json_response, ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.html import RichText, sanitise
from core_api.platform.resource import SHELF_ON, Action, F, Resource
from core_api.platform.schema import INT_MAX, Schema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import fmt

TABLE = "content_rich_text"
CODE = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
CACHE_SECONDS = 60  # what a browser or CDN may keep; and the longest a node keeps a page it read mid-write


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if "code" in values and not CODE.match(values["code"] or ""):
        raise ServiceError("编码只能由字母、数字、下划线、点或横线组成（不超过64个字符）")
    if values.get("content"):
        values["content"] = sanitise(values["content"])


resource = Resource(
    name="CommonRichText", model=CommonRichText, perm="content:richText", title="富文本",
    title_en="Rich texts", view="content/richText/index", check=check,
    duplicate="该编码已存在",
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("code", "编码", "Code", required=True, max_length=64, edit="create", filter="exact"),
        F("title", "标题", "Title", required=True, max_length=100, filter="fragment"),
        F("content", "内容", "Content", "richtext", listed=False, exported=False, edit="create"),  # then: versioned
        F("sort", "排序", "Sort", "int", min=0, max=9999, sortable=True, default=0),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("version", "版本", "Version", "int", edit="never"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
        F("update_by", "更新人", "Updated by", edit="never", listed=False),
        F("update_time", "更新时间", "Updated at", "datetime", edit="never"),
    ],
    actions=[Action("text", "编辑内容", "Edit content", "edit", "content/richText/info", method="LINK",
                    params={"id": "id"})],
)
api = Api("content-rich-text")


class InfoQuery(Schema):
    id: int | None = Field(None, ge=1, le=INT_MAX, title="编号")
    code: str | None = Field(None, max_length=64, title="编码")


def _where(query: InfoQuery) -> dict[str, Any]:
    if query.id is not None:
        return {"id": query.id}
    if query.code:
        return {"code": query.code}
    raise ServiceError("请提供编号或编码")


CONFLICT = "内容已被他人修改，请刷新后再编辑"
VERSIONS_SHOWN = 20


async def versions_of(record_id: int) -> list[dict[str, Any]]:
    """The kept earlier versions of a rich text, newest first (who wrote each and when)."""
    rows = await (CommonRichTextVersion.filter(rich_text_id=record_id).order_by("-version").limit(VERSIONS_SHOWN)
                  .values("version", "title", "saved_by", "saved_time", "create_time"))
    return [{"version": r["version"], "title": r["title"], "savedBy": r["saved_by"],
             "savedTime": fmt(r["saved_time"]) if r["saved_time"] else None,
             "replacedTime": fmt(r["create_time"]) if r["create_time"] else None} for r in rows]


async def page_data(principal: Principal, where: dict[str, Any]) -> dict[str, Any] | None:
    rows = await CommonRichText.filter(**where).values(*resource.columns)
    if not rows:
        return None
    return {**resource.view_of(principal)(rows[0]), "versions": await versions_of(rows[0]["id"])}


@api.get("/admin/common_rich_text/info_page", need=any_perm("content:richText:query", "content:richText:edit"),
         response=RichTextPageOut,
         summary="A rich text for editing, by id or code, with its earlier versions")
async def info_page(request: web.Request, principal: Principal, query: InfoQuery) -> web.Response:
    data = await page_data(principal, _where(query))
    if data is None:
        raise NotFound()
    return ok(data=data)


class TextBody(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")
    content: RichText = Field(max_length=200_000, title="内容")
    version: int | None = Field(None, ge=1, le=INT_MAX, title="版本")


async def save_text(request: web.Request, principal: Principal, record_id: int, content: str,
                    version: int | None) -> dict[str, Any]:
    """Saves a rich text's content as its next version, keeping the one it replaces. ``version`` is the one
    the editor loaded: a save over a newer one is refused rather than silently overwriting it."""
    before = await resource.one(request, principal, record_id)
    if version is not None and version != before["version"]:
        raise ServiceError(f"{CONFLICT}（当前为第{before['version']}版）")
    clean = sanitise(content)
    if clean == before["content"]:
        return {"id": record_id, "version": before["version"], "changed": False}
    extra = (await CommonRichText.filter(id=record_id).values("create_by", "create_time"))[0]
    now = request.app[CLOCK].now()
    try:
        async with in_transaction():
            await CommonRichTextVersion.create(
                rich_text_id=record_id, version=before["version"], title=before["title"], content=before["content"],
                saved_by=before["update_by"] or extra["create_by"],
                saved_time=before["update_time"] or extra["create_time"], create_time=now)
            moved = await CommonRichText.filter(id=record_id, version=before["version"]).update(
                content=clean, version=before["version"] + 1, update_by=principal.user_name, update_time=now)
            if not moved:
                raise IntegrityError("saved by someone else meanwhile")
            await resource.record(request, principal, record_id, "update", before,
                                  {"content": clean, "version": before["version"] + 1}, note="编辑内容")
    except IntegrityError as exc:  # another save of the same version won
        raise ServiceError(CONFLICT) from exc
    return {"id": record_id, "version": before["version"] + 1, "changed": True}


@api.post("/admin/common_rich_text/updata_text", need=any_perm("content:richText:edit"), response=RichTextSavedOut,
          summary="Save a rich text's content as its next version (sanitised; the replaced one is kept)",
          log=OperLogSpec("富文本", BusinessType.UPDATE))
async def updata_text(request: web.Request, principal: Principal, body: TextBody) -> web.Response:
    return ok(data=await save_text(request, principal, body.id, body.content, body.version))


# ---- the fixed pages: about us and the user agreement are rich texts under a reserved code

class AboutUsConfig(ConfigModel):
    """The about-us page: its rich text, and the company's contacts shown under it."""

    content: RichText = C("", "内容", "Content", kind="richtext", max_length=200_000)
    company: str = C("", "公司名称", "Company", max_length=100)
    phone: str = C("", "联系电话", "Phone", max_length=20, pattern=r"^[0-9+\-]{0,20}$")
    email: str = C("", "联系邮箱", "E-mail", max_length=100, pattern=r"^([^@\s]+@[^@\s]+\.[^@\s]+)?$")
    icp: str = C("", "备案号", "ICP record", max_length=50)


ABOUT_US, AGREEMENT = "about_us", "agreement"
FIXED_TITLES = {ABOUT_US: "关于我们", AGREEMENT: "用户协议"}


class FixedBody(Schema):
    content: RichText = Field(max_length=200_000, title="内容")
    version: int | None = Field(None, ge=0, le=INT_MAX, title="版本")


async def fixed_page(principal: Principal, code: str) -> dict[str, Any]:
    """The page under its reserved code; before its first save, an empty version 0 (nothing public yet)."""
    data = await page_data(principal, {"code": code})
    if data is None:
        return {"id": None, "code": code, "title": FIXED_TITLES[code], "content": "", "shelf": SHELF_ON,
                "version": 0, "updateBy": "", "updateTime": None, "versions": []}
    return data


async def save_fixed(request: web.Request, principal: Principal, code: str, body: FixedBody) -> dict[str, Any]:
    row = await CommonRichText.filter(code=code).first().values("id")
    if row is not None:
        return await save_text(request, principal, row["id"], body.content, body.version or None)
    if body.version:  # the editor loaded a page that is gone
        raise ServiceError(CONFLICT)
    values = {"code": code, "title": FIXED_TITLES[code], "content": sanitise(body.content), "shelf": SHELF_ON,
              "version": 1}
    try:
        async with in_transaction():
            created = await CommonRichText.create(**values, create_by=principal.user_name,
                                                  create_time=request.app[CLOCK].now())
            await resource.record(request, principal, created.id, "create", {}, values)
    except IntegrityError as exc:  # created by another save a moment ago
        raise ServiceError(CONFLICT) from exc
    return {"id": created.id, "version": 1, "changed": True}


# About us is a configuration page (core_api/platform/config_page.py: versions, history, restore, the form drawn
# from its model) at its spec paths; every save also writes its content to the rich text ``about_us``, which
# apps read through the open call below. A page never saved starts from that rich text.

async def _about_initial() -> dict[str, Any]:
    row = await CommonRichText.filter(code=ABOUT_US).first().values("content")
    return {"content": row["content"]} if row else {}


async def _about_saved(request: web.Request, principal: Principal, data: dict[str, Any]) -> None:
    await save_fixed(request, principal, ABOUT_US, FixedBody(content=data["content"]))


about_page = ConfigPage(
    key="about_us", model=AboutUsConfig, perm="content:about:edit", view="content/about/index", title="关于我们",
    title_en="About us", api=api, get=("GET", "/admin/CommonConfig/config_aboutUs_page"),
    save=("POST", "/admin/CommonConfig/edit_config_aboutUs_v2"), initial=_about_initial, on_saved=_about_saved)


@api.get("/admin/common_rich_text/agreement_page", need=any_perm("content:agreement:edit"), response=RichTextPageOut,
         summary="The user agreement for editing, with its earlier versions")
async def agreement_page(request: web.Request, principal: Principal) -> web.Response:
    return ok(data=await fixed_page(principal, AGREEMENT))


@api.post("/admin/common_rich_text/edit_agreement", need=any_perm("content:agreement:edit"),
          response=RichTextSavedOut,
          summary="Save the user agreement as its next version", log=OperLogSpec("用户协议", BusinessType.UPDATE))
async def edit_agreement(request: web.Request, principal: Principal, body: FixedBody) -> web.Response:
    return ok(data=await save_fixed(request, principal, AGREEMENT, body))


# ---- the open read

class _Cache:
    def __init__(self) -> None:
        self.stamp = -1
        self.pages: dict[str, tuple[float, dict[str, Any] | None]] = {}


_CACHES: weakref.WeakKeyDictionary[Counts, _Cache] = weakref.WeakKeyDictionary()


def _cache_of(app: web.Application) -> tuple[_Cache, int]:
    counts = counts_of(app)
    cache = _CACHES.setdefault(counts, _Cache())
    stamp = counts.stamp(TABLE)
    if cache.stamp != stamp:  # a write here or (by its broadcast) on another node
        cache.pages.clear()
        cache.stamp = stamp
    return cache, stamp


async def public_page(app: web.Application, where: dict[str, Any]) -> dict[str, Any] | None:
    """The page as apps see it, or None when it does not exist or is off the shelf."""
    cache, stamp = _cache_of(app)
    key = repr(sorted(where.items()))
    hit = cache.pages.get(key)
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    rows = await CommonRichText.filter(**where, shelf=SHELF_ON).values("id", "code", "title", "content",
                                                                       "update_time", "create_time")
    page = None
    if rows:
        row = rows[0]
        when = row["update_time"] or row["create_time"]
        page = {"id": row["id"], "code": row["code"], "title": row["title"], "content": row["content"],
                "updateTime": fmt(when) if when else None}
    if counts_of(app).stamp(TABLE) == stamp:  # not changed while reading
        cache.pages[key] = (time.monotonic() + CACHE_SECONDS, page)
    return page


@api.get("/api/open/v1/rich_text", public=True, summary="A rich text on the shelf, by code or id (no sign-in)")
async def open_rich_text(request: web.Request, query: InfoQuery) -> web.Response:
    page = await public_page(request.app, _where(query))
    if page is None:
        raise NotFound()
    response = json_response({"code": 200, "msg": "查询成功", "data": page})
    response.headers["Cache-Control"] = f"public, max-age={CACHE_SECONDS}"
    return response


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "该编码已存在": "The code already exists",
})
