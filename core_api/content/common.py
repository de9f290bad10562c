"""What the spec's alternate calls of many resources share (content, consult, mall): a page in the business
envelope, a save that creates or edits by the presence of an id (``add_edit`` with its body ``edit_model``), and
a delete of one record — each through the resource's own rules (its ``check``, its read-only fields, its
history, its unique-index message) and through ``res.one``, so a shop account's scope applies (404)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import BaseModel, Field, create_model
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.platform.envelope import page
from core_api.platform.errors import Forbidden, ServiceError
from core_api.platform.resource import Resource
from core_api.platform.schema import INT_MAX, Schema
from core_api.platform.security import Principal
from core_api.platform.state import CLOCK


async def page_of(res: Resource, principal: Principal, query: Any) -> web.Response:
    qs, _ = res.filtered(query, principal)
    total = await qs.count()
    rows = await (qs.order_by(*query.ordering(res.sorts(principal), list(res.order)))
                  .offset(query.offset).limit(query.page_size).values(*res.columns))
    view = res.view_of(principal)
    return page([view(r) for r in rows], total, query.page_num, query.page_size)


async def save(res: Resource, request: web.Request, principal: Principal, body: BaseModel,
               record_id: int | None) -> int:
    """Creates (no id) or updates (an id) one record as the declaration's own create and update do."""
    before = await res.one(request, principal, record_id) if record_id else None
    values = await res.checked_values(request, body, before)
    now = request.app[CLOCK].now()
    try:
        async with in_transaction():
            if before is None:
                row = await res.model.create(**values, create_by=principal.user_name, create_time=now)
                record_id = int(getattr(row, res.key))
                await res.record(request, principal, record_id, "create", {}, values)
            else:
                assert record_id is not None
                await res.model.filter(**{res.key: record_id}).update(**values, update_by=principal.user_name,
                                                                       update_time=now)
                await res.record(request, principal, record_id, "update", before, values)
    except IntegrityError as exc:
        raise ServiceError(res.duplicate) from exc
    return record_id


async def delete_one(res: Resource, request: web.Request, principal: Principal, record_id: int) -> None:
    row = await res.one(request, principal, record_id)
    if res.check is not None:
        await res.check(request, {}, row)
    async with in_transaction():
        await res.model.filter(**{res.key: record_id}).delete()
        await res.record(request, principal, record_id, "delete", row, {})

class IdQuery(Schema):
    id: int = Field(..., ge=1, le=INT_MAX, title="编号")


class FormQuery(Schema):
    """The record an add/edit form opens with; no id: a new one."""

    id: int | None = Field(None, ge=1, le=INT_MAX, title="编号")


async def form_record(res: Resource, request: web.Request, principal: Principal,
                      record_id: int | None) -> dict[str, Any] | None:
    """The record an add/edit page opens with, as the list shows it (its joined names too); None for a new one."""
    if not record_id:
        return None
    row = await res.one(request, principal, record_id)
    if res.enrich is not None:
        await res.enrich([row])
    return res.view_of(principal)(row)


def edit_model(res: Resource, name: str = "") -> type[BaseModel]:
    """The create body of the declaration with an optional ``id``: present, the record is edited. ``name``: the
    body's name in the OpenAPI document (default ``<resource>AddEdit``)."""
    return create_model(name or f"{res.name}AddEdit", __base__=res.create_model,
                        id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")))


async def add_edit(res: Resource, request: web.Request, principal: Principal, body: Any) -> int:
    record_id = body.id
    wanted = f"{res.perm}:edit" if record_id else (res.add_perm or f"{res.perm}:add")
    if not principal.authz.has_permi(wanted):
        raise Forbidden()
    return await save(res, request, principal, body, record_id)


async def remove(res: Resource, request: web.Request, principal: Principal, record_id: int) -> None:
    await delete_one(res, request, principal, record_id)


def need_perms(res: Resource) -> tuple[str, ...]:
    return tuple(dict.fromkeys([res.add_perm or f"{res.perm}:add", f"{res.perm}:edit"]))
