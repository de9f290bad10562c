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

from core_api.content.rich_text.models import CommonRichText
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.counts import Counts, counts_of
from core_api.platform.envelope import json_response, ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.html import sanitise
from core_api.platform.resource import SHELF_ON, F, Resource
from core_api.platform.schema import INT_MAX, RichText, Schema
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
        F("content", "内容", "Content", "richtext", listed=False, exported=False),
        F("sort", "排序", "Sort", "int", min=0, max=9999, sortable=True, default=0),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
        F("update_time", "更新时间", "Updated at", "datetime", edit="never"),
    ],
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


@api.get("/admin/common_rich_text/info_page", need=any_perm("content:richText:query", "content:richText:edit"),
         summary="A rich text for editing, by id or code")
async def info_page(request: web.Request, principal: Principal, query: InfoQuery) -> web.Response:
    rows = await CommonRichText.filter(**_where(query)).values(*resource.columns)
    if not rows:
        raise NotFound()
    return ok(data=resource.view_of(principal)(rows[0]))


class TextBody(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")
    content: RichText = Field(max_length=200_000, title="内容")


@api.post("/admin/common_rich_text/updata_text", need=any_perm("content:richText:edit"),
          summary="Save a rich text's content (sanitised; recorded in its history)",
          log=OperLogSpec("富文本", BusinessType.UPDATE))
async def updata_text(request: web.Request, principal: Principal, body: TextBody) -> web.Response:
    before = await resource.one(request, principal, body.id)
    after = {"content": sanitise(body.content), "update_by": principal.user_name,
             "update_time": request.app[CLOCK].now()}
    await CommonRichText.filter(id=body.id).update(**after)
    await resource.record(request, principal, body.id, "update", before, {"content": after["content"]},
                          note="编辑内容")
    return ok()


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

