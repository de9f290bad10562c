"""What the spec's alternate calls of the mall content resources share (search keywords, carousel, picture
library, ad categories, points goods): ``add_edit`` (create without an id, edit with one, by the declaration's
own rules and permissions), ``del`` of one record and the id query. Every call goes through ``res.one`` so the
shop scope of a per-shop resource applies (another shop's id answers 404)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import BaseModel, Field, create_model

from core_api.content.common import delete_one, save
from core_api.mall.shop import refs as _shop_refs  # noqa: F401 - shop fields: names and existence of shop ids
from core_api.platform.errors import Forbidden
from core_api.platform.resource import Resource
from core_api.platform.schema import INT_MAX, Schema
from core_api.platform.security import Principal


class IdQuery(Schema):
    id: int = Field(..., ge=1, le=INT_MAX, title="编号")


def edit_model(res: Resource) -> type[BaseModel]:
    """The create body of the declaration with an optional ``id``: present, the record is edited."""
    return create_model(f"{res.name}AddEdit", __base__=res.create_model,
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
