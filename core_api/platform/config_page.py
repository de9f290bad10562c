"""Configuration pages: one typed object per page, fetched and saved whole, every save a new version.

A page is one declaration::

    ConfigPage(key="alarm_message", model=AlarmMessageConfig, perm="setting:alarm:edit", view="setting/alarm/index",
               title="告警消息配置", title_en="Alarm messages", api=api,
               get=("GET", "/admin/CommonConfig/get_alarm_message_config"),
               save=("POST", "/admin/CommonConfig/save_alarm_message_config"), secrets=("webhook_token",))

``model`` is a ``ConfigModel`` whose fields are declared with ``C(...)`` (label, English label, kind, help,
option labels beside pydantic's own rules). The declaration gives

- the fetch (the whole object; a page never saved answers its model's defaults as version 0). A secret is
  answered as ``""`` with ``secretsSet[field]`` telling whether one is stored: it never leaves the server;
- the save: the whole object and the ``version`` the operator loaded. Every field is validated (zh
  messages naming the field), unknown fields are refused, a blank secret keeps the stored one. A save
  made from an older version is refused and changes nothing; of two saves made from the same version
  exactly one wins (a conditional update on the version). A save that changes nothing makes no version;
- ``/admin/config_page/{key}/history`` (who, when, the fields before and after, secrets masked) and
  ``/admin/config_page/{key}/restore`` (a new version equal to an old one, secrets included server-side);
- ``/admin/config_page/{key}/meta``: the fields the screen draws its form from;
- ``POST /admin/config_page/{key}`` (a save) and ``POST /admin/config_page/{key}/restore`` for any page: one path
  the console's typed client can name whatever the page, answered by the page's own save or restore (its
  permission, validation and operation log);
- ``GET /api/partner/v1/config/{key}``: the object for the app's server (signed; secrets included: that
  server is trusted and needs them), served from a per-process cache that every save invalidates on every
  node through the table's change stamp (``core_api.platform.counts``).

A page may be scoped (``scope=Scope(...)``): one object per value of a selector (core v2 per platform); the
fetch, history, restore and partner read take the selector as a query parameter, the save in its body.
"""

from __future__ import annotations

import time
import typing
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import annotated_types
from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic.alias_generators import to_camel
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, Endpoint, OperLogSpec, make_handler, request_lang
from core_api.platform.contract import partner as partner_out
from core_api.platform.contract.setting import (
    ConfigPageHistoryOut,
    ConfigPageMetaOut,
    ConfigPageObjectOut,
    ConfigPageRestoreWrite,
    ConfigPageSavedOut,
    ConfigPageWrite,
)
from core_api.platform.counts import Counts, changed, counts_of
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.html import sanitise
from core_api.platform.models import ConfigPageRow, ConfigPageVersion
from core_api.platform.operlog import SECRET_KEYS
from core_api.platform.schema import INT32_MAX, Schema, refusal, validation_refusal
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import fmt

TABLE = "biz_config_page"
SECRET_SET, SECRET_UNSET, SECRET_CHANGED = "已设置", "未设置", "已更换"
CONFLICT = "配置已被他人修改（当前为第{version}版），请刷新后再保存"
HISTORY_SHOWN = 50
CACHE_SECONDS = 60.0  # the longest a node keeps an object should a broadcast be lost
RESERVED = {"version", "secretsSet", "updateBy", "updateTime", "key", "restore"}
Kind = Literal["text", "textarea", "richtext", "int", "money", "switch", "select", "lines", "url", "image", "secret"]


class ConfigModel(BaseModel):
    """A page's object: camelCase on the wire, snake_case in Python, unknown fields refused."""

    model_config = ConfigDict(alias_generator=to_camel, validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True, extra="forbid")


def C(default: Any, label: str, label_en: str, *, kind: Kind | None = None, help: str = "",  # noqa: A002
      help_en: str = "", options: dict[str, tuple[str, str]] | None = None, required: bool = False,
      **rules: Any) -> Any:
    """A page field: pydantic's ``Field`` with the label (its zh-CN validation name) and what the form needs."""
    extra: dict[str, Any] = {"labelEn": label_en, "kind": kind, "help": help, "helpEn": help_en, "options": options,
             "required": required}
    return Field(default, title=label, json_schema_extra={k: v for k, v in extra.items() if v}, **rules)


@dataclass(frozen=True)
class Scope:
    """A selector giving one object per value (the first value is the default)."""

    name: str  # as it travels: a query parameter of the fetch, a body field of the save
    label: str
    label_en: str
    options: tuple[tuple[str, str, str], ...]  # (value, zh, en)


PAGES: dict[str, ConfigPage] = {}
OnSaved = Callable[[web.Request, Principal, dict[str, Any]], Awaitable[None]]
Initial = Callable[[], Awaitable[dict[str, Any]]]


@dataclass
class ConfigPage:
    key: str
    model: type[ConfigModel]
    perm: str
    view: str
    title: str
    title_en: str
    get: tuple[str, str]
    save: tuple[str, str]
    api: Api
    secrets: tuple[str, ...] = ()
    scope: Scope | None = None
    on_saved: OnSaved | None = None  # after a save or restore committed, with the new object
    initial: Initial | None = None  # a page never saved: its first object (else the model's defaults)
    fields: dict[str, Any] = field(init=False)
    calls: dict[str, Endpoint] = field(init=False, default_factory=dict)  # its save and restore, by name

    def __post_init__(self) -> None:
        if self.key in PAGES:
            raise ValueError(f"config page {self.key} declared twice")
        if not self.key.isidentifier() or len(self.key) > 40:
            raise ValueError(f"config page key {self.key!r}: an identifier of at most 40 characters")
        self.fields = dict(self.model.model_fields)
        for name in self.secrets:
            if name not in self.fields:
                raise ValueError(f"{self.key}: secret {name} is not a field of {self.model.__name__}")
        wires = {info.alias or name for name, info in self.fields.items()}
        if clash := wires & (RESERVED | ({self.scope.name} if self.scope else set())):
            raise ValueError(f"{self.key}: field names {clash} are reserved")
        PAGES[self.key] = self
        SECRET_KEYS.update(w.lower() for w in self.secret_wires)  # the operation log of a save shows ******
        _routes(self)

    # ---- values

    def wire(self, name: str) -> str:
        return self.fields[name].alias or name

    @property
    def secret_wires(self) -> tuple[str, ...]:
        return tuple(self.wire(n) for n in self.secrets)

    def defaults(self) -> dict[str, Any]:
        return self.model().model_dump(by_alias=True, mode="json")

    def storage_key(self, scope: str | None) -> str:
        return f"{self.key}.{scope}" if self.scope else self.key

    def complete(self, stored: dict[str, Any]) -> dict[str, Any]:
        """A stored object with the fields added since it was saved (their defaults), without removed ones."""
        defaults = self.defaults()
        return {**defaults, **{k: v for k, v in stored.items() if k in defaults}}

    def masked(self, data: dict[str, Any]) -> dict[str, Any]:
        return {k: ("" if k in self.secret_wires else v) for k, v in data.items()}

    def checked(self, values: dict[str, Any], lang: str) -> dict[str, Any]:
        """The whole object validated by its model (its cross-field rules see the real secrets)."""
        try:
            obj = self.model.model_validate(values)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            if not first.get("loc") and first["type"] == "value_error":  # a rule of the whole object: its own text
                raise ServiceError(str((first.get("ctx") or {}).get("error", first["msg"]))) from None
            raise validation_refusal(exc, self.model, lang) from None
        data = obj.model_dump(by_alias=True, mode="json")
        for name, info in self.fields.items():
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            if extra.get("kind") == "richtext" and isinstance(data[self.wire(name)], str):
                data[self.wire(name)] = sanitise(data[self.wire(name)])
        return data

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {}
        for k, new in after.items():
            old = before.get(k)
            if old == new:
                continue
            if k in self.secret_wires:
                out[k] = [SECRET_SET if old else SECRET_UNSET,
                          (SECRET_CHANGED if old else SECRET_SET) if new else SECRET_UNSET]
            else:
                out[k] = [old, new]
        return out


async def current(page: ConfigPage, scope: str | None) -> tuple[int, dict[str, Any], str, Any]:
    """(version, the whole object with secrets, updated by, updated at) of a page."""
    row = await ConfigPageRow.get_or_none(key=page.storage_key(scope))
    if row is None:
        return 0, page.complete(await page.initial()) if page.initial else page.defaults(), "", None
    return row.version, page.complete(row.data), row.update_by, row.update_time


async def fetch(page: ConfigPage, scope: str | None) -> dict[str, Any]:
    version, data, by, at = await current(page, scope)
    out = {**page.masked(data), "version": version, "updateBy": by, "updateTime": fmt(at) if at else None,
           "secretsSet": {k: bool(data[k]) for k in page.secret_wires}}
    if page.scope:
        out[page.scope.name] = scope
    return out


async def store(request: web.Request, principal: Principal, page: ConfigPage, scope: str | None,
                loaded: int, values: dict[str, Any], *, whole: bool = False,
                restored_from: int | None = None) -> dict[str, Any]:
    """Saves ``values`` as the page's next version if ``loaded`` is still its current version. ``whole``: the
    values are a kept version (a restore): its secrets are taken as they were, blank ones included."""
    key = page.storage_key(scope)
    version, before, _, _ = await current(page, scope)
    if loaded != version:
        raise refusal(CONFLICT, version=version)
    merged = {**before, **{k: v for k, v in values.items() if k in before}}
    if not whole:
        for k in page.secret_wires:  # a blank secret keeps the stored one
            if values.get(k) in (None, ""):
                merged[k] = before[k]
    after = page.checked(merged, request_lang(request))
    changes = page.changes(before, after)
    if not changes:
        return {"version": version, "changed": False}
    now = request.app[CLOCK].now()
    try:
        async with in_transaction():
            if version == 0:
                await ConfigPageRow.create(key=key, version=1, data=after, update_by=principal.user_name,
                                           update_time=now)
            elif not await ConfigPageRow.filter(key=key, version=version).update(
                    version=version + 1, data=after, update_by=principal.user_name, update_time=now):
                raise IntegrityError("saved by someone else meanwhile")
            await ConfigPageVersion.create(key=key, version=version + 1, data=after, changes=changes,
                                           action="restore" if restored_from else "save",
                                           restored_from=restored_from, saved_by=principal.user_name, saved_time=now)
    except IntegrityError:  # another save made from the same version won
        raise refusal(CONFLICT, version=version + 1) from None
    await changed(request.app, TABLE)
    if page.on_saved is not None:
        await page.on_saved(request, principal, after)
    return {"version": version + 1, "changed": True}


async def history(page: ConfigPage, scope: str | None) -> list[dict[str, Any]]:
    rows = await (ConfigPageVersion.filter(key=page.storage_key(scope)).order_by("-version").limit(HISTORY_SHOWN)
                  .values("version", "action", "restored_from", "saved_by", "saved_time", "changes"))
    return [{"version": r["version"], "action": r["action"], "restoredFrom": r["restored_from"],
             "savedBy": r["saved_by"], "savedTime": fmt(r["saved_time"]), "changes": r["changes"]} for r in rows]


# ---- the metadata the screen draws its form from

def _kind(annotation: Any, extra: dict[str, Any], secret: bool) -> str:
    if secret:
        return "secret"
    if extra.get("kind"):
        return str(extra["kind"])
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is typing.Union and len(args) == 1:
        annotation = args[0]
    if annotation is bool:
        return "switch"
    if annotation is int:
        return "int"
    if typing.get_origin(annotation) is Literal:
        return "select"
    if typing.get_origin(annotation) is list:
        return "lines"
    return "text"


def field_meta(page: ConfigPage, name: str, lang: str) -> dict[str, Any]:
    info = page.fields[name]
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    en = lang == "en"
    out: dict[str, Any] = {"name": page.wire(name), "label": (extra.get("labelEn") if en else info.title) or name,
                           "kind": _kind(info.annotation, extra, name in page.secrets),
                           "required": bool(extra.get("required")), "secret": name in page.secrets,
                           "help": str(extra.get("helpEn" if en else "help") or ""),
                           "default": "" if name in page.secrets else page.defaults()[page.wire(name)],
                           "min": None, "max": None, "maxLength": None, "options": None}
    for rule in info.metadata:
        if isinstance(rule, annotated_types.Ge):
            out["min"] = rule.ge
        elif isinstance(rule, annotated_types.Le):
            out["max"] = rule.le
        elif isinstance(rule, annotated_types.MaxLen):
            out["maxLength"] = rule.max_length
        elif isinstance(rule, annotated_types.MinLen) and rule.min_length > 0:
            out["required"] = True
    choices = typing.get_args(info.annotation) if typing.get_origin(info.annotation) is Literal else ()
    if choices:
        labels = extra.get("options") or {}
        out["options"] = [{"value": v, "label": (labels.get(v) or (v, v))[1 if en else 0]} for v in choices]
    return out


def meta_of(page: ConfigPage, lang: str) -> dict[str, Any]:
    en = lang == "en"
    scope = None
    if page.scope:
        scope = {"name": page.scope.name, "label": page.scope.label_en if en else page.scope.label,
                 "options": [{"value": v, "label": e if en else z} for v, z, e in page.scope.options]}
    return {"key": page.key, "title": page.title_en if en else page.title, "view": page.view, "perm": page.perm,
            "get": page.get[1], "getMethod": page.get[0], "save": page.save[1], "scope": scope,
            "fields": [field_meta(page, name, lang) for name in page.fields]}


# ---- the partner read, cached per process

class _Cache:
    def __init__(self) -> None:
        self.stamp = -1
        self.objects: dict[str, tuple[float, dict[str, Any]]] = {}


_CACHES: weakref.WeakKeyDictionary[Counts, _Cache] = weakref.WeakKeyDictionary()


async def partner_object(app: web.Application, page: ConfigPage, scope: str | None) -> dict[str, Any]:
    """The object as the app's server reads it (secrets included), from this node's cache while no save has
    been heard of (a save bumps the table's stamp here at once and on the other nodes by a broadcast)."""
    counts = counts_of(app)
    cache = _CACHES.setdefault(counts, _Cache())
    stamp = counts.stamp(TABLE)
    if cache.stamp != stamp:
        cache.objects.clear()
        cache.stamp = stamp
    key = page.storage_key(scope)
    hit = cache.objects.get(key)
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    version, data, _, at = await current(page, scope)
    out = {"key": page.key, **({page.scope.name: scope} if page.scope else {}), "version": version,
           "updateTime": fmt(at) if at else None, "data": data}
    if counts.stamp(TABLE) == stamp:  # not changed while reading
        cache.objects[key] = (time.monotonic() + CACHE_SECONDS, out)
    return out


# ---- the routes

def _named(fn: Callable[..., Awaitable[web.StreamResponse]], name: str,
           annotations: dict[str, Any]) -> Callable[..., Awaitable[web.StreamResponse]]:
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = "core_api.config_page.routes"  # operationId config_page_{key}_{call}
    fn.__annotations__ = {**annotations, "return": web.StreamResponse}
    return fn


class _Restore(Schema):
    model_config = ConfigDict(extra="forbid")
    version: int = Field(ge=0, le=INT32_MAX, title="版本")
    restore: int = Field(ge=1, le=INT32_MAX, title="恢复的版本")


def _routes(page: ConfigPage) -> None:  # noqa: C901 - the calls of one page, side by side
    from core_api.platform.resource import partner_api

    api, need, title = page.api, any_perm(page.perm), page.title
    scope_fields: dict[str, Any] = {}
    if page.scope:
        values = tuple(v for v, _, _ in page.scope.options)
        scope_fields[page.scope.name] = (Literal[values], Field(values[0], title=page.scope.label))  # type: ignore[valid-type]
    Query = create_model(f"{page.model.__name__}Query", __base__=Schema, **scope_fields)  # noqa: N806
    # the page's fields without its cross-field rules: those run on the whole object, its secrets merged in
    own: dict[str, Any] = {name: (info.annotation, info) for name, info in page.fields.items()}
    Body = create_model(  # noqa: N806
        f"{page.model.__name__}Save", __base__=ConfigModel, __doc__=page.model.__doc__ or "", **own,
        version=(int, Field(ge=0, le=INT32_MAX, title="版本", description="the version the operator loaded")),
        **scope_fields)
    Restore = create_model(f"{page.model.__name__}Restore", __base__=_Restore, **scope_fields)  # noqa: N806
    name = page.scope.name if page.scope else ""
    required = [n for n in page.fields if n not in page.secrets]

    def scope_of(obj: Any) -> str | None:
        return getattr(obj, name) if page.scope else None

    async def get_page(request: web.Request, principal: Principal, query: Any) -> web.Response:
        return ok(data=await fetch(page, scope_of(query)))

    async def save_page(request: web.Request, principal: Principal, body: Any) -> web.Response:
        missing = [n for n in required if n not in body.model_fields_set]
        if missing:
            wire = page.wire(missing[0])
            raise refusal("{field}不能为空", field=(page.fields[missing[0]].title or wire, wire))
        values = body.model_dump(by_alias=True, mode="json", include=set(page.fields))
        return ok(data=await store(request, principal, page, scope_of(body), body.version, values))

    async def page_history(request: web.Request, principal: Principal, query: Any) -> web.Response:
        return ok(data=await history(page, scope_of(query)))

    async def restore(request: web.Request, principal: Principal, body: Any) -> web.Response:
        kept = await ConfigPageVersion.get_or_none(key=page.storage_key(scope_of(body)), version=body.restore)
        if kept is None:
            raise refusal("第{version}版不存在", version=body.restore)
        return ok(data=await store(request, principal, page, scope_of(body), body.version, page.complete(kept.data),
                                   whole=True, restored_from=body.restore))

    async def meta(request: web.Request, principal: Principal) -> web.Response:
        return ok(data=meta_of(page, request_lang(request)))

    async def partner_read(request: web.Request, query: Any) -> web.Response:
        return ok(data=await partner_object(request.app, page, scope_of(query)))

    k = page.key
    api.route(page.get[0], page.get[1], need=need, response=ConfigPageObjectOut,
              summary=f"{page.title_en}: the whole object (secrets masked)")(
        _named(get_page, f"{k}_get", {"request": web.Request, "principal": Principal, "query": Query}))
    saved = api.route(page.save[0], page.save[1], need=need, log=OperLogSpec(title, BusinessType.UPDATE),
                      response=ConfigPageSavedOut,
                      summary=f"{page.title_en}: save the whole object as its next version (from the version loaded)")(
        _named(save_page, f"{k}_save", {"request": web.Request, "principal": Principal, "body": Body}))
    base = f"/admin/config_page/{k}"
    api.get(f"{base}/history", need=need, response=ConfigPageHistoryOut,
            summary=f"{page.title_en}: the saved versions, newest first")(
        _named(page_history, f"{k}_history", {"request": web.Request, "principal": Principal, "query": Query}))
    restored = api.post(f"{base}/restore", need=need, log=OperLogSpec(title, BusinessType.UPDATE),
                        response=ConfigPageSavedOut,
                        summary=f"{page.title_en}: restore a saved version as the next version")(
        _named(restore, f"{k}_restore", {"request": web.Request, "principal": Principal, "body": Restore}))
    page.calls.update(save=saved.__endpoint__, restore=restored.__endpoint__)  # type: ignore[attr-defined]
    api.get(f"{base}/meta", need=need, response=ConfigPageMetaOut,
            summary=f"{page.title_en}: the fields its form is drawn from")(
        _named(meta, f"{k}_meta", {"request": web.Request, "principal": Principal}))
    partner_api.get(f"/api/partner/v1/config/{k}", partner=True, response=partner_out.ConfigObjectOut,
                    summary=f"{page.title_en}: the current object for the app's server (secrets included)")(
        _named(partner_read, f"{k}_partner", {"request": web.Request, "query": Query}))


# ---- any page's save and restore at one path each (the console's typed client names them whatever the page)

api = Api("config-page")


async def _by_page(request: web.Request, key: str, call: str) -> web.StreamResponse:
    """The page's own call answers: its permission, its validation and its operation log. (A page's literal
    ``/admin/config_page/<key>/restore`` is that same call, whichever of the two routes the router picks.)"""
    page = PAGES.get(key)
    if page is None:
        raise refusal("配置页面{key}不存在", 404, key=key)
    return await make_handler(page.calls[call])(request)


@api.post("/admin/config_page/{key}", login_only=True, response=ConfigPageSavedOut,
          summary="Save a configuration page's whole object as its next version (its own save, by its key)")
async def save_config_page(request: web.Request, key: str, body: ConfigPageWrite) -> web.StreamResponse:
    return await _by_page(request, key, "save")


@api.post("/admin/config_page/{key}/restore", login_only=True, response=ConfigPageSavedOut,
          summary="Restore a configuration page's saved version as its next version (its own restore, by its key)")
async def restore_config_page(request: web.Request, key: str, body: ConfigPageRestoreWrite) -> web.StreamResponse:
    return await _by_page(request, key, "restore")
