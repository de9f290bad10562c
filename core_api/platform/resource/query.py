"""The list call of a resource: the query model its declaration yields, the conditions of a call and the key that
names them, and its total (from a tally, kept until the table's next write, or counted). ``Resource`` reaches these
through its methods, which a resource with a list of its own overrides (core_api/order/manage/routes.py)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web
from pydantic import BaseModel, create_model
from pydantic import Field as PydField
from tortoise.expressions import Q
from tortoise.queryset import QuerySet

from core_api.platform.counts import counted, kept
from core_api.platform.paging import ListQuery, day_bounds
from core_api.platform.resource.fields import F, constraints, python_type
from core_api.platform.resource.kinds import KINDS
from core_api.platform.security import Principal
from core_api.platform.tally import DayTally, tallied
from core_api.platform.timefmt import zone

if TYPE_CHECKING:
    from core_api.platform.resource.declaration import Resource


def query_model(res: Resource) -> type[BaseModel]:
    spec: dict[str, Any] = {}
    for f in res.fields:
        if f.filter in ("exact", "fragment"):
            c = constraints(f, res.model)
            c.pop("min_length", None)
            if f.filter == "fragment":
                c.pop("pattern", None)
            spec[f.name] = (python_type(f) | None, PydField(None, **c))
        elif f.filter == "range":
            typ = dt.date if f.kind in ("datetime", "date") else int
            bounds = {k: v for k, v in constraints(f, res.model).items() if k in ("ge", "le")} if typ is int else {}
            spec[f"begin_{f.name}"] = (typ | None, PydField(None, title=f"{f.label}起", **bounds))
            spec[f"end_{f.name}"] = (typ | None, PydField(None, title=f"{f.label}止", **bounds))
    spec["after"] = (str | None, PydField(None, max_length=400, title="分页位置",
                                          description="the previous page's `next`: this page is sought, not skipped"))
    return create_model(f"{res.name}Query", __base__=ListQuery, **spec)


def list_range(res: Resource, f: F, query: BaseModel) -> tuple[Any, Any]:
    """A range filter's bounds (beginTime/endTime stand for the time field's)."""
    begin, end = getattr(query, f"begin_{f.name}", None), getattr(query, f"end_{f.name}", None)
    if f.name == res.time_field:
        begin = begin or getattr(query, "begin_time", None)
        end = end or getattr(query, "end_time", None)
    return begin, end


def list_conditions(res: Resource, query: BaseModel, principal: Principal) -> tuple[list[Q], str]:
    """The list call's filters and scopes, and the key that names them: one loop writes both, so one key never
    stands for two statements (tests/test_counts.py). Conditions, not a queryset: a list whose statement is
    kept (compiled.py) never builds one."""
    where: list[Q] = []
    key: list[str] = []
    for f in res.fields:
        if f.filter == "range":
            begin, end = res.range_of(f, query)
            if begin is None and end is None:
                continue
            key.append(f"{f.name}:{begin}:{end}")
            if f.kind == "datetime":
                bounds: dict[str, Any] = day_bounds(f.name, begin, end)
            elif f.kind == "date":
                bounds = {f"{f.name}__gte": begin} if begin else {}
                bounds |= {f"{f.name}__lte": end} if end else {}
            else:
                bounds = {f"{f.name}__gte": begin} if begin is not None else {}
                bounds |= {f"{f.name}__lte": end} if end is not None else {}
            if bounds:
                where.append(Q(**bounds))
            continue
        value = getattr(query, f.name, None) if f.filter else None
        if value is None or value == "":
            continue
        key.append(f"{f.name}={value!r}")
        if (kind := KINDS.get(f.kind)) is not None and kind.condition is not None:  # a region takes in those under it
            where.append(kind.condition(f.name, value))
        else:
            where.append(Q(**{f"{f.name}__icontains" if f.filter == "fragment" else f.name: value}))
    if res.scope_field and (dept := principal.authz.scope.dept_filter(res.scope_field)) is not None:
        where.append(dept)
        key.append(f"scope={sorted(principal.authz.scope.dept_ids)}")
    if res.shop_field and (shop := principal.authz.scope.shop_filter(res.shop_field)) is not None:
        where.append(shop)
        key.append(f"shop={principal.authz.scope.shop_id}")
    return where, "&".join(key)


def list_tally(res: Resource, query: BaseModel, principal: Principal
               ) -> tuple[DayTally, dict[str, Any], Any, Any] | None:
    """The tally, keys and days that answer this list call's total, or None when a filter or a scope outside
    every tally applies (``filtered`` applies the same filters)."""
    if not res.tallies:
        return None
    keys = {c for t in res.tallies for c in t.columns}
    equals: dict[str, Any] = {}
    begin = end = None
    for f in res.fields:
        if f.filter == "range":
            bounds = res.range_of(f, query)
            if f.name == res.time_field:
                begin, end = bounds
            elif bounds != (None, None):
                return None
            continue
        value = getattr(query, f.name, None) if f.filter else None
        if value is None or value == "":
            continue
        if f.filter != "exact" or f.name not in keys or (f.kind in KINDS and KINDS[f.kind].condition is not None):
            return None
        equals[f.name] = value
    if res.scope_field and principal.authz.scope.dept_filter(res.scope_field) is not None:
        return None
    own = principal.authz.scope.shop_id
    if res.shop_field and own is not None:
        if equals.get(res.shop_field, own) != own:
            return None
        equals[res.shop_field] = own
    fits = [t for t in res.tallies if t.columns[0] in equals and set(equals) <= set(t.columns)]
    if not fits:
        return None
    return min(fits, key=lambda t: len(t.columns)), equals, begin, end


async def list_total(res: Resource, request: web.Request, query: BaseModel, principal: Principal,
                     records: Callable[[], QuerySet], key: str) -> int:
    """The list's total: from the tally where it answers, else kept (``cached_count``) or counted."""
    asked = res.tally_filter(query, principal)
    if asked is not None:
        found = await tallied(res.model._meta.db, asked[0], zone().key, *asked[1:])
        if found is not None:
            return found
    if res.cached_count:
        return await counted(request.app, res.table, f"{res.name}?{key}", records, exact=True)  # built if counted
    return await records().count()


def list_kept_total(res: Resource, request: web.Request, query: BaseModel, principal: Principal, key: str
                    ) -> int | None:
    """The list's total when ``list_total`` would answer it from what this node keeps, without a statement: a
    call whose total is a tally's is never answered here (the tally is read from the database)."""
    if not res.cached_count or (res.tallies and res.tally_filter(query, principal) is not None):
        return None
    return kept(request.app, res.table, f"{res.name}?{key}")
