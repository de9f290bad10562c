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

import types
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from tortoise.fields import DatetimeField
from tortoise.models import Model
from tortoise.queryset import ValuesQuery
from tortoise.router import router

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
        query._make_query()
        sql, params = query.query.get_parameterized_sql()
        # The conversions Tortoise applies to a values query's columns (ValuesQuery._execute): plain functions
        # are identities there, bound converters (decimals, enums, JSON...) are applied. A time needs none from
        # asyncpg, which answers it aware and in UTC, the zone Tortoise would convert it to (db.py: use_tz, UTC).
        aware = db.capabilities.dialect == "postgres"
        columns = [(alias, convert) for alias, name in query._fields_for_select.items()
                   if not isinstance(convert := query.resolve_to_python_value(query.model, name), types.LambdaType)
                   and not (aware and getattr(convert, "__func__", None) is DatetimeField.to_python_value)]
        found = _kept[slot] = (sql, list(params), columns)
        while len(_kept) > KEEP:
            _kept.popitem(last=False)
    else:
        _kept.move_to_end(slot)
    sql, params, columns = found
    rows: list[dict[str, Any]] = await db.execute_query_dict(sql, params)
    for row in rows:
        for column, convert in columns:
            row[column] = convert(row[column])
    return rows
