"""What the alternate calls of several content resources share: a page in the business envelope, a save that
creates or edits by the presence of an id, and a delete of one record — each through the resource's own
rules (its ``check``, its read-only fields, its history and its unique-index message)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import BaseModel
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.platform.envelope import page
from core_api.platform.errors import ServiceError
from core_api.platform.resource import Resource
from core_api.platform.security import Principal
from core_api.platform.state import CLOCK


async def page_of(res: Resource, principal: Principal, query: Any) -> web.Response:
    qs, _ = res.filtered(query, principal)
    total = await qs.count()
    rows = await (qs.order_by(*query.ordering({f.wire: f.name for f in res.fields if f.sortable}, list(res.order)))
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
