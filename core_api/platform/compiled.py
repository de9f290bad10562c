"""A list page's SELECT, its SQL kept per exact request (resource, filter key, order, page).

Building a Tortoise values query costs more CPU than PostgreSQL spends answering an indexed page: pypika copies
the whole query for each of the ~20 columns, then prints it (0.3 ms of the ~1 ms a page costs the process). The
same page is asked again and again (the default list's page 1 above all, by every operator who opens or
refreshes the screen), so the statement and its parameters built the first time are reused, as asyncpg reuses
the prepared statement. Only the statement is kept, never rows: every answer is read from the database.

The caller's key must name everything the query depends on; the resource list's filter key is written by the
same loop that adds each filter and scope (tests/test_counts.py checks that one key never stands for two
statements, for every declared list)."""

from __future__ import annotations

import functools
import re
import types
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeGuard

from tortoise.exceptions import ValidationError
from tortoise.expressions import Q
from tortoise.fields import DatetimeField
from tortoise.filters import escape_like
from tortoise.models import Model
from tortoise.queryset import QuerySet, ValuesQuery
from tortoise.router import router

from core_api.platform.asyncpg_client import AsyncpgClient
from core_api.platform.timefmt import zone

KEEP = 2048  # statements kept per process
_kept: OrderedDict[Hashable, tuple[str, list[Any], list[tuple[str, Callable[[Any], Any]]]]] = OrderedDict()


async def values_of(query: ValuesQuery[Any] | Callable[[], ValuesQuery[Any]], key: Hashable,
                    model: type[Model] | None = None) -> list[dict[str, Any]]:
    """``await query``, with the statement built once per ``key`` (and database dialect). ``query`` may be a
    function that builds it, with its ``model``: then a kept statement costs no queryset at all."""
    if isinstance(query, ValuesQuery):
        query._choose_db_if_not_chosen()  # the connection of the current transaction, if any, as Tortoise does
        db = query._db
    else:
        if model is None:
            raise TypeError("values_of: a query built by a function needs its model")
        db = router.db_for_read(model) or model._meta.db  # as ValuesQuery._choose_db
    slot = (db.capabilities.dialect, key)
    found = _kept.get(slot)
    if found is None:
        if not isinstance(query, ValuesQuery):
            query = query()
            query._db = db
        found = _keep(slot, *_compiled(query, db))
    else:
        _kept.move_to_end(slot)
    sql, params, columns = found
    return await _read(db, sql, params, columns)


# ---- a page's rows as the wire shows them, named and formatted by PostgreSQL -------------------------------------

How = Literal["plain", "time"]  # a column's value as it is (a number, text, flag, date, null), or a time shown local
NAME = re.compile(r"^[a-z][a-z0-9_]*$")  # a column's alias in a page's SELECT (a declaration's field name)
WIRE = re.compile(r"^[a-z][A-Za-z0-9]*$")  # its wire name (camelCase)


@dataclass(frozen=True)
class JsonRows:
    """How a page's rows are shown, where every column is plain: each column's alias in the page's SELECT, its wire
    name and whether it is a time (shown as local "YYYY-MM-DD HH:MM:SS" in the configured zone, as
    ``timefmt.fmt`` shows it). PostgreSQL then names and formats each column as the wire shows it, and the process
    turns each record into its JSON object as it is: no view, no Python per field."""

    columns: tuple[tuple[str, str, How], ...]


@functools.lru_cache(maxsize=4096)
def _wires(rows: JsonRows) -> tuple[str, ...]:
    return tuple(wire for _, wire, _ in rows.columns)


@functools.lru_cache(maxsize=4096)
def _ordering_only(rows: JsonRows, ordering: tuple[str, ...]) -> tuple[str, ...] | None:
    """The ordering's columns a page selects beside the shown ones (the cursor reads them from its last row): those
    not shown as they are under their own name. None where one would take a shown column's name."""
    as_is = {alias for alias, wire, how in rows.columns if alias == wire and how == "plain"}
    wires = {wire for _, wire, _ in rows.columns}
    extra = tuple(n for n in (term.lstrip("-") for term in ordering) if n not in as_is)
    return None if any(n in wires for n in extra) else extra


def json_sql(inner: str, params: int, rows: JsonRows, ordering: Sequence[str]) -> str:
    """``inner`` (a page's SELECT with ``params`` parameters) as rows of its columns under their wire names, times
    as local text (``to_char`` in the zone, the next parameter, where a column is a time), then the ordering's
    columns that are not shown as they are (``_ordering_only``), in the page's order.

    Measured side by side against PostgreSQL writing each row's JSON itself (``row_to_json``), a page of ten costs
    the database 64 µs less and the process no more (docs/performance.md): the rows are read as records and each
    becomes its object by ``dict``, in C. Where ``inner`` selects exactly these columns of one table, unqualified,
    its select list is replaced (PostgreSQL then plans one query, not a query around a subquery: 7 µs of its CPU a
    page); else it is wrapped. Either way its ORDER BY names only columns whose values are those of the table: each
    ordering column is shown as it is, or selected beside the shown ones under its own name."""
    for alias, wire, _ in rows.columns:
        if not (NAME.match(alias) and WIRE.match(wire)):
            raise ValueError(f"not a column's name: {alias!r} as {wire!r}")
    names = [term.lstrip("-") for term in ordering]
    extra = _ordering_only(rows, tuple(ordering))
    if extra is None or not all(NAME.match(n) for n in names):
        raise ValueError(f"not an ordering of columns: {ordering!r}")
    zone = f"${params + 1}"
    listed = "SELECT " + ",".join(f'"{alias}" "{alias}"' for alias, _, _ in rows.columns) + " FROM "  # noqa: S608
    flat = inner.startswith(listed) and " JOIN " not in inner
    table = "" if flat else "p."

    def cell(alias: str, how: How) -> str:
        column = f'{table}"{alias}"'
        return f"to_char({column} AT TIME ZONE {zone},'YYYY-MM-DD HH24:MI:SS')" if how == "time" else column

    shown = ",".join([f'{cell(alias, how)} AS "{wire}"' for alias, wire, how in rows.columns]
                     + [f'{table}"{n}"' for n in extra])
    if flat:
        return f"SELECT {shown} FROM {inner[len(listed):]}"  # noqa: S608 - names checked (NAME, WIRE)
    order = ",".join(f'p."{term.lstrip("-")}"' + (" DESC" if term.startswith("-") else "") for term in ordering)
    return f"SELECT {shown} FROM ({inner}) p ORDER BY {order}"  # noqa: S608 - names checked (NAME, WIRE)


async def json_values_of(query: Callable[[], ValuesQuery[Any]], key: Hashable, model: type[Model], rows: JsonRows,
                         ordering: Sequence[str]) -> tuple[list[Any], list[dict[str, Any]]] | None:
    """The page ``values_of(query, key, model)`` reads, as (its asyncpg records, each with the ordering's values by
    name; each row's object as the wire shows it): named and formatted by PostgreSQL (``json_sql``). None where the
    page is not read through the PostgreSQL client's lane (SQLite, a transaction's connection), or its SELECT names
    other columns than ``rows``: read it as rows then."""
    db = router.db_for_read(model) or model._meta.db
    if not _lane_of(db):
        return None
    slot = ("json", db.capabilities.dialect, key)
    found = _kept.get(slot)
    if found is None:
        built = query()
        built._db = db
        inner, params, columns = _compiled(built, db)
        names = [alias for alias, _, _ in rows.columns]
        plain = (not columns and list(built._fields_for_select) == names
                 and {term.lstrip("-") for term in ordering} <= set(names)
                 and _ordering_only(rows, tuple(ordering)) is not None)
        found = _keep(slot, json_sql(inner, len(params), rows, ordering) if plain else "", params, [])
    else:
        _kept.move_to_end(slot)
    sql, params, _ = found
    if not sql:  # a column Tortoise converts: read as rows (kept so, the statement is not built again)
        return None
    timed = any(how == "time" for _, _, how in rows.columns)  # the zone is a parameter only where a time is shown
    records = await db.kept_fetch(sql, *params, zone().key) if timed else await db.kept_fetch(sql, *params)
    wires = _wires(rows)  # the shown columns come first: the ordering's own after them are left out
    return records, [dict(zip(wires, r, strict=False)) for r in records]


def _compiled(query: ValuesQuery[Any], db: Any) -> tuple[str, list[Any], list[tuple[str, Callable[[Any], Any]]]]:
    """The query's SQL, its parameters and the conversions its columns need."""
    query._make_query()
    sql, params = query.query.get_parameterized_sql()
    # The conversions Tortoise applies to a values query's columns (ValuesQuery._execute): plain functions
    # are identities there, bound converters (decimals, enums, JSON...) are applied. A time needs none from
    # asyncpg, which answers it aware and in UTC, the zone Tortoise would convert it to (db.py: use_tz, UTC).
    aware = db.capabilities.dialect == "postgres"
    columns = [(alias, convert) for alias, name in query._fields_for_select.items()
               if not isinstance(convert := query.resolve_to_python_value(query.model, name), types.LambdaType)
               and not (aware and getattr(convert, "__func__", None) is DatetimeField.to_python_value)]
    return sql, list(params), columns


def _lane_of(db: Any) -> TypeGuard[AsyncpgClient]:
    """Whether ``db`` reads kept statements through its lane: the console's PostgreSQL client once its pool exists
    (not SQLite, not a transaction's connection, whose class is another)."""
    return db.__class__ is AsyncpgClient and db._pool is not None


def _keep(slot: Hashable, sql: str, params: list[Any], columns: list[tuple[str, Callable[[Any], Any]]]
          ) -> tuple[str, list[Any], list[tuple[str, Callable[[Any], Any]]]]:
    found = _kept[slot] = (sql, params, columns)
    while len(_kept) > KEEP:
        _kept.popitem(last=False)
    return found


async def _read(db: Any, sql: str, params: list[Any], columns: list[tuple[str, Callable[[Any], Any]]]
                ) -> list[dict[str, Any]]:
    if _lane_of(db):
        # Straight from a connection of the client's lane (asyncpg_client.py; a transaction's connection is another
        # class, and goes through Tortoise): Tortoise's wrapper around the same fetch, with its lock, loop check and
        # exception translation, cost a kept list page a tenth of its CPU. An error is asyncpg's own, which the
        # callers that fall back from the standby catch (api.call_with_replica) and the envelope answers as any
        # other.
        rows: list[dict[str, Any]] = [dict(r) for r in await db.kept_fetch(sql, *params)]
    else:
        rows = await db.execute_query_dict(sql, params)
    for row in rows:
        for column, convert in columns:
            row[column] = convert(row[column])
    return rows


# ---- a statement per list shape, its parameters bound per call ------------------------------------------------

Shape = tuple[tuple[str, ...], ...]  # filter lookups; the lookups of one group are joined by OR
_TEXT = 0xE000  # a text's stand-in: one private-use character (a field's length allows it)
_FIRST = 2_000_000_000  # the first stand-in number: within a 32-bit column, beyond any id or offset of ours
_templates: OrderedDict[Hashable, tuple[str, list[tuple[Any, ...]], list[tuple[str, Callable[[Any], Any]]]] | None]
_templates = OrderedDict()


def where(qs: QuerySet[Any], shape: Shape, values: Sequence[Any]) -> QuerySet[Any]:
    """``qs`` filtered by ``shape``'s lookups with ``values`` (one per lookup, in order)."""
    at = iter(values)
    for group in shape:
        condition = Q(**{group[0]: next(at)})
        for lookup in group[1:]:
            condition |= Q(**{lookup: next(at)})
        qs = qs.filter(condition)
    return qs


def _stand_ins(values: Sequence[Any]) -> tuple[list[Any], dict[Any, int]]:
    """A stand-in for each value (a list: one for each element), and the flat index each stands for."""
    made: list[Any] = []
    index: dict[Any, int] = {}

    def one(value: Any) -> Any:
        n = len(index)
        if isinstance(value, bool) or not isinstance(value, int | str | datetime):
            raise TypeError(f"no stand-in for {type(value).__name__}")
        stand_in: Any = (_FIRST + n if isinstance(value, int) else chr(_TEXT + n) if isinstance(value, str)
                         else datetime(1001, 1, 1, tzinfo=UTC) + timedelta(seconds=n))
        index[stand_in] = n
        return stand_in

    for value in values:
        made.append([one(v) for v in value] if isinstance(value, list) else one(value))
    return made, index


def _template(params: list[Any], index: dict[Any, int]) -> list[tuple[Any, ...]] | None:
    """Each parameter as ("value", flat index), ("text", index, before, after, escaped) or ("same", constant). A
    text inside a LIKE pattern (a ``%`` beside it) is escaped as Tortoise escapes it."""
    texts = {stand_in: n for stand_in, n in index.items() if isinstance(stand_in, str)}
    out: list[tuple[Any, ...]] = []
    for param in params:
        inside = [c for c in param if c in texts] if isinstance(param, str) and param not in texts else []
        if len(inside) == 1:
            before, after = param.split(inside[0])
            out.append(("text", texts[inside[0]], before, after, "%" in before + after))
        elif not isinstance(param, bool) and isinstance(param, int | str | datetime) and param in index:
            out.append(("value", index[param]))
        else:
            out.append(("same", param))
    return out if {p[1] for p in out if p[0] != "same"} == set(index.values()) else None


def _bound(template: list[tuple[Any, ...]], flat: list[Any]) -> list[Any]:
    params = []
    for part in template:
        if part[0] == "value":
            params.append(flat[part[1]])
        elif part[0] == "text":
            text = flat[part[1]]
            params.append(f"{part[2]}{escape_like(text) if part[4] else text}{part[3]}")
        else:
            params.append(part[1])
    return params


async def shaped_values(build: Callable[[Sequence[Any]], ValuesQuery[Any]], shape: Hashable,
                        values: Sequence[Any], model: type[Model]) -> list[dict[str, Any]]:
    """``await build(values)``, with the statement built once per ``shape`` and its parameters bound per call.

    ``shape`` names everything of the statement but the values: which filters, the order, the columns. Values
    are numbers, texts, times, or lists of them (a list's length is part of the shape). The first call of a
    shape builds the query twice, with stand-ins and with the real values, and keeps the stand-ins' statement
    only where binding the real values to it gives exactly Tortoise's own statement and parameters; a shape
    whose values Tortoise transforms otherwise is kept per exact call (``values_of``)."""
    db = router.db_for_read(model) or model._meta.db
    lengths = tuple(len(v) if isinstance(v, list) else type(v).__name__ for v in values)
    slot = (db.capabilities.dialect, shape, lengths)
    flat = [x for v in values for x in (v if isinstance(v, list) else (v,))]
    if slot not in _templates:
        template = None
        try:
            stand_ins, index = _stand_ins(values)
            sql, params, columns = _compiled(_with_db(build(stand_ins), db), db)
            template = _template(params, index)
        except (TypeError, ValueError, ValidationError):  # a stand-in the field refuses: kept per exact call
            pass
        real_sql, real_params, real_columns = _compiled(_with_db(build(values), db), db)
        if template is not None and (sql != real_sql or _bound(template, flat) != real_params):
            template = None
        _templates[slot] = None if template is None else (sql, template, columns)
        while len(_templates) > KEEP:
            _templates.popitem(last=False)
        return await _read(db, real_sql, real_params, real_columns)
    kept = _templates[slot]
    if kept is None:
        return await values_of(lambda: build(values), (shape, tuple(map(repr, values))), model)
    _templates.move_to_end(slot)
    sql, template, columns = kept
    return await _read(db, sql, _bound(template, flat), columns)


def _with_db(query: ValuesQuery[Any], db: Any) -> ValuesQuery[Any]:
    query._db = db
    return query
