"""A write of a resource and the ids its rows name: the body models of create and update, the values a body may
write (its dictionaries, app users, coordinates and the registered kinds' values checked), and the ids a body
names."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import web
from pydantic import BaseModel, ConfigDict, create_model
from pydantic import Field as PydField
from tortoise.models import Model

from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.resource.fields import constraints, plain, python_type
from core_api.platform.resource.kinds import KINDS, base_kind
from core_api.platform.resource.registry import PARTNER_USERS
from core_api.platform.schema import INT_MAX, Schema, refusal
from core_api.platform.security import Principal
from core_api.platform.state import DICT
from core_api.platform.timefmt import aware

if TYPE_CHECKING:
    from core_api.platform.resource.declaration import Resource

# ---- a write

# What a RuoYi-family client echoes back from the record it loaded; accepted and ignored in a body.
ECHOED = ("create_by", "create_time", "update_by", "update_time", "params", "search_value")


class _Body(Schema):
    model_config = ConfigDict(extra="forbid")


def body_model(res: Resource, creating: bool) -> type[BaseModel]:
    spec: dict[str, Any] = {name: (Any, PydField(None, exclude=True)) for name in ECHOED}
    if not creating:
        spec[res.key] = (int, PydField(..., ge=1, le=INT_MAX, title="编号"))
    else:
        spec[res.key] = (Any, PydField(None, exclude=True))
    for f in res.fields:
        if f.name == res.key or f.virtual:
            continue
        writable = f.edit == "always" or (f.edit == "create" and creating)
        typ = python_type(f)
        asked = f.kind not in KINDS or KINDS[f.kind].asked  # a shop account's records take its shop unasked
        if writable and f.required and asked:
            spec[f.name] = (typ, PydField(..., **constraints(f, res.model)))
        else:
            # read-only fields may be echoed back; values_to_write refuses a changed value
            rules = constraints(f, res.model) if writable else {}
            spec[f.name] = ((typ | None) if writable else Any, PydField(None, **rules))
    kind = "Create" if creating else "Update"
    return create_model(f"{res.name}{kind}", __base__=_Body, **spec)


async def values_to_write(res: Resource, request: web.Request, body: BaseModel, before: dict[str, Any] | None
                          ) -> dict[str, Any]:
    """What a create (``before`` None) or an update writes: the body's writable fields, each checked against
    what its kind names, then the resource's own ``check``."""
    values: dict[str, Any] = {}
    for f in res.fields:
        if f.virtual or f.name not in type(body).model_fields:
            continue
        value = getattr(body, f.name)
        writable = f.edit == "always" or (f.edit == "create" and before is None)
        if not writable:
            if f.name in body.model_fields_set and value not in (None, "") and (
                    before is None or str(value) != str(plain(before.get(f.name)))):
                raise refusal("不允许修改{field}", field=f.named, wire=f.wire)
            continue
        if f.kind == "datetime" and isinstance(value, dt.datetime):
            value = aware(value)  # typed on the screen: a time in the configured zone, as shown
        if f.kind in ("lng", "lat") and value is not None:
            value = round(value, 6)
        if f.kind in ("dict", "flag") and f.dict_type and value not in (None, ""):
            # also where a hand-written body (an alternate call's) reaches the declaration's write
            allowed = {d["dictValue"] for d in await request.app[DICT].data_by_type(f.dict_type)}
            if value not in allowed:
                raise refusal("{field}的取值不正确", field=f.named, wire=f.wire)
        if (kind := KINDS.get(f.kind)) is not None and kind.check is not None:
            value = await kind.check(request, f, value, before)
        if f.kind == "uid" and value is not None and (before is None or value != before.get(f.name)):
            if await unknown_app_users([value]):
                raise refusal("{field}：用户 {value} 不存在", field=f.named, value=value, wire=f.wire)
        if value is None:
            if f.default is not None and before is None:
                value = f.default
            elif f.name not in body.model_fields_set:
                continue  # not sent: left as it is (or the column's default)
            elif not res.model._meta.fields_map[f.name].null:
                if base_kind(f) in ("id", "int", "uid", "money", "datetime", "date"):
                    continue
                value = ""  # a cleared text box
        values[f.name] = value
    coords = [f for f in res.fields if f.kind in ("lng", "lat")]
    if coords:  # a location is both coordinates or neither
        now = [values.get(f.name, (before or {}).get(f.name)) for f in coords]
        if any(v is None for v in now) and any(v is not None for v in now):
            raise ServiceError("经度和纬度必须同时填写")
    if res.check is not None:
        await res.check(request, values, before)
    return values


# ---- the ids a body names, and what rows carry beside their ids

async def owned(principal: Principal, model: type[Model], ids: Sequence[int], shop_field: str = "shop_id",
                key: str = "id", what: str = "记录") -> None:
    """Every id a body names (goods of a coupon, goods added to an ad category) exists and, for a shop account,
    is its own shop's: otherwise 404, as for a path id, before anything changes."""
    wanted = sorted({int(i) for i in ids})
    if not wanted:
        return
    qs = model.filter(**{f"{key}__in": wanted})
    if (where := principal.authz.scope.shop_filter(shop_field)) is not None:
        qs = qs.filter(where)
    found = set(await qs.values_list(key, flat=True))
    if len(found) != len(wanted):
        raise NotFound(f"{what}不存在：{','.join(str(i) for i in wanted if i not in found)}")


async def unknown_app_users(uids: Iterable[int]) -> list[int]:
    """The uids among ``uids`` that are no app user's, ascending: every uid a request names must be one (an
    operator's record, a message's recipients, a partner's feed). Asked in chunks: a message may name 100,000."""
    wanted = sorted(set(uids))
    if not wanted or not PARTNER_USERS:
        return []
    users, column = PARTNER_USERS[0]
    known: set[int] = set()
    for i in range(0, len(wanted), 5000):
        chunk = wanted[i:i + 5000]
        known.update(row[column] for row in await users.filter(**{f"{column}__in": chunk}).values(column))
    return [u for u in wanted if u not in known]
