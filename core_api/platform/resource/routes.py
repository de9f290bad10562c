"""The calls every declared resource gets at ``/admin/{name}``: the list (GET, or POST with the filters in the
body), one record, create, update, delete, the shelf toggle, the xlsx export and the change history of a record.
Each is an ordinary ``Api`` route of the resource's own ``api``: its OpenAPI and its operation log come from there."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web
from pydantic import Field
from tortoise.exceptions import IntegrityError
from tortoise.queryset import QuerySet
from tortoise.transactions import in_transaction

from core_api.platform.api import BusinessType, OperLogSpec
from core_api.platform.compiled import json_values_of, values_of
from core_api.platform.contract import ChangeEntry, Envelope, ListPageOut
from core_api.platform.envelope import MSG_QUERY_OK, is_business_list, json_response, ok
from core_api.platform.envelope import page as business_page
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.excel import Column, keyset_batches, xlsx_response
from core_api.platform.models import ChangeLog
from core_api.platform.paging import parse_ids, to_camel
from core_api.platform.resource.kinds import carry
from core_api.platform.schema import Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.seek import cursor_after, seek_filter
from core_api.platform.state import CLOCK, DICT
from core_api.platform.timefmt import fmt

if TYPE_CHECKING:
    from core_api.platform.resource.declaration import Resource

SHELF_ON, SHELF_OFF = "1", "0"
CONFLICT = "记录已被他人修改，请刷新后重试"
# The handlers are named as the package's, as when it was one module: their operationIds (platform_{name}_{call})
# and the operation log's method names stay what the clients and the log already know.
PACKAGE = "core_api.platform.resource"


# ---- what the calls answer (a row's keys are the declaration's fields' wire names)

class HistoryOut(Schema):
    code: int = 200
    msg: str = "查询成功"
    data: list[ChangeEntry]


class ResourceTableOut(Envelope):
    msg: str = "查询成功"
    total: int
    rows: list[dict[str, Any]]
    next: str | None = Field(None, description="the cursor of the page after this one, sent back as `after`")


class ResourceRecordOut(Envelope):
    data: dict[str, Any]


class ResourceCreatedOut(Envelope):
    data: dict[str, int] = Field(description="the new record's key")


class ResourceShelfOut(Envelope):
    data: dict[str, str] = Field(description="the shelf field and its new value")


# ---- the routes

def route_handler(fn: Callable[..., Awaitable[web.StreamResponse]], res: Resource, name: str,
                  annotations: dict[str, Any]) -> Callable[..., Awaitable[web.StreamResponse]]:
    fn.__name__ = f"{res.name}_{name}"
    fn.__qualname__ = fn.__name__
    fn.__annotations__ = {**annotations, "return": web.StreamResponse}
    fn.__module__ = PACKAGE
    return fn


def in_package(fn: Callable[..., Awaitable[web.StreamResponse]]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """A hand-written route of the package (the metadata call), named as the package's."""
    fn.__module__ = PACKAGE
    return fn


def add_routes(res: Resource) -> None:  # noqa: C901 - one place for the calls of every resource
    api, base, perm, q = res.api, f"/admin/{res.name}", res.perm, res.query_model
    list_path = res.list_path or f"{base}/list"
    business = is_business_list(list_path)
    title = res.title
    ident = r"{id:\d+}"

    async def list_rows(request: web.Request, principal: Principal, query: Any) -> web.Response:
        where, key = res.conditions(query, principal)
        ordering = query.ordering(res.sorts(principal), list(res.order))
        seekable = ordering[-1].lstrip("-") == res.key  # a total order: the key breaks every tie
        seek = seek_filter(res.model, query.after, key, ordering, query.page_num) if seekable else None
        page = (res.name, id(res), key, tuple(ordering), query.page_size,
                ("after", query.after, query.page_num) if seek is not None else ("offset", query.offset))

        def records() -> QuerySet:
            return res.model.filter(*where)

        def page_query() -> Any:  # built only where the page's statement is not kept yet
            qs = records()
            qs = qs.filter(seek) if seek is not None else qs.offset(query.offset)
            return res.read(qs.order_by(*ordering).limit(query.page_size))

        as_json = res.json_rows(principal)

        async def read() -> tuple[list[Any], list[Any] | None]:
            """The page's rows, and where its columns are plain each row as the wire shows it, named and formatted
            by PostgreSQL (else None: the rows are viewed here)."""
            if as_json is not None:
                written = await json_values_of(page_query, page, res.model, as_json, ordering)
                if written is not None:
                    return written
            return await values_of(page_query, page, res.model), None

        # the total: kept on this node (most calls), else read beside the page in a task of its own
        total = res.kept_total(request, query, principal, key)
        if total is not None:
            rows, shown = await read()
        else:
            counting = asyncio.ensure_future(res.total(request, query, principal, records, key))
            try:
                rows, shown = await read()
            except BaseException:
                counting.cancel()
                await asyncio.gather(counting, return_exceptions=True)  # its outcome is retrieved, never logged
                raise
            total = await counting
        after = (cursor_after(res.model, rows[-1], key, ordering, query.page_num + 1)
                 if seekable and len(rows) == query.page_size else None)
        if shown is None:
            if res.enrich is not None:
                await res.enrich(rows)
            await carry(res.fields, rows, request.app)
            view = res.view_of(principal)
            shown = [view(r) for r in rows]
        if business:  # a list_data-style path answers the business page, the cursor in it
            return business_page(shown, total, query.page_num, query.page_size, next=after)
        return json_response({"code": 200, "msg": MSG_QUERY_OK, "total": total, "rows": shown, "next": after})

    if res.hand_list:
        pass  # the list and the one-record call are ordinary routes of the feature
    elif res.list_method == "GET":
        async def list_get(request: web.Request, principal: Principal, query: Any) -> web.Response:
            return await list_rows(request, principal, query)

        api.get(list_path, need=any_perm(res.list_perm or f"{perm}:list"), summary=f"{title}: a page of the list",
                response=ListPageOut if business else ResourceTableOut)(
            route_handler(list_get, res, "list", {"request": web.Request, "principal": Principal, "query": q}))
    else:
        async def list_post(request: web.Request, principal: Principal, body: Any) -> web.Response:
            return await list_rows(request, principal, body)

        api.post(list_path, need=any_perm(res.list_perm or f"{perm}:list"),
                 summary=f"{title}: a page of the list (filters in the body)",
                 response=ListPageOut if business else ResourceTableOut)(
            route_handler(list_post, res, "list", {"request": web.Request, "principal": Principal, "body": q}))

    async def get_one(request: web.Request, principal: Principal, id: int) -> web.Response:  # noqa: A002
        row = await res.one(request, principal, id)
        if res.enrich is not None:
            await res.enrich([row])
        await carry(res.fields, [row], request.app)
        return ok(data=res.view_of(principal)(row))

    if not res.hand_list:
        api.get(f"{base}/{ident}", need=any_perm(f"{perm}:query"), summary=f"{title}: one record",
                response=ResourceRecordOut)(
            route_handler(get_one, res, "get", {"request": web.Request, "principal": Principal, "id": int}))

    async def history(request: web.Request, principal: Principal, id: int) -> web.Response:  # noqa: A002
        await res.one(request, principal, id)  # the record exists and is in the caller's scope
        rows = await ChangeLog.filter(resource=res.name, record_id=id).order_by("-id").limit(200).values()
        return ok(data=[{"id": r["id"], "action": r["action"], "actor": r["actor"], "at": fmt(r["at"]),
                         "changes": r["changes"], "note": r["note"]} for r in rows])

    api.get(f"{base}/history/{ident}", need=any_perm(f"{perm}:query"), response=HistoryOut,
            summary=f"{title}: who changed the record, when, and what")(
        route_handler(history, res, "history", {"request": web.Request, "principal": Principal, "id": int}))

    if res.creatable:
        async def create(request: web.Request, principal: Principal, body: Any) -> web.Response:
            values = await res.checked_values(request, body, None)
            stamps: dict[str, Any] = ({"create_by": principal.user_name, "create_time": request.app[CLOCK].now()}
                                      if res.stamped else {})
            try:
                async with in_transaction():
                    row = await res.model.create(**values, **stamps)
                    new_id = getattr(row, res.key)
                    await res.record(request, principal, new_id, "create", {}, values)
            except IntegrityError as exc:
                raise ServiceError(res.duplicate) from exc
            return ok(data={res.key if res.key == "id" else to_camel(res.key): new_id})

        api.post(base, need=any_perm(res.add_perm or f"{perm}:add"), summary=f"{title}: create",
                 response=ResourceCreatedOut, log=OperLogSpec(title, BusinessType.INSERT))(
            route_handler(create, res, "create", {"request": web.Request, "principal": Principal,
                                                  "body": res.create_model}))

    if res.editable:
        async def update(request: web.Request, principal: Principal, body: Any) -> web.Response:
            record_id = getattr(body, res.key)
            before = await res.one(request, principal, record_id)
            values = await res.checked_values(request, body, before)
            stamps = {"update_by": principal.user_name, "update_time": request.app[CLOCK].now()} if res.stamped else {}
            try:
                async with in_transaction():
                    await res.model.filter(**{res.key: record_id}).update(**values, **stamps)
                    await res.record(request, principal, record_id, "update", before, values)
                told = await res.events(request, "update", before, values) if res.events else []
            except IntegrityError as exc:
                raise ServiceError(res.duplicate) from exc
            await _publish(request, told)
            return ok()

        api.put(base, need=any_perm(f"{perm}:edit"), summary=f"{title}: update",
                log=OperLogSpec(title, BusinessType.UPDATE))(
            route_handler(update, res, "update", {"request": web.Request, "principal": Principal,
                                                  "body": res.update_model}))

    if res.removable:
        async def remove(request: web.Request, principal: Principal, ids: str) -> web.Response:
            wanted = sorted(set(parse_ids(ids)))
            rows = await res.scoped(principal, res.model.filter(**{f"{res.key}__in": wanted})).values(*res.columns)
            if len(rows) != len(wanted):
                raise NotFound()
            if res.check is not None:
                for row in rows:
                    await res.check(request, {}, row)
            told: list[Any] = []
            async with in_transaction():
                await res.model.filter(**{f"{res.key}__in": wanted}).delete()
                for row in rows:
                    await res.record(request, principal, row[res.key], "delete", row, {})
                    told += await res.events(request, "delete", row, {}) if res.events else []
            await _publish(request, told)
            return ok()

        api.delete(rf"{base}/{{ids:[\d,]+}}", need=any_perm(f"{perm}:remove"), summary=f"{title}: delete",
                   log=OperLogSpec(title, BusinessType.DELETE))(
            route_handler(remove, res, "delete", {"request": web.Request, "principal": Principal, "ids": str}))

    if res.shelf:
        shelf = res.shelf

        async def toggle(request: web.Request, principal: Principal, id: int) -> web.Response:  # noqa: A002
            before = await res.one(request, principal, id)
            now = SHELF_OFF if before[shelf] == SHELF_ON else SHELF_ON
            async with in_transaction():
                moved = await res.model.filter(**{res.key: id, shelf: before[shelf]}).update(**{shelf: now})
                if not moved:
                    raise ServiceError(CONFLICT)
                await res.record(request, principal, id, "shelf", before, {shelf: now})
                told = await res.events(request, "shelf", before, {shelf: now}) if res.events else []
            await _publish(request, told)
            return ok(data={to_camel(shelf): now}, msg="上架成功" if now == SHELF_ON else "下架成功")

        api.get(f"{base}/shelf/{ident}", need=any_perm(f"{perm}:shelf"), response=ResourceShelfOut,
                summary=f"{title}: put on or take off the shelf", log=OperLogSpec(title, BusinessType.UPDATE))(
            route_handler(toggle, res, "shelf", {"request": web.Request, "principal": Principal, "id": int}))

    if res.exportable and res.export_path is None:
        async def export(request: web.Request, principal: Principal, body: Any) -> web.StreamResponse:
            qs, _ = res.filtered(body, principal)
            view = res.view_of(principal)
            labels = {f.dict_type: {d["dictValue"]: d["dictLabel"] for d in await request.app[DICT].data_by_type(
                f.dict_type)} for f in res.fields if f.dict_type}
            columns = [Column(f.label, f.wire, _labeller(labels.get(f.dict_type)) if f.dict_type else None)
                       for f in res.fields if f.exported]

            async def batches() -> AsyncIterator[list[dict[str, Any]]]:
                async for rows in keyset_batches(qs, res.key, view, *res.columns):
                    yield rows

            return await xlsx_response(request, f"{res.title}.xlsx", res.title, columns, batches())

        api.post(f"{base}/export", need=any_perm(f"{perm}:export"), summary=f"{title}: the filtered list as xlsx",
                 log=OperLogSpec(title, BusinessType.EXPORT, save_response=False))(
            route_handler(export, res, "export", {"request": web.Request, "principal": Principal, "body": q}))


async def _publish(request: web.Request, events: list[Any]) -> None:
    if events:
        from core_api.platform.state import BUS
        from core_api.platform.webhook import publish_events

        await publish_events(request.app[BUS], events, request.app[CLOCK].now())


def _labeller(labels: dict[str, str] | None) -> Callable[[Any], Any]:
    return lambda v: (labels or {}).get(str(v), v) if v is not None else v
