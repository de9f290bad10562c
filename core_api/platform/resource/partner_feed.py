"""The partner feed: the app's server writes a declared resource's records (docs/partner-api.md).

``Resource(..., partner=Partner("releases", ("uid", "content", ...), key=...))`` registers, on ``partner_api``
(tag "partner", signed and idempotent as every partner call: core_api/platform/partner.py),
``POST /api/partner/v1/{path}`` taking one record and, with ``batch=N``, ``POST .../{path}/batch`` taking
``{"records": [...]}`` of up to N records, all or none. A record is validated with the named fields' own
rules (the same zh-CN errors as the console's forms, and the dictionaries), its uids must be app users and
its ``refs`` must exist; the resource's ``check`` runs as for an operator's write. With a ``key`` the
record updates the row with the same key values (among the rows in the ``match`` state) or creates one;
without one it creates, or updates the row its ``id`` names when the feed lists the resource's key. Each
write leaves a history row (actor "partner") unless ``history=False`` (chat records: written in bulk)."""

from __future__ import annotations

import asyncio
import datetime as dt
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from aiohttp import web
from pydantic import BaseModel, ValidationError, WrapValidator, create_model
from pydantic import Field as PydField
from tortoise import connections
from tortoise.exceptions import IntegrityError
from tortoise.models import Model
from tortoise.transactions import in_transaction

from core_api.platform import sql
from core_api.platform.api import Api
from core_api.platform.contract import partner as partner_out
from core_api.platform.counts import changed
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.models import ChangeLog
from core_api.platform.paging import to_camel
from core_api.platform.partner import PartnerBody, partner_type
from core_api.platform.resource.fields import constraints, plain, python_type
from core_api.platform.resource.registry import PARTNER_ACTING, PARTNER_USERS, REGISTRY
from core_api.platform.resource.routes import route_handler
from core_api.platform.schema import INT_MAX, describe_validation_error
from core_api.platform.state import CLOCK, DICT
from core_api.platform.timefmt import aware

if TYPE_CHECKING:
    from core_api.platform.resource.declaration import Resource

PARTNER_ACTOR = "partner"
PARTNER_PREFIX = "/api/partner/v1/"
partner_api = Api("partner")
_TREE_LOCKS: dict[str, asyncio.Lock] = {}


@dataclass(frozen=True)
class Partner:
    path: str  # POST /api/partner/v1/{path}
    fields: tuple[str, ...]  # the declaration's fields the partner writes (operators' edit rules do not apply)
    key: tuple[str, ...] = ()  # the natural key: a record with the same values updates the row
    match: dict[str, str] = field(default_factory=dict)  # the key finds only rows in this state (else: new row)
    final: tuple[str, tuple[str, ...], str] | None = None  # (field, states, refusal): a row in a final state
    refs: dict[str, str] = field(default_factory=dict)  # field -> "Resource.column" that must exist
    tree: tuple[str, str] | None = None  # (child, parent) uid columns: not oneself, never a cycle
    batch: int = 0  # > 0: also POST .../{path}/batch with up to this many records
    removable: bool = False  # also POST .../{path}/remove: the record with the key values is deleted
    history: bool = True
    summary: str = ""
    actor: str = ""  # the uid field of the app user the call acts for (posts, adds...): not frozen, usable


def _partner_constraints(res: Resource, name: str) -> dict[str, Any]:
    f, c = res.by_name[name], constraints(res.by_name[name], res.model)
    if f.kind == "uid":
        c["ge"] = 1
    return c


def _partner_item_model(res: Resource, p: Partner) -> type[BaseModel]:
    spec: dict[str, Any] = {}
    for name in p.fields:
        f, c = res.by_name[name], _partner_constraints(res, name)
        if name == res.key:
            spec[name] = (int | None, PydField(None, ge=1, le=INT_MAX, title=f.label,
                                               description="an existing record's id: that record is updated"))
        elif f.required or name in p.key:
            spec[name] = (partner_type(python_type(f)), PydField(..., **c))
        else:
            spec[name] = (partner_type(python_type(f)) | None, PydField(None, **c))
    return create_model(f"Partner{res.name}", __base__=_PartnerBody, **spec)


_PartnerBody = PartnerBody  # unknown fields and type coercion refused (platform/partner.py)


def _partner_batch_model(res: Resource, p: Partner, item: type[BaseModel]) -> type[BaseModel]:
    def each(value: Any, handler: Any) -> Any:
        try:
            return handler(value)
        except ValidationError:
            for i, one in enumerate(value if isinstance(value, list) else []):
                try:
                    item.model_validate(one)
                except ValidationError as exc:
                    raise ValueError(f"记录第{i + 1}条：{describe_validation_error(exc, item)}") from None
            raise

    records = Annotated[list[item], WrapValidator(each)]  # type: ignore[valid-type]
    return create_model(f"Partner{res.name}Batch", __base__=_PartnerBody,
                        records=(records, PydField(..., min_length=1, max_length=p.batch, title="记录")))


async def _partner_values(request: web.Request, res: Resource, p: Partner, item: BaseModel) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name in p.fields:
        f, value = res.by_name[name], getattr(item, name)
        if value is None:
            continue  # not sent: the column's default on a create, left as it is on an update
        if f.kind == "datetime" and isinstance(value, dt.datetime):
            value = aware(value)  # without an offset: a time in the console's zone
        if f.kind in ("dict", "flag") and f.dict_type:
            allowed = {d["dictValue"] for d in await request.app[DICT].data_by_type(f.dict_type)}
            if value not in allowed:
                raise ServiceError(f"{f.label}的取值不正确")
        if f.required and isinstance(value, str) and not value.strip():
            raise ServiceError(f"{f.label}不能为空")
        values[name] = value
    return values


async def _partner_before(res: Resource, p: Partner, values: dict[str, Any]) -> dict[str, Any] | None:
    if res.key in values:
        rows = await res.model.filter(**{res.key: values.pop(res.key)}).values(*res.columns)
        if not rows:
            raise ServiceError(f"{res.title}记录不存在")
        return rows[0]
    if not p.key:
        return None
    where = {k: values[k] for k in p.key}
    if p.final is not None:
        column, states, refusal = p.final
        if await res.model.filter(**where, **{f"{column}__in": list(states)}).exists():
            raise ServiceError(refusal)
    rows = await res.model.filter(**where, **p.match).order_by(f"-{res.key}").limit(1).values(*res.columns)
    return rows[0] if rows else None


async def _partner_refs(res: Resource, p: Partner, items: list[dict[str, Any]], prefix: Callable[[int], str]) -> None:
    """Every uid is an app user's and every reference exists: one query per kind for the whole batch."""
    wanted: list[tuple[str, type[Model], str]] = []
    if PARTNER_USERS:
        users, column = PARTNER_USERS[0]
        wanted += [(name, users, column) for name in p.fields if res.by_name[name].kind == "uid"]
    for name, target in p.refs.items():
        other, _, column = target.partition(".")
        wanted.append((name, REGISTRY[other].model, column))
    for name, model, column in wanted:
        sent = {v[name] for v in items if v.get(name) is not None}
        if not sent:
            continue
        known = set(await model.filter(**{f"{column}__in": sorted(sent)}).values_list(column, flat=True))
        for i, v in enumerate(items):
            if v.get(name) is not None and v[name] not in known:
                raise ServiceError(f"{prefix(i)}{res.by_name[name].label} {v[name]} 不存在")


async def _partner_tree(res: Resource, p: Partner, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    assert p.tree is not None
    child_name, parent_name = p.tree
    child = values.get(child_name, before and before[child_name])
    parent = values.get(parent_name)
    label = res.by_name[parent_name].label
    if parent is None:
        return
    if parent == child:
        raise ServiceError(f"{label}不能是用户本人")
    step, depth = parent, 0
    while step is not None:
        if step == child:
            raise ServiceError(f"{label}会形成循环关系")
        depth += 1
        if depth > 1000:
            raise ServiceError(f"{label}关系链过长")
        up = await res.model.filter(**{child_name: step}).values_list(parent_name, flat=True)
        step = up[0] if up else None


async def _tree_lock(res: Resource) -> None:
    """PostgreSQL: crossing writes of a tree wait for each other (a transaction-scoped advisory lock)."""
    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        await conn.execute_query("SELECT pg_advisory_xact_lock($1, $2)",
                                 [74_023, zlib.crc32(res.table.encode()) & 0x7FFFFFFF])


async def _key_locks(res: Resource, p: Partner, all_values: list[dict[str, Any]]) -> None:
    """PostgreSQL: two calls for the same natural key (say two identity submissions of one uid under two
    idempotency keys) wait for each other, so the second finds the first's row instead of adding a twin.
    Taken in one order (sorted) so that two batches never wait for each other crosswise."""
    conn = connections.get("default")
    if not p.key or conn.capabilities.dialect != "postgres":
        return  # SQLite runs one write transaction at a time
    keys = sorted({zlib.crc32(repr((res.table, *(v.get(k) for k in p.key))).encode()) & 0x7FFFFFFF
                   for v in all_values})
    for key in keys:
        await conn.execute_query("SELECT pg_advisory_xact_lock($1, $2)", [74_024, key])


async def _partner_apply(request: web.Request, res: Resource, p: Partner, items: list[BaseModel],
                         batch: bool) -> list[tuple[int | None, bool]]:
    """Writes the records (all or none); answers (id, created) per record (id None for a bulk insert)."""
    def prefix(i: int) -> str:
        return f"记录第{i + 1}条：" if batch else ""

    all_values: list[dict[str, Any]] = []
    for i, item in enumerate(items):
        try:
            all_values.append(await _partner_values(request, res, p, item))
        except ServiceError as exc:
            raise ServiceError(prefix(i) + exc.msg, exc.code) from None
    await _partner_refs(res, p, all_values, prefix)
    for i, values in enumerate(all_values):
        try:
            await _partner_acting(p, values.get(p.actor))
        except ServiceError as exc:
            raise ServiceError(prefix(i) + exc.msg, exc.code) from None
    now = request.app[CLOCK].now()
    fields_map = res.model._meta.fields_map
    defaults = {n: res.by_name[n].default for n in p.fields if res.by_name[n].default is not None}
    create_stamps: dict[str, Any] = {"create_by": PARTNER_ACTOR} if res.stamped else {}
    if "create_time" in fields_map:
        create_stamps["create_time"] = now
    update_stamps = {"update_by": PARTNER_ACTOR, "update_time": now} if res.stamped else {}
    out: list[tuple[int | None, bool]] = []
    local = _TREE_LOCKS.setdefault(res.table, asyncio.Lock()) if p.tree else None
    if local is not None:
        await local.acquire()
    try:
        async with in_transaction():
            if p.tree:
                await _tree_lock(res)
            await _key_locks(res, p, all_values)
            if not p.key and not p.history and not any(res.key in v for v in all_values):
                for i, values in enumerate(all_values):
                    try:
                        if res.check is not None:
                            await res.check(request, values, None)
                    except ServiceError as exc:
                        raise ServiceError(prefix(i) + exc.msg, exc.code) from None
                await sql.insert_many([res.model(**{**create_stamps, **defaults, **v}) for v in all_values])
                out = [(None, True)] * len(all_values)
            else:
                logs: list[ChangeLog] = []
                for i, values in enumerate(all_values):
                    try:
                        before = await _partner_before(res, p, values)
                        if p.tree:
                            await _partner_tree(res, p, values, before)
                        if res.check is not None:
                            await res.check(request, values, before)
                    except ServiceError as exc:
                        raise ServiceError(prefix(i) + exc.msg, exc.code) from None
                    if before is None:
                        row = await res.model.create(**{**create_stamps, **defaults, **values})
                        record_id, action, was = getattr(row, res.key), "create", {}
                    else:
                        record_id, action, was = before[res.key], "update", before
                        values.pop("create_time", None)  # a record keeps its first time
                        await res.model.filter(**{res.key: record_id}).update(**values, **update_stamps)
                    out.append((record_id, before is None))
                    if p.history:
                        changes = {to_camel(k): [plain(was.get(k)), plain(v)] for k, v in values.items()
                                   if plain(was.get(k)) != plain(v)}
                        logs.append(ChangeLog(resource=res.name, record_id=record_id, action=action,
                                              actor=PARTNER_ACTOR, at=now, changes=changes,
                                              note=f"partner:{p.path}"))
                if logs:
                    await ChangeLog.bulk_create(logs)
    except IntegrityError as exc:
        raise ServiceError(res.duplicate) from exc
    finally:
        if local is not None:
            local.release()
    await changed(request.app, res.table, *res.touches)
    return out


async def _partner_acting(p: Partner, uid: Any) -> None:
    if p.actor and uid is not None:
        for check in PARTNER_ACTING:
            await check(uid)


async def _partner_remove(request: web.Request, res: Resource, p: Partner, body: BaseModel) -> int:
    """Deletes the record with the key values (in the ``match`` state): 0 when there is none (a repeat)."""
    await _partner_acting(p, getattr(body, p.actor, None))
    where = {k: getattr(body, k) for k in p.key}
    now = request.app[CLOCK].now()
    async with in_transaction():
        rows = await res.model.filter(**where, **p.match).values(*res.columns)
        if not rows:
            return 0
        if res.check is not None:
            for row in rows:
                await res.check(request, {}, row)
        await res.model.filter(**{f"{res.key}__in": [r[res.key] for r in rows]}).delete()
        if p.history:
            await ChangeLog.bulk_create([ChangeLog(
                resource=res.name, record_id=r[res.key], action="delete", actor=PARTNER_ACTOR, at=now,
                changes={to_camel(k): [plain(v), None] for k, v in r.items() if v is not None},
                note=f"partner:{p.path}/remove") for r in rows])
    await changed(request.app, res.table, *res.touches)
    return len(rows)


def _named(fn: Callable[..., Awaitable[web.StreamResponse]], name: str) -> Callable[..., Awaitable[web.StreamResponse]]:
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = "core_api.partner.feeds"  # operationId partner_feed_{path}
    return fn


def add_partner_feed(res: Resource, p: Partner) -> None:
    if p.path in {r.partner.path for r in REGISTRY.values() if r.partner is not None and r is not res}:
        raise ValueError(f"{res.name}: partner path {p.path} declared twice")
    for name in (*p.fields, *p.key, *p.match, *p.refs, *(p.tree or ()), *((p.actor,) if p.actor else ())):
        if name not in res.by_name:
            raise ValueError(f"{res.name}: partner field {name} is not a field of the declaration")
    item = _partner_item_model(res, p)
    what = p.summary or res.title_en

    async def feed(request: web.Request, body: Any) -> web.Response:
        ((record_id, created),) = await _partner_apply(request, res, p, [body], batch=False)
        return ok(data={"id": record_id, "created": created})

    how = f" (upsert by {', '.join(to_camel(k) for k in p.key)})" if p.key else ""
    partner_api.post(f"{PARTNER_PREFIX}{p.path}", partner=True, response=partner_out.FeedOut,
                     summary=f"Partner feed: {what}{how}")(
        _named(route_handler(feed, res, "partner", {"request": web.Request, "body": item}), f"feed_{p.path}"))
    if p.removable:
        if not p.key:
            raise ValueError(f"{res.name}: a removable partner feed needs a key")
        key_spec: dict[str, Any] = {k: (python_type(res.by_name[k]), PydField(..., **_partner_constraints(res, k)))
                                    for k in p.key}
        gone = create_model(f"Partner{res.name}Remove", __base__=_PartnerBody, **key_spec)

        async def feed_remove(request: web.Request, body: Any) -> web.Response:
            return ok(data={"removed": await _partner_remove(request, res, p, body)})

        partner_api.post(f"{PARTNER_PREFIX}{p.path}/remove", partner=True, response=partner_out.FeedRemovedOut,
                         summary=f"Partner feed: remove {what} by {', '.join(to_camel(k) for k in p.key)}")(
            _named(route_handler(feed_remove, res, "partner_remove", {"request": web.Request, "body": gone}),
                   f"feed_{p.path}_remove"))
    if p.batch:
        many = _partner_batch_model(res, p, item)

        async def feed_batch(request: web.Request, body: Any) -> web.Response:
            done = await _partner_apply(request, res, p, list(body.records), batch=True)
            created = sum(1 for _, c in done if c)
            return ok(data={"count": len(done), "created": created, "updated": len(done) - created,
                            "ids": [i for i, _ in done if i is not None]})

        partner_api.post(f"{PARTNER_PREFIX}{p.path}/batch", partner=True, response=partner_out.FeedBatchOut,
                         summary=f"Partner feed: up to {p.batch} {what} at once, all or none")(
            _named(route_handler(feed_batch, res, "partner_batch", {"request": web.Request, "body": many}),
                   f"feed_{p.path}_batch"))
