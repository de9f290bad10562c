"""One way to declare a route: ``@api.get(path, need=..., ...)`` on a plain async function.

The decorator records what the route takes and returns (for OpenAPI and for the test that walks the
route table), authenticates the caller, checks the permission requirement, validates the path, query
and body with pydantic, and writes the operation log for writes. Handler parameters are injected by
name: ``request``, ``principal``, ``body``, ``query`` and the path's own ``{names}``.
"""

from __future__ import annotations

import functools
import inspect
import time
import types
import typing
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from aiohttp import web
from asyncpg import InterfaceError, InternalClientError, PostgresError
from pydantic import BaseModel, ValidationError
from tortoise.exceptions import BaseORMException

from core_api.platform.errors import Forbidden, NotAuthenticated, ServiceError
from core_api.platform.replica import Replica
from core_api.platform.schema import (
    CONTROL_CHARS,
    INT_MAX,
    INT_MIN,
    describe_unsafe,
    dict_fields,
    refusal,
    unsafe_value,
    validation_refusal,
)
from core_api.platform.security import Need, Principal
from core_api.platform.state import AUTH, COOKIE_PRINCIPAL, DICT, PRINCIPAL, REPLICA
from core_api.platform.uploads import read_form

Handler = Callable[..., Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class OperLogSpec:
    title: str
    business_type: int  # 0 other 1 insert 2 update 3 delete 4 grant 5 export 6 import 7 force 8 gencode 9 clean
    save_request: bool = True
    save_response: bool = True


class BusinessType:
    OTHER, INSERT, UPDATE, DELETE, GRANT, EXPORT, IMPORT, FORCE, GENCODE, CLEAN = range(10)


RAW = "raw"  # Api.route(file=RAW): stored bytes of any media type, never the envelope
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
FILE_OF_LOG = {BusinessType.EXPORT: XLSX, BusinessType.GENCODE: "application/zip"}


@dataclass
class Endpoint:
    method: str
    path: str  # aiohttp form, e.g. /system/user/{userId:\d+}
    handler: Handler
    summary: str
    tag: str
    public: bool = False
    login_only: bool = False
    need: Need | None = None
    body_model: type[BaseModel] | None = None
    query_model: type[BaseModel] | None = None
    path_params: dict[str, type] = field(default_factory=dict)
    response_model: type[BaseModel] | None = None
    log: OperLogSpec | None = None
    partner: bool = False  # signed with the partner key and idempotent by key (platform/partner.py)
    file: str | None = None  # the media type of a file it may answer instead of JSON; RAW: bytes only
    replica: bool = False  # its reads may be a moment old: from the standby when one is set (platform/replica.py)

    @functools.cached_property
    def operation_id(self) -> str:
        return f"{self.handler.__module__.split('.')[-2]}_{self.handler.__name__}"

    @property
    def may_write(self) -> bool:
        """Any method but GET, and a GET that logs an operation other than a read (the contract's status toggles)."""
        return self.method != "GET" or (self.log is not None and not self.replica)

    @property
    def openapi_path(self) -> str:
        import re

        # a pattern may hold one level of braces itself ({code:[0-9a-f]{1,6}})
        return re.sub(r"\{(\w+):(?:[^{}]|\{[^{}]*\})+\}", r"{\1}", self.path)


class Api:
    """The routes of one feature module."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.endpoints: list[Endpoint] = []

    def route(
        self,
        method: str,
        path: str,
        *,
        summary: str,
        need: Need | None = None,
        public: bool = False,
        login_only: bool = False,
        response: type[BaseModel] | None = None,
        log: OperLogSpec | None = None,
        partner: bool = False,
        file: str | None = None,
        replica: bool | None = None,
    ) -> Callable[[Handler], Handler]:
        """``partner=True``: a call of the app's server or a partner system, with no operator: signed with
        the partner key and idempotent by its ``Idempotency-Key`` (see core_api/platform/partner.py).
        ``file``: the media type of the file it answers on success (an export's is known from its log);
        ``RAW``: it answers stored bytes of any type, never the envelope.
        ``replica``: its reads may be a moment old, so they may come from the standby (the operator's own writes
        excepted, see core_api/platform/replica.py); default: a GET ``.../list`` and an export."""
        if sum([need is not None, public, login_only, partner]) != 1:
            raise ValueError(f"{method} {path}: give exactly one of need=, public=True, login_only=True, "
                             "partner=True")

        def decorate(fn: Handler) -> Handler:
            hints = typing.get_type_hints(fn)
            params = inspect.signature(fn).parameters
            path_names = _path_names(path)
            ep = Endpoint(
                method=method,
                path=path,
                handler=fn,
                summary=summary,
                tag=self.tag,
                public=public,
                login_only=login_only,
                need=need,
                body_model=hints.get("body") if "body" in params else None,
                query_model=hints.get("query") if "query" in params else None,
                # every name of the path is documented and checked, also those the handler reads itself
                path_params={n: hints.get(n, int if _digits_only(path, n) else str) for n in path_names},
                response_model=response,
                log=log,
                partner=partner,
                file=file or FILE_OF_LOG.get(log.business_type if log else -1),
                replica=replica if replica is not None else (
                    (method == "GET" and path.endswith("/list"))
                    or (log is not None and log.business_type == BusinessType.EXPORT)),
            )
            self.endpoints.append(ep)
            fn.__endpoint__ = ep  # type: ignore[attr-defined]
            return fn

        return decorate

    def get(self, path: str, **kw: Any) -> Callable[[Handler], Handler]:
        return self.route("GET", path, **kw)

    def post(self, path: str, **kw: Any) -> Callable[[Handler], Handler]:
        return self.route("POST", path, **kw)

    def put(self, path: str, **kw: Any) -> Callable[[Handler], Handler]:
        return self.route("PUT", path, **kw)

    def delete(self, path: str, **kw: Any) -> Callable[[Handler], Handler]:
        return self.route("DELETE", path, **kw)


def _path_names(path: str) -> list[str]:
    import re

    return re.findall(r"\{(\w+)(?::[^}]+)?\}", path)


def _digits_only(path: str, name: str) -> bool:
    return "{" + name + r":\d+}" in path


def request_lang(request: web.Request) -> str:
    return "en" if request.headers.get("Accept-Language", "").lower().startswith("en") else "zh"


def query_values(request: web.Request, model: type[BaseModel]) -> dict[str, Any]:
    """The query string read exactly as a form posted to the same call (``form_values``): a list's filters and
    its export's form are one parse, so an export never takes a value its list refuses, nor the reverse."""
    return form_values(request.query, model)


def validate(model: type[BaseModel], data: Any, request: web.Request) -> Any:
    """Validates request data with a model; a failure is the contract's error naming the field. Beyond the
    model's own rules, no value may carry a control character (rich-text fields have dropped theirs) or an
    integer beyond the database's BIGINT: both would fail later, in the database or in an export."""
    try:
        value = model.model_validate(data)
    except ValidationError as exc:
        raise validation_refusal(exc, model, request_lang(request)) from None
    if (found := unsafe_value(value)) is not None:
        raise ServiceError(describe_unsafe(found, model, request_lang(request)))
    return value


def path_value(name: str, typ: type, raw: str) -> Any:
    """A path parameter in its handler's type; out of range or with control characters is refused."""
    try:
        value = typ(raw)
    except ValueError:
        raise refusal("参数 {name} 格式不正确", name=name) from None
    if (isinstance(value, int) and not INT_MIN <= value <= INT_MAX) or CONTROL_CHARS.search(raw):
        raise refusal("参数 {name} 格式不正确", name=name)
    return value


async def check_dictionaries(request: web.Request, value: BaseModel) -> None:
    """A dictionary-valued field (``schema.dict_valued``) takes only its dictionary's enabled values; an empty
    one is absent. The model's own rules have run: the value is short text."""
    for name, dict_type, named in dict_fields(type(value)):
        sent = getattr(value, name, None)
        if sent is None or sent == "":
            continue
        entries = await request.config_dict[DICT].data_by_type(dict_type)
        if not any(entry["dictValue"] == sent for entry in entries):
            raise refusal("{field}的取值不正确", field=named)


async def parse(model: type[BaseModel], data: Any, request: web.Request) -> Any:
    """A request's query or body in its model (``validate``) with its dictionary values checked: what the gate
    does for every call, and a handler that reads a second model from the same body does with it."""
    value = validate(model, data, request)
    await check_dictionaries(request, value)
    return value


QUERIES_KEPT = 2048  # the validated queries of the last query strings (a frozen model's: ``parse_query``)
QUERY_KEPT_CHARS = 1000  # a longer query string is validated each time, never kept
_queries: OrderedDict[tuple[type[BaseModel], str], BaseModel] = OrderedDict()


async def parse_query(model: type[BaseModel], request: web.Request) -> Any:
    """A call's query string in its model (``parse``). Where the model is frozen (a list's query), the value is kept
    by the raw string it was read from: the same page asked again (a screen's page 1, a refresh, a list under load)
    is not read and validated again: about 45 of the 265 µs a month's chat page cost the API process (measured in
    docs/performance.md). What refuses a query is never kept; its dictionary values are checked each time, since
    the dictionary may change."""
    raw = request.rel_url.raw_query_string  # as sent: decoded, "a=1%262" and "a=1&2" would read alike
    if not model.model_config.get("frozen") or len(raw) > QUERY_KEPT_CHARS:
        return await parse(model, query_values(request, model), request)
    slot = (model, raw)
    value = _queries.get(slot)
    if value is None:
        value = _queries[slot] = validate(model, query_values(request, model), request)
        if len(_queries) > QUERIES_KEPT:
            _queries.popitem(last=False)
    else:
        _queries.move_to_end(slot)
    await check_dictionaries(request, value)
    return value


async def read_json(request: web.Request) -> Any:
    raw = await request.read()
    if not raw:
        return {}
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise ServiceError("请求体不是有效的 JSON") from None


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _shape(annotation: Any) -> str:
    """How a form value maps onto a field: "ints" (an id list), "list", "object" (JSON text), "text", "value"."""
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _shape(typing.get_args(annotation)[0])
    if origin in (list, set, tuple):
        return "ints" if typing.get_args(annotation)[:1] == (int,) else "list"
    if origin is dict or annotation is dict or (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
        return "object"
    return "text" if annotation in (str, Any) else "value"


@functools.lru_cache(maxsize=4096)
def _shapes(model: type[BaseModel]) -> dict[str, str]:
    """Each field's ``_shape``, by name and by alias: read once per model (a list call's query has a dozen)."""
    shapes: dict[str, str] = {}
    for name, info in model.model_fields.items():
        shapes[name] = shapes[info.alias or name] = _shape(info.annotation)
    return shapes


def form_values(form: Any, model: type[BaseModel]) -> dict[str, Any]:
    """A form (RuoYi's sign-in, its exports, any call posted as a form) in the shape the model expects:
    ``ids[]=1&ids[]=2`` or ``ids=1,2`` become a list (as RuoYi's server binds them), JSON text becomes an
    object, and an empty box of a number, date or flag is absent. Uploaded files are not body fields."""
    shapes = _shapes(model)
    out: dict[str, Any] = {}
    for key in dict.fromkeys(form.keys()):
        values = [v for v in form.getall(key) if isinstance(v, str)]
        name = key.removesuffix("[]")
        shape = shapes.get(name)
        if not values:
            continue
        if shape in ("ints", "list"):
            split = shape == "ints" and len(values) == 1
            out[name] = [v for v in values[0].split(",") if v.strip()] if split else values
        elif shape == "object":
            try:
                out[name] = orjson.loads(values[-1])
            except orjson.JSONDecodeError:
                out[name] = values[-1]
        elif values[-1] != "" or shape == "text":
            out[name] = values[-1]
    return out


async def read_body(request: web.Request, model: type[BaseModel]) -> Any:
    """The body of any call as JSON, form-urlencoded or multipart: RuoYi-family clients post sign-in and
    exports as forms and everything else as JSON."""
    if request.content_type in FORM_TYPES:
        form = await read_form(request)  # a malformed body (no boundary, a broken part header) is refused
        return form_values(form, model)
    return await read_json(request)


async def authenticate(request: web.Request) -> Principal:
    header = request.headers.get("Authorization", "")
    token = header[7:].strip() if header[:7].lower() == "bearer " else ""
    if not token:
        by_cookie = request.config_dict.get(COOKIE_PRINCIPAL)
        if by_cookie is not None and (principal := await by_cookie(request)) is not None:
            return principal
        raise NotAuthenticated()
    principal = await request.app[AUTH].principal_for_token(token)
    if principal is None:
        raise NotAuthenticated()
    return principal


@functools.cache
def _parameters(handler: Handler) -> frozenset[str]:
    """A handler's parameter names, read once per process: every app built (one per test) asks again."""
    return frozenset(inspect.signature(handler).parameters)


def make_handler(ep: Endpoint) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    wants = _parameters(ep.handler)

    async def handle(request: web.Request) -> web.StreamResponse:
        if ep.partner:
            from core_api.platform.partner import run_partner_call

            return await run_partner_call(request, lambda: run(request))
        return await run(request)

    async def run(request: web.Request) -> web.StreamResponse:
        started = time.perf_counter()
        kwargs: dict[str, Any] = {}
        principal: Principal | None = None
        if ep.partner:
            pass  # no operator: the signature was checked
        elif not ep.public:
            principal = await authenticate(request)
            request[PRINCIPAL] = principal
            if ep.need is not None and not ep.need.allows(principal.authz):
                raise Forbidden()
        elif "principal" in wants:
            # Public routes may still use the caller when one is signed in.
            try:
                principal = await authenticate(request)
            except NotAuthenticated:
                principal = None
        if "principal" in wants:
            kwargs["principal"] = principal
        if "request" in wants:
            kwargs["request"] = request
        for name, typ in ep.path_params.items():
            value = path_value(name, typ, request.match_info[name])
            if name in wants:
                kwargs[name] = value
        body_data: Any = None
        if ep.query_model is not None:
            kwargs["query"] = await parse_query(ep.query_model, request)
        if ep.body_model is not None:
            body_data = await read_body(request, ep.body_model)
            kwargs["body"] = await parse(ep.body_model, body_data, request)
        replica = request.config_dict.get(REPLICA) if principal is not None else None
        if ep.log is None:
            if replica is not None:
                return await call_with_replica(ep, kwargs, replica, principal)  # type: ignore[arg-type]
            return await ep.handler(**kwargs)
        from core_api.platform.operlog import record_operation

        response: web.StreamResponse | None = None
        error: Exception | None = None
        try:
            if replica is not None:
                response = await call_with_replica(ep, kwargs, replica, principal)  # type: ignore[arg-type]
            else:
                response = await ep.handler(**kwargs)
            return response
        except Exception as exc:
            error = exc
            raise
        finally:
            await record_operation(request, ep, principal, body_data, response, error, started)

    handle.__name__ = ep.handler.__name__
    return handle


async def call_with_replica(ep: Endpoint, kwargs: dict[str, Any], replica: Replica, principal: Principal
                            ) -> web.StreamResponse:
    """A read route of an operator whose writes the standby has replayed runs its reads there; if the standby
    fails it, it runs again on the primary. After any call but a GET (an export may record its file), the primary's
    position is remembered for the operator (``Endpoint.may_write``)."""
    try:
        if not (ep.replica and await replica.may_read_standby(principal.user_id)):
            return await ep.handler(**kwargs)
        tokens = replica.use()
        try:
            return await ep.handler(**kwargs)
        # InternalClientError: a connection of the standby cut in the middle of a statement (the fault test's
        # standby stop) answered the next one with "another operation is in progress"
        except (OSError, BaseORMException, PostgresError, InterfaceError, InternalClientError) as exc:
            replica.mark_down(exc)
        finally:
            replica.done(tokens)
        return await ep.handler(**kwargs)
    finally:
        if ep.may_write:
            await replica.remember_write(principal.user_id)


def register(app: web.Application, apis: list[Api]) -> None:
    for api in apis:
        for ep in api.endpoints:
            app.router.add_route(ep.method, ep.path, make_handler(ep), name=ep.operation_id)


def all_endpoints(apis: list[Api]) -> list[Endpoint]:
    return [ep for api in apis for ep in api.endpoints]
