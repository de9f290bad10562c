"""The calls of every declared business resource's screen, generated from its declaration: one record, create and
edit, delete, the shelf toggle, an extra action, the change history and the export, at ``/bff/resources/...``.

The browser names the resource by its view path (``view``, as the screen) and never a core path: the BFF reads the
core path from the resource's metadata (``resource_meta``) and forwards the caller's token; the core checks the
permission and the data scope of every call. The pickers' choices (shops, goods, categories) come the same way,
from the fixed core calls of the mall."""

from __future__ import annotations

from typing import Any

import aiohttp
from aiohttp import web
from pydantic import ConfigDict, Field

from bff.core_client import CORE_SESSION, CoreClient
from bff.relay import guarded, relay
from bff.routing import forwarded_headers
from bff.screens.resource import VIEW_PATTERN, resource_meta
from core_api.platform.api import Api, request_lang
from core_api.platform.contract import ChangeEntry, Envelope
from core_api.platform.envelope import json_response, ok
from core_api.platform.errors import NotFound
from core_api.platform.schema import Schema
from core_api.platform.state import SETTINGS

api = Api("resource")

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PASSED_FILE_HEADERS = ("Content-Type", "Content-Disposition", "download-filename", "Content-Length")
IDS_PATTERN = r"^\d{1,18}(,\d{1,18}){0,99}$"
ID_MAX = 9_223_372_036_854_775_807


# ---- what the calls take

class ViewQuery(Schema):
    view: str = Field(..., pattern=VIEW_PATTERN, title="页面", description="the resource's view path")


class RecordQuery(ViewQuery):
    id: int = Field(..., ge=1, le=ID_MAX, title="编号")


class RecordsQuery(ViewQuery):
    ids: str = Field(..., pattern=IDS_PATTERN, title="编号", description="comma-separated record ids")


class ActionQuery(ViewQuery):
    key: str = Field(..., pattern=r"^[A-Za-z0-9_]{1,50}$", title="操作", description="the action's key")


class Values(Schema):
    """A record's or an action's values under their wire names, as the declaration's fields name them."""

    model_config = ConfigDict(extra="allow")


class ShopOptionsQuery(Schema):
    keyword: str | None = Field(None, max_length=64, title="关键词")
    id: int | None = Field(None, ge=1, le=ID_MAX, title="店铺编号")


class GoodsOptionsQuery(Schema):
    name: str | None = Field(None, max_length=100, title="商品名称")
    shop_id: int | None = Field(None, ge=1, le=ID_MAX, title="店铺编号")


# ---- what they answer

class RecordOut(Envelope):
    data: dict[str, Any] = Field(description="the record under its fields' wire names")


class SavedOut(Envelope):
    data: dict[str, Any] | None = Field(None, description="create: the new record's key")


class ShelfOut(Envelope):
    data: dict[str, str] = Field(description="the shelf field and its new value")


class ActionOut(Envelope):
    data: Any = None


class HistoryOut(Envelope):
    msg: str = "查询成功"
    data: list[ChangeEntry]


class ExportJob(Schema):
    job_id: int


class ExportJobOut(Envelope):
    data: ExportJob


class ShopOption(Schema):
    id: int
    name: str


class ShopOptionsOut(Envelope):
    data: list[ShopOption]


class GoodsOption(Schema):
    id: int
    name: str
    shop_name: str | None = None


class GoodsOptionsOut(Envelope):
    data: list[GoodsOption]


class CategoryOption(Schema):
    id: int
    name: str
    children: list[CategoryOption] | None = None


class CategoryOptionsOut(Envelope):
    data: list[CategoryOption]


# ---- the calls

async def meta_of(request: web.Request, core: CoreClient, view: str) -> dict[str, Any]:
    return await resource_meta(core, view, request_lang(request))


def relayed(envelope: dict[str, Any]) -> web.Response:
    """The core's answer as it came (its message: 上架成功, 审核成功, ...)."""
    return json_response(envelope)


@api.get("/bff/resources/record", login_only=True, response=RecordOut, summary="A declared resource: one record")
async def resource_record(request: web.Request, core: CoreClient, query: RecordQuery) -> web.Response:
    meta = await meta_of(request, core, query.view)
    return relayed(await core.get(f"/admin/{meta['name']}/{query.id}"))


@api.post("/bff/resources/record", login_only=True, response=SavedOut, summary="A declared resource: create")
async def resource_create(request: web.Request, core: CoreClient, query: ViewQuery, body: Values) -> web.Response:
    meta = await meta_of(request, core, query.view)
    return relayed(await core.post(f"/admin/{meta['name']}", json=body.model_extra or {}))


@api.put("/bff/resources/record", login_only=True, response=SavedOut,
         summary="A declared resource: edit (the body names the record by the resource's key)")
async def resource_update(request: web.Request, core: CoreClient, query: ViewQuery, body: Values) -> web.Response:
    meta = await meta_of(request, core, query.view)
    return relayed(await core.call("PUT", f"/admin/{meta['name']}", json=body.model_extra or {}))


@api.delete("/bff/resources/records", login_only=True, response=Envelope,
            summary="A declared resource: delete records")
async def resource_delete(request: web.Request, core: CoreClient, query: RecordsQuery) -> web.Response:
    meta = await meta_of(request, core, query.view)
    return relayed(await core.call("DELETE", f"/admin/{meta['name']}/{query.ids}"))


@api.post("/bff/resources/shelf", login_only=True, response=ShelfOut,
          summary="A declared resource: put a record on or take it off the shelf")
async def resource_shelf(request: web.Request, core: CoreClient, query: RecordQuery) -> web.Response:
    meta = await meta_of(request, core, query.view)
    if not meta.get("shelf"):
        raise NotFound()
    return relayed(await core.get(f"/admin/{meta['name']}/shelf/{query.id}"))


@api.post("/bff/resources/action", login_only=True, response=ActionOut,
          summary="A declared resource: one of its extra calls (audit, block, ...) with the row's and form's values")
async def resource_action(request: web.Request, core: CoreClient, query: ActionQuery, body: Values) -> web.Response:
    meta = await meta_of(request, core, query.view)
    action = next((a for a in meta.get("actions", []) if a["key"] == query.key and a["method"] != "LINK"), None)
    if action is None:
        raise NotFound()
    values = body.model_extra or {}
    path = "/" + action["path"]
    if action["method"] == "GET":
        params = {k: str(v) for k, v in values.items() if v is not None}
        return relayed(await core.get(path, params=params))
    return relayed(await core.post(path, json=values))


@api.get("/bff/resources/history", login_only=True, response=HistoryOut,
         summary="A declared resource: who changed a record, when, and what")
async def resource_history(request: web.Request, core: CoreClient, query: RecordQuery) -> web.Response:
    meta = await meta_of(request, core, query.view)
    return relayed(await core.get(f"/admin/{meta['name']}/history/{query.id}"))


@api.post("/bff/resources/export", login_only=True, response=Envelope, file=XLSX,
          summary="A declared resource: the filtered list as xlsx (the body: the list's filters)")
async def resource_export(request: web.Request, core: CoreClient, query: ViewQuery, body: Values) -> web.StreamResponse:
    meta = await meta_of(request, core, query.view)
    if not meta.get("exportable") or meta.get("exportPath"):
        raise NotFound()
    url = f"{request.app[SETTINGS].core_url.rstrip('/')}/admin/{meta['name']}/export"
    headers = forwarded_headers(request, with_token=True)

    async def call() -> web.StreamResponse:
        async with request.app[CORE_SESSION].post(
            url, json=body.model_extra or {}, headers=headers, timeout=aiohttp.ClientTimeout(total=600, sock_read=60),
        ) as upstream:
            return await relay(request, upstream, PASSED_FILE_HEADERS)

    return await guarded(call)


@api.post("/bff/resources/export/job", login_only=True, response=ExportJobOut,
          summary="A declared resource with a background export: queue it with the list's filters")
async def resource_export_job(request: web.Request, core: CoreClient, query: ViewQuery, body: Values) -> web.Response:
    meta = await meta_of(request, core, query.view)
    if not meta.get("exportPath"):
        raise NotFound()
    return relayed(await core.post("/" + meta["exportPath"], json=body.model_extra or {}))


# ---- the pickers' choices

@api.get("/bff/resources/options/shops", login_only=True, response=ShopOptionsOut,
         summary="Shops to choose from (at most 20; a shop account: its own)")
async def shop_options(core: CoreClient, query: ShopOptionsQuery) -> web.Response:
    params = query.model_dump(by_alias=True, exclude_none=True)
    rows = (await core.get("/admin/mall/shop/options", params={k: str(v) for k, v in params.items()}))["data"]
    return ok(data=[{"id": r["id"], "name": r["name"]} for r in rows])


@api.get("/bff/resources/options/goods", login_only=True, response=GoodsOptionsOut,
         summary="Goods to choose from by a fragment of their name (at most 20, within a shop when given)")
async def goods_options(core: CoreClient, query: GoodsOptionsQuery) -> web.Response:
    params = {"pageSize": "20", **{k: str(v) for k, v in query.model_dump(by_alias=True, exclude_none=True).items()}}
    page = (await core.get("/admin/mall/shop/goods/list_data", params=params))["data"]
    return ok(data=[{"id": r["id"], "name": r["name"], "shopName": r.get("shopName")} for r in page["data"]])


def category_node(node: dict[str, Any]) -> dict[str, Any]:
    kids = node.get("children")
    return {"id": node["id"], "name": node["name"],
            "children": [category_node(k) for k in kids] if kids is not None else None}


@api.get("/bff/resources/options/categories", login_only=True, response=CategoryOptionsOut,
         summary="The goods category tree (two levels, on shelf)")
async def category_options(core: CoreClient) -> web.Response:
    tree = (await core.get("/admin/mall/shop/goods/category", params={"kind": "goods"}))["data"]
    return ok(data=[category_node(n) for n in tree])
