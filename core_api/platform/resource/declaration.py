"""The declaration: ``Resource(...)`` with its ``F`` lines (fields.py) and its ``Action`` entries. Declaring a
resource checks it against its model, registers it (registry.py) and makes its query and body models (query.py,
values.py), its calls (routes.py) and, with ``partner=``, its partner feed (partner_feed.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web
from pydantic import BaseModel
from tortoise.expressions import Q, RawSQL
from tortoise.models import Model
from tortoise.queryset import QuerySet, ValuesQuery

from core_api.platform.api import Api
from core_api.platform.compiled import JsonRows
from core_api.platform.counts import changed
from core_api.platform.errors import NotFound
from core_api.platform.models import ChangeLog
from core_api.platform.paging import to_camel
from core_api.platform.resource.fields import BUILT_IN, PERSONAL_DATA, F, json_columns, plain, row_view
from core_api.platform.resource.kinds import KINDS
from core_api.platform.resource.partner_feed import Partner, add_partner_feed
from core_api.platform.resource.query import (
    list_conditions,
    list_kept_total,
    list_range,
    list_tally,
    list_total,
    query_model,
)
from core_api.platform.resource.registry import REGISTRY
from core_api.platform.resource.routes import add_routes
from core_api.platform.resource.values import body_model, values_to_write
from core_api.platform.security import OPERATOR_ONLY, Principal
from core_api.platform.state import CLOCK
from core_api.platform.tally import DayTally


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
    # asked before the call, naming the record (the resource's ``label_field``) and ``amount`` in yuan; an action
    # with a form asks after its form when it has a confirm text (money moved, or what cannot be undone)
    confirm: str | None = None
    confirm_en: str | None = None
    when: dict[str, list[str]] | None = None
    amount: str | None = None  # the money field (fen) of the row the confirmation names

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
    # the field naming a record in confirmations ('确认删除商品"青花瓷杯"？'); unset: the first of LABEL_FIELDS
    label_field: str | None = None
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
    # Virtual fields read in the row's own SELECT (the list's page, one record): name → an SQL expression over the
    # resource's table, constant text of the declaration (never a request's), such as a correlated subquery. The
    # page is then one statement where ``enrich`` would send a second per page.
    computed: dict[str, str] = field(default_factory=dict)
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
    # The buttons (permission suffixes under ``perm``) of the resource's menu entry where they are not the ones
    # ``buttons`` derives from the declaration: the seeded permissions never change (core_api/seed/menus.py).
    menu_buttons: tuple[str, ...] | None = None
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
        if self.label_field and self.label_field not in self.by_name:
            raise ValueError(f"{self.name}: the label field {self.label_field} is not one of its fields")
        for a in self.actions:
            if a.amount and (a.amount not in self.by_name or self.by_name[a.amount].kind != "money"):
                raise ValueError(f"{self.name}: action {a.key}'s amount {a.amount} is not one of its money fields")
        kinds = [f.kind for f in self.fields]
        for f in (*self.fields, *(g for a in self.actions for g in a.fields)):
            if f.kind not in BUILT_IN and f.kind not in KINDS:  # its feature's kind module registers it on import
                raise ValueError(f"{self.name}: {f.name} is of kind {f.kind!r}, which no feature has registered")
        shop = self.by_name.get(self.shop_field or "")
        if self.shop_field and (shop is None or shop.kind not in KINDS or not KINDS[shop.kind].shop_scope):
            raise ValueError(f"{self.name}: the shop field {self.shop_field} must be an F of a shop-scoped kind")
        for f in self.fields:
            if f.kind == "targets" and (f.follows not in self.by_name or not f.picks):
                raise ValueError(f"{self.name}: targets field {f.name} needs the field it follows and its picks")
        if "location" in kinds and not ("lng" in kinds and "lat" in kinds):
            raise ValueError(f"{self.name}: a location field needs an lng and a lat field beside it")
        for t in self.tallies:
            if (t.table != self.table or t.time != self.time_field or not all(c in self.by_name for c in t.columns)
                    or self.by_name.get(self.time_field, F("", "", "")).kind != "datetime"):
                raise ValueError(f"{self.name}: a tally counts this table by listed keys and a datetime time_field")
        for name in self.computed:
            if name not in self.by_name or not self.by_name[name].virtual:
                raise ValueError(f"{self.name}: computed {name} must be a virtual field of the declaration")
        self.stamped = "create_by" in self.model._meta.fields_map
        self.columns = list(dict.fromkeys([self.key, *(f.name for f in self.fields if not f.virtual)]))
        self.masked = any(f.mask for f in self.fields)
        self._json: JsonRows | None | Literal[False] = False  # worked out at the first list (json_rows)
        self.query_model = query_model(self)
        self.create_model = body_model(self, creating=True)
        self.update_model = body_model(self, creating=False)
        self.list_perm = self.list_perm or f"{self.perm}:list"
        if self.operator_only:
            writes = ("add", "edit", "remove", "shelf")
            OPERATOR_ONLY.update(f"{self.perm}:{p}" for p in writes)
            OPERATOR_ONLY.update(a.full_perm(self.perm) for a in self.actions if a.method != "LINK")  # not reads
            if self.add_perm:
                OPERATOR_ONLY.add(self.add_perm)
        self.api = Api(f"admin-{self.name}")
        add_routes(self)
        if self.partner is not None:
            add_partner_feed(self, self.partner)

    def buttons(self) -> list[str]:
        """The buttons of its menu entry: ``menu_buttons``, or query, then the writes it allows (add, edit, remove,
        shelf, export) and its actions under its permission prefix."""
        if self.menu_buttons is not None:
            return list(self.menu_buttons)
        out = ["query"]
        allowed = {"add": self.creatable and self.add_perm is None, "edit": self.editable, "remove": self.removable,
                   "shelf": bool(self.shelf), "export": self.exportable}
        out += [b for b, yes in allowed.items() if yes]
        for a in self.actions:
            prefix, _, suffix = a.full_perm(self.perm).rpartition(":")
            if prefix == self.perm and suffix not in out:
                out.append(suffix)
        return out

    # ---- reading: the list's conditions and total (query.py), its rows as the caller sees them (fields.py)

    def range_of(self, f: F, query: BaseModel) -> tuple[Any, Any]:
        """A range filter's bounds (beginTime/endTime stand for the time field's)."""
        return list_range(self, f, query)

    def conditions(self, query: BaseModel, principal: Principal) -> tuple[list[Q], str]:
        """The list call's filters and scopes, and the key that names them."""
        return list_conditions(self, query, principal)

    def filtered(self, query: BaseModel, principal: Principal) -> tuple[QuerySet, str]:
        """The list call's records (``conditions``) and their key."""
        where, key = self.conditions(query, principal)
        return self.model.filter(*where), key

    def tally_filter(self, query: BaseModel, principal: Principal) -> tuple[DayTally, dict[str, Any], Any, Any] | None:
        """The tally, keys and days that answer this list call's total, or None."""
        return list_tally(self, query, principal)

    async def total(self, request: web.Request, query: BaseModel, principal: Principal,
                    records: Callable[[], QuerySet], key: str) -> int:
        """The list's total: from the tally where it answers, else kept (``cached_count``) or counted."""
        return await list_total(self, request, query, principal, records, key)

    def kept_total(self, request: web.Request, query: BaseModel, principal: Principal, key: str) -> int | None:
        """The total ``total`` would answer from what this node keeps, or None when it must be read or counted."""
        return list_kept_total(self, request, query, principal, key)

    def sorts(self, principal: Principal) -> dict[str, str]:
        """The columns the caller may sort by (wire name → field)."""
        return {f.wire: f.name for f in self.fields if f.sortable}

    def plain_rows(self) -> JsonRows | None:
        """How PostgreSQL writes the view of a page's rows with no mask applying (``compiled.JsonRows``), or None
        where a row needs Python: a view of the resource's own (``view_of`` overridden: the main orders hide their
        totals from a shop account), a computed column, an ``enrich``, or a column ``json_columns`` refuses."""
        if self._json is False:
            own_view = type(self).view_of is not Resource.view_of
            columns = (None if own_view or self.computed or self.enrich
                       else json_columns(self.fields, self.model, self.columns))
            self._json = None if columns is None else JsonRows(columns)
        return self._json

    def json_rows(self, principal: Principal | None) -> JsonRows | None:
        """``plain_rows`` for this caller: None where a field is masked to it too (it may not see personal data)."""
        if self.masked and not (principal is not None and principal.authz.has_permi(PERSONAL_DATA)):
            return None
        return self.plain_rows()

    def view_of(self, principal: Principal | None) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """The caller's view of a row: wire names, times as text, personal data masked unless it may see it."""
        return row_view(self.fields, principal)

    def scoped(self, principal: Principal, qs: QuerySet) -> QuerySet:
        """The records of ``qs`` the caller may see: its data scope and, for a shop account, its own shop."""
        if self.scope_field and (where := principal.authz.scope.dept_filter(self.scope_field)) is not None:
            qs = qs.filter(where)
        if self.shop_field and (where := principal.authz.scope.shop_filter(self.shop_field)) is not None:
            qs = qs.filter(where)
        return qs

    def read(self, qs: QuerySet) -> ValuesQuery[Any]:
        """``qs``'s rows as the list and the record read them: the columns, and the ``computed`` fields."""
        if not self.computed:
            return qs.values(*self.columns)
        return qs.annotate(**{name: RawSQL(sql) for name, sql in self.computed.items()}).values(
            *self.columns, *self.computed)

    async def one(self, request: web.Request, principal: Principal, record_id: int) -> dict[str, Any]:
        qs = self.scoped(principal, self.model.filter(**{self.key: record_id}))
        rows = await self.read(qs)
        if not rows:
            raise NotFound()
        return rows[0]

    # ---- writing

    async def record(self, request: web.Request, principal: Principal, record_id: int, action: str,
                     before: dict[str, Any], after: dict[str, Any], note: str | None = None) -> None:
        """One history row: the fields that changed, before and after, who and when."""
        changes = {to_camel(k): [plain(before.get(k)), plain(v)] for k, v in after.items()
                   if plain(before.get(k)) != plain(v)}
        if action == "delete":
            changes = {to_camel(k): [plain(v), None] for k, v in before.items() if v is not None}
        await ChangeLog.create(resource=self.name, record_id=record_id, action=action, actor=principal.user_name,
                               at=request.app[CLOCK].now(), changes=changes, note=note)
        if self.written is not None:
            await self.written(action, record_id, None if action == "delete" else {**before, **after})
        await changed(request.app, self.table, *self.touches)

    async def checked_values(self, request: web.Request, body: BaseModel, before: dict[str, Any] | None
                             ) -> dict[str, Any]:
        """What a create (``before`` None) or an update writes, checked (values.py)."""
        return await values_to_write(self, request, body, before)
