"""A business resource is one declaration: its model, its fields, its permission prefix and its extras.

``Resource(...)`` gives the spec's six calls at ``/admin/{name}`` (list by GET or POST, one record,
create, update, delete, shelf toggle), the xlsx export, the change history of a record, the metadata
the screens are drawn from, their OpenAPI (through the ordinary ``Api``) and the operation log. A field
is one ``F(...)`` line: it shows up in the list, the filters, the form, the export and the documents.

What differs per resource is written by hand beside the declaration: ``check`` (extra rules before a
write) and ``Action`` entries that describe hand-written calls (audit, block, send alarm) to the screens.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from aiohttp import web
from pydantic import BaseModel, ConfigDict, ValidationError, WrapValidator, create_model
from pydantic import Field as PydField
from tortoise import connections
from tortoise import fields as tortoise_fields
from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q
from tortoise.models import Model
from tortoise.queryset import QuerySet
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, OperLogSpec, request_lang
from core_api.platform.compiled import values_of
from core_api.platform.contract import (
    ChangeEntry,
    FieldKind,
    ListPageOut,
    ResourceActionMeta,
    ResourceFieldMeta,
    ResourceMeta,
    ResourceMetaOut,
)
from core_api.platform.counts import changed, counted, counts_of
from core_api.platform.envelope import MSG_QUERY_OK, is_business_list, json_response, ok
from core_api.platform.envelope import page as business_page
from core_api.platform.errors import Forbidden, NotFound, ServiceError
from core_api.platform.excel import Column, keyset_batches, xlsx_response
from core_api.platform.html import RichText
from core_api.platform.models import ChangeLog
from core_api.platform.paging import ListQuery, day_bounds, parse_ids, to_camel
from core_api.platform.partner import PartnerBody, partner_type
from core_api.platform.schema import (
    INT_MAX,
    Flag,
    IdCardNumber,
    Schema,
    WebAddress,
    describe_validation_error,
    dict_valued,
    refusal,
)
from core_api.platform.security import OPERATOR_ONLY, Principal, any_perm
from core_api.platform.seek import cursor_after, seek_filter
from core_api.platform.state import CLOCK, DICT
from core_api.platform.tally import DayTally, tallied
from core_api.platform.timefmt import aware, fmt, zone

PERSONAL_DATA = "account:consumer:personal"  # view phone and ID numbers unmasked
SHELF_ON, SHELF_OFF = "1", "0"
CONFLICT = "记录已被他人修改，请刷新后重试"
# What a RuoYi-family client echoes back from the record it loaded; accepted and ignored in a body.
ECHOED = ("create_by", "create_time", "update_by", "update_time", "params", "search_value")
Mask = Literal["phone", "idcard", "name"]


@dataclass(frozen=True)
class F:
    """One field of a resource. ``edit``: "always" (create and update), "create" (set once), "never".

    A ``location`` field is an address picked on the map: the declaration's ``lng`` and ``lat`` fields are its
    companions (the picker fills all three); they take degrees (−180..180, −90..90), kept to 6 decimals."""

    name: str
    label: str
    label_en: str
    kind: FieldKind = "text"
    dict_type: str | None = None
    required: bool = False
    max_length: int | None = None
    min: int | None = None
    max: int | None = None
    listed: bool = True
    filter: Literal["exact", "fragment", "range"] | None = None
    sortable: bool = False
    edit: Literal["always", "create", "never"] = "always"
    exported: bool = True
    mask: Mask | None = None
    default: Any = None
    virtual: bool = False  # not a column: listed only, filled by the resource's ``enrich`` (a joined name)
    # A ``targets`` field (comma-joined ids picked on the screen): the dict field it follows, and what its ids
    # name for each value of that field ("category" or "goods"; a value not listed hides the field).
    follows: str | None = None
    picks: tuple[tuple[str, Literal["category", "goods"]], ...] = ()

    @property
    def wire(self) -> str:
        return to_camel(self.name)

    @property
    def named(self) -> tuple[str, str]:
        """How a refusal names the field: its title in zh-CN, its wire name in English (as validation does)."""
        return self.label, self.wire


@dataclass(frozen=True)
class Action:
    """A hand-written call of the resource as the screens show it (the route itself is an ordinary ``@api``)."""

    key: str
    label: str
    label_en: str
    perm: str  # the action's suffix: account:auth + audit
    path: str  # LINK: the view path of the console page opened with the row's params as its query
    method: Literal["GET", "POST", "LINK"] = "POST"
    row: bool = True
    params: dict[str, str] = field(default_factory=dict)
    fields: tuple[F, ...] = ()
    confirm: str | None = None
    confirm_en: str | None = None
    when: dict[str, list[str]] | None = None

    def full_perm(self, prefix: str) -> str:
        """``perm`` under the resource's prefix, or as given when it is whole (an action of another screen's
        permission: the shop orders' "ship" is order:logistics:ship)."""
        return self.perm if ":" in self.perm else f"{prefix}:{self.perm}"


Check = Callable[[web.Request, dict[str, Any], dict[str, Any] | None], Awaitable[None]]
# The webhook events a write tells the app server (action, the record before, the values written): recorded
# in the write's transaction, published after its commit (core_api/platform/webhook.py).
Events = Callable[[web.Request, str, dict[str, Any], dict[str, Any]], Awaitable[list[Any]]]
Enrich = Callable[[list[dict[str, Any]]], Awaitable[None]]  # fills the virtual fields of rows, in place
# Runs in the transaction of every operator's write (create, update, shelf, delete) with the action, the record's
# id and its row as it now is (None once deleted): keeps derived data, such as the places index, in step.
Written = Callable[[str, int, dict[str, Any] | None], Awaitable[None]]
REGISTRY: dict[str, Resource] = {}
# The area kind (a region code): code → its path ("北京市/北京市/朝阳区") for the known codes; set by
# core_api.region.division (the platform knows no regions). A write must name a known code; rows carry the path
# beside the code as ``{field}Path``.
AREA_PATHS: list[Callable[[list[str]], Awaitable[dict[str, str]]]] = []
# The shop kind (a mall shop's id): id → its name for the ids that exist; set by core_api.mall.shop. A write must
# name a shop that exists (0, "the platform", only where the field's ``min`` is 0); rows carry ``{field}Name``.
SHOP_NAMES: list[Callable[[list[int]], Awaitable[dict[int, str]]]] = []
# The category kind (a goods category's id): the filter of a category field by a chosen id (its goods and, for a
# first-level category, its children's goods); set by core_api.mall.goods.category.
CATEGORY_FILTER: list[Callable[[str, int], Q]] = []
SHOP_TABLE = "mall_shop"  # its writes bump this change stamp: the names kept by shop_names follow it


@dataclass
class Resource:
    name: str
    model: type[Model]
    perm: str
    title: str
    title_en: str
    view: str
    fields: Sequence[F]
    list_method: Literal["GET", "POST"] = "GET"
    list_path: str | None = None  # where the spec puts a list of its own (default /admin/{name}/list)
    shelf: str | None = "shelf"
    order: tuple[str, ...] = ("-id",)
    time_field: str = "create_time"  # what beginTime/endTime filter
    creatable: bool = True
    editable: bool = True
    removable: bool = True
    exportable: bool = True
    actions: Sequence[Action] = ()
    check: Check | None = None
    scope_field: str | None = None  # a department column: the caller's data scope applies
    touches: tuple[str, ...] = ()  # other tables whose cached list totals a write here changes
    # A shop column (an F of kind "shop"): a shop account reads, writes and creates only its own shop's records;
    # another shop's id answers 404 (core_api/platform/security.py DataScope.shop_id).
    shop_field: str | None = None
    list_perm: str | None = None  # the list's (and screen's) permission when not {perm}:list (a sub-page)
    duplicate: str = "记录已存在，请勿重复提交"  # a unique index refused the write (two writes at once)
    partner: Partner | None = None  # the app's server writes these records: POST /api/partner/v1/{path}
    hand_list: bool = False  # the list (at list_path) and the one-record call are hand-written routes
    export_path: str | None = None  # a background export (answers {jobId}) instead of the streamed one
    enrich: Enrich | None = None
    events: Events | None = None
    written: Written | None = None
    add_perm: str | None = None  # what creating takes when not {perm}:add (the spec's one "edit" creates too)
    # The platform's records: a shop account may read them (when its role lets it), never write them.
    operator_only: bool = False
    # The list total is kept until the table's next write through the console (core_api/platform/counts.py);
    # False where the rows also change elsewhere (orders moved by the app, the wallet and the timeouts).
    cached_count: bool = True
    # Counted per keys and local day by triggers (core_api/platform/tally.py): a list filtered by nothing but a
    # tally's keys (exact filters, the caller's shop; its first key given) and a range of ``time_field``'s days
    # sums that tally's rows (the one with the fewest keys beyond those asked).
    tallies: tuple[DayTally, ...] = ()
    api: Api = field(init=False)

    def __post_init__(self) -> None:
        if self.name in REGISTRY:
            raise ValueError(f"resource {self.name} declared twice")
        REGISTRY[self.name] = self
        self.key = self.model._meta.pk_attr
        self.table = self.model._meta.db_table
        self.by_name = {f.name: f for f in self.fields}
        for needed in (self.key, *(n.lstrip("-") for n in self.order)):
            if needed not in self.model._meta.fields_map:
                raise ValueError(f"{self.name}: {needed} is not a field of {self.model.__name__}")
        for f in self.fields:
            if f.virtual:
                if f.filter or f.edit != "never" or f.exported or f.sortable:
                    raise ValueError(f"{self.name}: virtual {f.name} is listed only (edit='never', exported=False)")
                continue
            if f.name not in self.model._meta.fields_map:
                raise ValueError(f"{self.name}: {f.name} is not a field of {self.model.__name__}")
        kinds = [f.kind for f in self.fields]
        if self.shop_field and (self.shop_field not in self.by_name or self.by_name[self.shop_field].kind != "shop"):
            raise ValueError(f"{self.name}: the shop field {self.shop_field} must be an F of kind 'shop'")
        for f in self.fields:
            if f.kind == "targets" and (f.follows not in self.by_name or not f.picks):
                raise ValueError(f"{self.name}: targets field {f.name} needs the field it follows and its picks")
        if "location" in kinds and not ("lng" in kinds and "lat" in kinds):
            raise ValueError(f"{self.name}: a location field needs an lng and a lat field beside it")
        for t in self.tallies:
            if (t.table != self.table or t.time != self.time_field or not all(c in self.by_name for c in t.columns)
                    or self.by_name.get(self.time_field, F("", "", "")).kind != "datetime"):
                raise ValueError(f"{self.name}: a tally counts this table by listed keys and a datetime time_field")
        self.stamped = "create_by" in self.model._meta.fields_map
        self.columns = list(dict.fromkeys([self.key, *(f.name for f in self.fields if not f.virtual)]))
        self.query_model = _query_model(self)
        self.create_model = _body_model(self, creating=True)
        self.update_model = _body_model(self, creating=False)
        self.list_perm = self.list_perm or f"{self.perm}:list"
        if self.operator_only:
            writes = ("add", "edit", "remove", "shelf")
            OPERATOR_ONLY.update(f"{self.perm}:{p}" for p in writes)
            OPERATOR_ONLY.update(a.full_perm(self.perm) for a in self.actions if a.method != "LINK")  # not reads
            if self.add_perm:
                OPERATOR_ONLY.add(self.add_perm)
        self.api = Api(f"admin-{self.name}")
        _routes(self)
        if self.partner is not None:
            _partner_routes(self, self.partner)

    # ---- reading

    def range_of(self, f: F, query: BaseModel) -> tuple[Any, Any]:
        """A range filter's bounds (beginTime/endTime stand for the time field's)."""
        begin, end = getattr(query, f"begin_{f.name}", None), getattr(query, f"end_{f.name}", None)
        if f.name == self.time_field:
            begin = begin or getattr(query, "begin_time", None)
            end = end or getattr(query, "end_time", None)
        return begin, end

    def conditions(self, query: BaseModel, principal: Principal) -> tuple[list[Q], str]:
        """The list call's filters and scopes, and the key that names them: one loop writes both, so one key never
        stands for two statements (tests/test_counts.py). Conditions, not a queryset: a list whose statement is
        kept (compiled.py) never builds one."""
        where: list[Q] = []
        key: list[str] = []
        for f in self.fields:
            if f.filter == "range":
                begin, end = self.range_of(f, query)
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
            if f.kind == "area":  # a region's records are those of the region and every region under it
                where.append(Q(**{f"{f.name}__startswith": area_prefix(str(value))}))
            elif f.kind == "category" and CATEGORY_FILTER:  # a first-level category takes in its children
                where.append(CATEGORY_FILTER[0](f.name, int(value)))
            else:
                where.append(Q(**{f"{f.name}__icontains" if f.filter == "fragment" else f.name: value}))
        if self.scope_field and (dept := principal.authz.scope.dept_filter(self.scope_field)) is not None:
            where.append(dept)
            key.append(f"scope={sorted(principal.authz.scope.dept_ids)}")
        if self.shop_field and (shop := principal.authz.scope.shop_filter(self.shop_field)) is not None:
            where.append(shop)
            key.append(f"shop={principal.authz.scope.shop_id}")
        return where, "&".join(key)

    def filtered(self, query: BaseModel, principal: Principal) -> tuple[QuerySet, str]:
        """The list call's records (``conditions``) and their key."""
        where, key = self.conditions(query, principal)
        return self.model.filter(*where), key

    def tally_filter(self, query: BaseModel, principal: Principal) -> tuple[DayTally, dict[str, Any], Any, Any] | None:
        """The tally, keys and days that answer this list call's total, or None when a filter or a scope outside
        every tally applies (``filtered`` applies the same filters)."""
        if not self.tallies:
            return None
        keys = {c for t in self.tallies for c in t.columns}
        equals: dict[str, Any] = {}
        begin = end = None
        for f in self.fields:
            if f.filter == "range":
                bounds = self.range_of(f, query)
                if f.name == self.time_field:
                    begin, end = bounds
                elif bounds != (None, None):
                    return None
                continue
            value = getattr(query, f.name, None) if f.filter else None
            if value is None or value == "":
                continue
            if f.filter != "exact" or f.kind in ("area", "category") or f.name not in keys:
                return None
            equals[f.name] = value
        if self.scope_field and principal.authz.scope.dept_filter(self.scope_field) is not None:
            return None
        own = principal.authz.scope.shop_id
        if self.shop_field and own is not None:
            if equals.get(self.shop_field, own) != own:
                return None
            equals[self.shop_field] = own
        fits = [t for t in self.tallies if t.columns[0] in equals and set(equals) <= set(t.columns)]
        if not fits:
            return None
        return min(fits, key=lambda t: len(t.columns)), equals, begin, end

    async def total(self, request: web.Request, query: BaseModel, principal: Principal,
                    records: Callable[[], QuerySet], key: str) -> int:
        """The list's total: from the tally where it answers, else kept (``cached_count``) or counted."""
        asked = self.tally_filter(query, principal)
        if asked is not None:
            found = await tallied(self.model._meta.db, asked[0], zone().key, *asked[1:])
            if found is not None:
                return found
        if self.cached_count:
            return await counted(request.app, self.table, f"{self.name}?{key}", records(), exact=True)
        return await records().count()

    def sorts(self, principal: Principal) -> dict[str, str]:
        """The columns the caller may sort by (wire name → field)."""
        return {f.wire: f.name for f in self.fields if f.sortable}

    def view_of(self, principal: Principal | None) -> Callable[[dict[str, Any]], dict[str, Any]]:
        personal = principal is not None and principal.authz.has_permi(PERSONAL_DATA)
        masked = [(f.wire, f.mask) for f in self.fields if f.mask and not personal]

        def view(row: dict[str, Any]) -> dict[str, Any]:  # every cell of every list: kept lean
            out: dict[str, Any] = {}
            for name, value in row.items():
                if value.__class__ not in PLAIN:
                    if isinstance(value, dt.datetime):
                        value = fmt(value)
                    elif isinstance(value, dt.date):
                        value = value.isoformat()
                out[to_camel(name)] = value
            for wire, how in masked:
                out[wire] = mask(out.get(wire), how)
            return out

        return view

    def scoped(self, principal: Principal, qs: QuerySet) -> QuerySet:
        """The records of ``qs`` the caller may see: its data scope and, for a shop account, its own shop."""
        if self.scope_field and (where := principal.authz.scope.dept_filter(self.scope_field)) is not None:
            qs = qs.filter(where)
        if self.shop_field and (where := principal.authz.scope.shop_filter(self.shop_field)) is not None:
            qs = qs.filter(where)
        return qs

    async def one(self, request: web.Request, principal: Principal, record_id: int) -> dict[str, Any]:
        qs = self.scoped(principal, self.model.filter(**{self.key: record_id}))
        rows = await qs.values(*self.columns)
        if not rows:
            raise NotFound()
        return rows[0]

    # ---- writing

    async def record(self, request: web.Request, principal: Principal, record_id: int, action: str,
                     before: dict[str, Any], after: dict[str, Any], note: str | None = None) -> None:
        """One history row: the fields that changed, before and after, who and when."""
        changes = {to_camel(k): [_plain(before.get(k)), _plain(v)] for k, v in after.items()
                   if _plain(before.get(k)) != _plain(v)}
        if action == "delete":
            changes = {to_camel(k): [_plain(v), None] for k, v in before.items() if v is not None}
        await ChangeLog.create(resource=self.name, record_id=record_id, action=action, actor=principal.user_name,
                               at=request.app[CLOCK].now(), changes=changes, note=note)
        if self.written is not None:
            await self.written(action, record_id, None if action == "delete" else {**before, **after})
        await changed(request.app, self.table, *self.touches)

    async def checked_values(self, request: web.Request, body: BaseModel, before: dict[str, Any] | None
                             ) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for f in self.fields:
            if f.virtual or f.name not in type(body).model_fields:
                continue
            value = getattr(body, f.name)
            writable = f.edit == "always" or (f.edit == "create" and before is None)
            if not writable:
                if f.name in body.model_fields_set and value not in (None, "") and (
                        before is None or str(value) != str(_plain(before.get(f.name)))):
                    raise refusal("不允许修改{field}", field=f.named)
                continue
            if f.kind == "datetime" and isinstance(value, dt.datetime):
                value = aware(value)  # typed on the screen: a time in the configured zone, as shown
            if f.kind in ("lng", "lat") and value is not None:
                value = round(value, 6)
            if f.kind in ("dict", "flag") and f.dict_type and value not in (None, ""):
                # also where a hand-written body (an alternate call's) reaches the declaration's write
                allowed = {d["dictValue"] for d in await request.app[DICT].data_by_type(f.dict_type)}
                if value not in allowed:
                    raise refusal("{field}的取值不正确", field=f.named)
            if f.kind == "area" and value:
                if AREA_PATHS and value not in await AREA_PATHS[0]([value]):
                    raise refusal("{field}：区域编码 {value} 不存在", field=f.named, value=value)
            if f.kind == "shop" and writable:
                value = await _shop_value(request, f, value, before)
            if f.kind == "uid" and value is not None and (before is None or value != before.get(f.name)):
                if await unknown_app_users([value]):
                    raise refusal("{field}：用户 {value} 不存在", field=f.named, value=value)
            if value is None:
                if f.default is not None and before is None:
                    value = f.default
                elif f.name not in body.model_fields_set:
                    continue  # not sent: left as it is (or the column's default)
                elif not self.model._meta.fields_map[f.name].null:
                    if f.kind in ("id", "int", "uid", "money", "category", "datetime", "date"):
                        continue
                    value = ""  # a cleared text box
            values[f.name] = value
        coords = [f for f in self.fields if f.kind in ("lng", "lat")]
        if coords:  # a location is both coordinates or neither
            now = [values.get(f.name, (before or {}).get(f.name)) for f in coords]
            if any(v is None for v in now) and any(v is not None for v in now):
                raise ServiceError("经度和纬度必须同时填写")
        if self.check is not None:
            await self.check(request, values, before)
        return values


async def _shop_value(request: web.Request, f: F, value: Any, before: dict[str, Any] | None) -> Any:
    """A shop account writes its own shop's records only; an operator names a shop that exists."""
    from core_api.platform.state import PRINCIPAL

    own = request[PRINCIPAL].authz.scope.shop_id
    if own is not None:
        if value not in (None, own):
            raise NotFound()  # another shop's id: as if it did not exist
        return own
    if value is None:
        if before is None and f.required:
            raise refusal("请选择{field}", field=f.named)
        return value
    if value == 0 and f.min == 0:
        return value  # the platform's own record (a platform coupon)
    if not SHOP_NAMES or value not in await SHOP_NAMES[0]([value]):  # no shops known: none exists
        raise refusal("{field}：店铺 {value} 不存在", field=f.named, value=value)
    return value


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


async def shop_names(res: Resource, rows: list[dict[str, Any]], app: web.Application | None = None) -> None:
    """Rows of a resource with shop fields carry each shop's name beside its id (``shopName``). Given the app, the
    names are kept under the shop table's change stamp (a name is the same for every caller: the rows, not the
    names, carry the caller's scope), so a page reads only the shops it has not seen since the last shop write."""
    fields = [f for f in res.fields if f.kind == "shop" and not f.virtual]
    if not fields or not rows or not SHOP_NAMES:
        return
    ids = sorted({int(r[f.name]) for r in rows for f in fields if r.get(f.name)})
    if app is None:
        names = await SHOP_NAMES[0](ids)
    else:
        kept = counts_of(app).memo(SHOP_TABLE)
        if missing := [i for i in ids if i not in kept]:
            found = await SHOP_NAMES[0](missing)
            kept.update({i: found.get(i, "") for i in missing})
        names = kept
    for r in rows:
        for f in fields:
            shop = r.get(f.name)
            r[f"{f.name.removesuffix('_id')}_name"] = "平台" if shop == 0 else names.get(int(shop or 0), "")


def area_prefix(code: str) -> str:
    """The prefix every code under a region starts with (GB/T 2260): 110000 → 11, 110100 → 1101, 110105 → 110105."""
    if len(code) == 6 and code.endswith("0000"):
        return code[:2]
    if len(code) == 6 and code.endswith("00"):
        return code[:4]
    return code


async def area_paths(res: Resource, rows: list[dict[str, Any]]) -> None:
    """Puts the path of every area field's code beside it (``{field}_path``), in place."""
    names = [f.name for f in res.fields if f.kind == "area"]
    if not names or not rows or not AREA_PATHS:
        return
    paths = await AREA_PATHS[0]([r[n] for r in rows for n in names if r.get(n)])
    for r in rows:
        for n in names:
            r[f"{n}_path"] = paths.get(r.get(n) or "", "")


PLAIN = frozenset({str, int, float, bool, type(None)})  # cells a view passes as they are


def mask(value: Any, how: Mask | None) -> Any:
    if not isinstance(value, str) or not value:
        return value
    if how == "phone" and len(value) >= 7:
        return value[:3] + "****" + value[-4:]
    if how == "idcard" and len(value) >= 8:
        return value[:4] + "*" * (len(value) - 8) + value[-4:]
    if how == "name":
        return value[:1] + "*" * max(len(value) - 1, 1)
    return "*" * len(value)


def _plain(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return fmt(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


# ---- the models a declaration yields

PATTERNS = {"phone": r"^1\d{10}$", "idcard": r"^\d{17}[\dXx]$"}


def _python_type(f: F) -> Any:
    if f.kind in ("id", "int", "uid", "money", "shop", "category"):
        return int
    if f.kind in ("dict", "flag"):
        return Flag
    if f.kind == "datetime":
        return dt.datetime
    if f.kind == "date":
        return dt.date
    if f.kind == "richtext":
        return RichText
    if f.kind == "url":
        return WebAddress
    if f.kind == "idcard":
        return IdCardNumber
    if f.kind in ("lng", "lat"):
        return float
    return str


# The largest magnitude each integer column holds: a bound beyond it fails in PostgreSQL, not at the gate.
INT_COLUMNS = ((tortoise_fields.BigIntField, INT_MAX), (tortoise_fields.SmallIntField, 2**15 - 1),
               (tortoise_fields.IntField, 2**31 - 1))


def column_limits(model: type[Model], name: str) -> tuple[int | None, int | None]:
    """(the largest integer, the longest text) the column ``name`` of ``model`` holds, None where unbounded."""
    column = model._meta.fields_map.get(name)
    largest = next((bound for cls, bound in INT_COLUMNS if isinstance(column, cls)), None)
    return largest, getattr(column, "max_length", None) if isinstance(column, tortoise_fields.CharField) else None


def _constraints(f: F, model: type[Model] | None = None) -> dict[str, Any]:
    """A field's rules as pydantic takes them: the declaration's, never beyond what its column holds, so that a
    value the gate lets through never fails in the database."""
    largest, longest = column_limits(model, f.name) if model is not None else (None, None)
    out: dict[str, Any] = {"title": f.label}
    if f.kind in ("id", "int", "uid", "money", "shop", "category"):
        top = min(INT_MAX, largest or INT_MAX)
        out["ge"] = max(f.min if f.min is not None else (0 if f.kind != "int" else -top), -top)
        out["le"] = min(f.max if f.max is not None else top, top)
    elif f.kind in ("lng", "lat"):
        bound = 180 if f.kind == "lng" else 90
        out.update(ge=-bound, le=bound, allow_inf_nan=False)
    elif f.kind in ("dict", "flag"):
        out["max_length"] = min(f.max_length or 16, longest or 16)
        if f.dict_type:
            out["json_schema_extra"] = dict_valued(f.dict_type)
    elif f.kind == "area":
        out["max_length"] = 12
        out["pattern"] = r"^(\d{6}|\d{9})?$"
        if f.required:
            out["min_length"] = 1
    elif f.kind not in ("datetime", "date"):
        default_length = {"richtext": 200_000, "images": 2000, "textarea": 2000}.get(f.kind, 255)
        out["max_length"] = min(f.max_length or default_length, longest or default_length)
        if f.required:
            out["min_length"] = 1
        if f.kind in PATTERNS:
            out["pattern"] = PATTERNS[f.kind]
    return out


def _query_model(res: Resource) -> type[BaseModel]:
    spec: dict[str, Any] = {}
    for f in res.fields:
        if f.filter in ("exact", "fragment"):
            c = _constraints(f, res.model)
            c.pop("min_length", None)
            if f.filter == "fragment":
                c.pop("pattern", None)
            spec[f.name] = (_python_type(f) | None, PydField(None, **c))
        elif f.filter == "range":
            typ = dt.date if f.kind in ("datetime", "date") else int
            bounds = {k: v for k, v in _constraints(f, res.model).items() if k in ("ge", "le")} if typ is int else {}
            spec[f"begin_{f.name}"] = (typ | None, PydField(None, title=f"{f.label}起", **bounds))
            spec[f"end_{f.name}"] = (typ | None, PydField(None, title=f"{f.label}止", **bounds))
    spec["after"] = (str | None, PydField(None, max_length=400, title="分页位置",
                                          description="the previous page's `next`: this page is sought, not skipped"))
    return create_model(f"{res.name}Query", __base__=ListQuery, **spec)


class _Body(Schema):
    model_config = ConfigDict(extra="forbid")


def _body_model(res: Resource, creating: bool) -> type[BaseModel]:
    spec: dict[str, Any] = {name: (Any, PydField(None, exclude=True)) for name in ECHOED}
    if not creating:
        spec[res.key] = (int, PydField(..., ge=1, le=INT_MAX, title="编号"))
    else:
        spec[res.key] = (Any, PydField(None, exclude=True))
    for f in res.fields:
        if f.name == res.key or f.virtual:
            continue
        writable = f.edit == "always" or (f.edit == "create" and creating)
        typ = _python_type(f)
        if writable and f.required and f.kind != "shop":  # a shop account's records take its shop unasked
            spec[f.name] = (typ, PydField(..., **_constraints(f, res.model)))
        else:
            # read-only fields may be echoed back; checked_values refuses a changed value
            rules = _constraints(f, res.model) if writable else {}
            spec[f.name] = ((typ | None) if writable else Any, PydField(None, **rules))
    kind = "Create" if creating else "Update"
    return create_model(f"{res.name}{kind}", __base__=_Body, **spec)


# ---- the history

class HistoryOut(Schema):
    code: int = 200
    msg: str = "查询成功"
    data: list[ChangeEntry]


# ---- the routes

def _handler(fn: Callable[..., Awaitable[web.StreamResponse]], res: Resource, name: str,
             annotations: dict[str, Any]) -> Callable[..., Awaitable[web.StreamResponse]]:
    fn.__name__ = f"{res.name}_{name}"
    fn.__qualname__ = fn.__name__
    fn.__annotations__ = {**annotations, "return": web.StreamResponse}
    return fn


def _routes(res: Resource) -> None:  # noqa: C901 - one place for the calls of every resource
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
            return qs.order_by(*ordering).limit(query.page_size).values(*res.columns)

        rows, total = await asyncio.gather(values_of(page_query, page, res.model),
                                           res.total(request, query, principal, records, key))
        after = (cursor_after(res.model, rows[-1], key, ordering, query.page_num + 1)
                 if seekable and len(rows) == query.page_size else None)
        if res.enrich is not None:
            await res.enrich(rows)
        await area_paths(res, rows)
        await shop_names(res, rows, request.app)
        view = res.view_of(principal)
        if business:  # a list_data-style path answers the business page, the cursor in it
            return business_page([view(r) for r in rows], total, query.page_num, query.page_size, next=after)
        return json_response({"code": 200, "msg": MSG_QUERY_OK, "total": total, "rows": [view(r) for r in rows],
                              "next": after})

    if res.hand_list:
        pass  # the list and the one-record call are ordinary routes of the feature
    elif res.list_method == "GET":
        async def list_get(request: web.Request, principal: Principal, query: Any) -> web.Response:
            return await list_rows(request, principal, query)

        api.get(list_path, need=any_perm(res.list_perm or f"{perm}:list"), summary=f"{title}: a page of the list",
                response=ListPageOut if business else None)(
            _handler(list_get, res, "list", {"request": web.Request, "principal": Principal, "query": q}))
    else:
        async def list_post(request: web.Request, principal: Principal, body: Any) -> web.Response:
            return await list_rows(request, principal, body)

        api.post(list_path, need=any_perm(res.list_perm or f"{perm}:list"),
                 summary=f"{title}: a page of the list (filters in the body)",
                 response=ListPageOut if business else None)(
            _handler(list_post, res, "list", {"request": web.Request, "principal": Principal, "body": q}))

    async def get_one(request: web.Request, principal: Principal, id: int) -> web.Response:  # noqa: A002
        row = await res.one(request, principal, id)
        if res.enrich is not None:
            await res.enrich([row])
        await area_paths(res, [row])
        await shop_names(res, [row], request.app)
        return ok(data=res.view_of(principal)(row))

    if not res.hand_list:
        api.get(f"{base}/{ident}", need=any_perm(f"{perm}:query"), summary=f"{title}: one record")(
            _handler(get_one, res, "get", {"request": web.Request, "principal": Principal, "id": int}))

    async def history(request: web.Request, principal: Principal, id: int) -> web.Response:  # noqa: A002
        await res.one(request, principal, id)  # the record exists and is in the caller's scope
        rows = await ChangeLog.filter(resource=res.name, record_id=id).order_by("-id").limit(200).values()
        return ok(data=[{"id": r["id"], "action": r["action"], "actor": r["actor"], "at": fmt(r["at"]),
                         "changes": r["changes"], "note": r["note"]} for r in rows])

    api.get(f"{base}/history/{ident}", need=any_perm(f"{perm}:query"), response=HistoryOut,
            summary=f"{title}: who changed the record, when, and what")(
        _handler(history, res, "history", {"request": web.Request, "principal": Principal, "id": int}))

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
                 log=OperLogSpec(title, BusinessType.INSERT))(
            _handler(create, res, "create", {"request": web.Request, "principal": Principal,
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
            _handler(update, res, "update", {"request": web.Request, "principal": Principal,
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
            _handler(remove, res, "delete", {"request": web.Request, "principal": Principal, "ids": str}))

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

        api.get(f"{base}/shelf/{ident}", need=any_perm(f"{perm}:shelf"),
                summary=f"{title}: put on or take off the shelf", log=OperLogSpec(title, BusinessType.UPDATE))(
            _handler(toggle, res, "shelf", {"request": web.Request, "principal": Principal, "id": int}))

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
            _handler(export, res, "export", {"request": web.Request, "principal": Principal, "body": q}))


async def _publish(request: web.Request, events: list[Any]) -> None:
    if events:
        from core_api.platform.state import BUS
        from core_api.platform.webhook import publish_events

        await publish_events(request.app[BUS], events, request.app[CLOCK].now())


def _labeller(labels: dict[str, str] | None) -> Callable[[Any], Any]:
    return lambda v: (labels or {}).get(str(v), v) if v is not None else v


# ---- what the screens are drawn from

def field_meta(f: F, lang: str) -> ResourceFieldMeta:
    return ResourceFieldMeta(
        name=f.wire, label=f.label_en if lang == "en" else f.label, kind=f.kind, dict_type=f.dict_type,
        required=f.required, max_length=f.max_length, min=f.min, max=f.max, listed=f.listed, filter=f.filter,
        sortable=f.sortable, edit=f.edit, exported=f.exported, masked=f.mask is not None,
        follows=to_camel(f.follows) if f.follows else None, picks=dict(f.picks) or None,
    )


def meta_of(res: Resource, lang: str) -> ResourceMeta:
    dict_types = {f.dict_type for f in res.fields if f.dict_type}
    dict_types |= {f.dict_type for a in res.actions for f in a.fields if f.dict_type}
    return ResourceMeta(
        name=res.name, title=res.title_en if lang == "en" else res.title, view=res.view, perm=res.perm,
        key=to_camel(res.key), list_method=res.list_method,
        list_path=(res.list_path or f"/admin/{res.name}/list").lstrip("/"),
        shelf=to_camel(res.shelf) if res.shelf else None,
        creatable=res.creatable, add_perm=res.add_perm, editable=res.editable, removable=res.removable,
        exportable=res.exportable,
        export_path=res.export_path.lstrip("/") if res.export_path else None,
        fields=[field_meta(f, lang) for f in res.fields],
        actions=[ResourceActionMeta(
            key=a.key, label=a.label_en if lang == "en" else a.label, perm=a.full_perm(res.perm), method=a.method,
            path=a.path.lstrip("/"), row=a.row, params=a.params, fields=[field_meta(f, lang) for f in a.fields],
            confirm=(a.confirm_en if lang == "en" else a.confirm) or a.confirm, when=a.when,
        ) for a in res.actions],
        dict_types=sorted(t for t in dict_types if t),
    )


meta_api = Api("admin-resources")
VIEW = re.compile(r"^[A-Za-z0-9_/-]{1,100}$")


class MetaQuery(Schema):
    view: str = PydField(..., pattern=VIEW.pattern, title="页面")


@meta_api.get("/admin/resources/meta", login_only=True, response=ResourceMetaOut,
              summary="What a business screen is drawn from: the resource behind a menu's view path")
async def resource_meta(request: web.Request, principal: Principal, query: MetaQuery) -> web.Response:
    res = next((r for r in REGISTRY.values() if r.view == query.view), None)
    if res is None:
        raise NotFound()
    if not principal.authz.has_permi(res.list_perm or f"{res.perm}:list"):
        raise Forbidden()
    meta = meta_of(res, request_lang(request))
    if res.shop_field:
        meta.own_shop = principal.authz.scope.shop_id
    return ok(data=meta.model_dump(by_alias=True))


# ---- the partner feed: the app's server writes a declared resource's records (docs/partner-api.md)
#
# ``Resource(..., partner=Partner("releases", ("uid", "content", ...), key=...))`` registers, on ``partner_api``
# (tag "partner", signed and idempotent as every partner call: core_api/platform/partner.py),
# ``POST /api/partner/v1/{path}`` taking one record and, with ``batch=N``, ``POST .../{path}/batch`` taking
# ``{"records": [...]}`` of up to N records, all or none. A record is validated with the named fields' own
# rules (the same zh-CN errors as the console's forms, and the dictionaries), its uids must be app users and
# its ``refs`` must exist; the resource's ``check`` runs as for an operator's write. With a ``key`` the
# record updates the row with the same key values (among the rows in the ``match`` state) or creates one;
# without one it creates, or updates the row its ``id`` names when the feed lists the resource's key. Each
# write leaves a history row (actor "partner") unless ``history=False`` (chat records: written in bulk).

PARTNER_ACTOR = "partner"
PARTNER_PREFIX = "/api/partner/v1/"
partner_api = Api("partner")
# Where a uid must exist: (model, column), set by core_api.partner (the platform knows no app users).
PARTNER_USERS: list[tuple[type[Model], str]] = []
# The check of the app user a feed acts for (``Partner.actor``): refuses a frozen or unusable one; set likewise.
PARTNER_ACTING: list[Callable[[int], Awaitable[None]]] = []
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
    f, c = res.by_name[name], _constraints(res.by_name[name], res.model)
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
            spec[name] = (partner_type(_python_type(f)), PydField(..., **c))
        else:
            spec[name] = (partner_type(_python_type(f)) | None, PydField(None, **c))
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
                await res.model.bulk_create([res.model(**{**create_stamps, **defaults, **v}) for v in all_values])
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
                        changes = {to_camel(k): [_plain(was.get(k)), _plain(v)] for k, v in values.items()
                                   if _plain(was.get(k)) != _plain(v)}
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
                changes={to_camel(k): [_plain(v), None] for k, v in r.items() if v is not None},
                note=f"partner:{p.path}/remove") for r in rows])
    await changed(request.app, res.table, *res.touches)
    return len(rows)


def _named(fn: Callable[..., Awaitable[web.StreamResponse]], name: str) -> Callable[..., Awaitable[web.StreamResponse]]:
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = "core_api.partner.feeds"  # operationId partner_feed_{path}
    return fn


def _partner_routes(res: Resource, p: Partner) -> None:
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
    partner_api.post(f"{PARTNER_PREFIX}{p.path}", partner=True, summary=f"Partner feed: {what}{how}")(
        _named(_handler(feed, res, "partner", {"request": web.Request, "body": item}), f"feed_{p.path}"))
    if p.removable:
        if not p.key:
            raise ValueError(f"{res.name}: a removable partner feed needs a key")
        key_spec: dict[str, Any] = {k: (_python_type(res.by_name[k]), PydField(..., **_partner_constraints(res, k)))
                                    for k in p.key}
        gone = create_model(f"Partner{res.name}Remove", __base__=_PartnerBody, **key_spec)

        async def feed_remove(request: web.Request, body: Any) -> web.Response:
            return ok(data={"removed": await _partner_remove(request, res, p, body)})

        partner_api.post(f"{PARTNER_PREFIX}{p.path}/remove", partner=True,
                         summary=f"Partner feed: remove {what} by {', '.join(to_camel(k) for k in p.key)}")(
            _named(_handler(feed_remove, res, "partner_remove", {"request": web.Request, "body": gone}),
                   f"feed_{p.path}_remove"))
    if p.batch:
        many = _partner_batch_model(res, p, item)

        async def feed_batch(request: web.Request, body: Any) -> web.Response:
            done = await _partner_apply(request, res, p, list(body.records), batch=True)
            created = sum(1 for _, c in done if c)
            return ok(data={"count": len(done), "created": created, "updated": len(done) - created,
                            "ids": [i for i, _ in done if i is not None]})

        partner_api.post(f"{PARTNER_PREFIX}{p.path}/batch", partner=True,
                         summary=f"Partner feed: up to {p.batch} {what} at once, all or none")(
            _named(_handler(feed_batch, res, "partner_batch", {"request": web.Request, "body": many}),
                   f"feed_{p.path}_batch"))
