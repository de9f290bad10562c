"""The few hand-written SQL statements (upserts, joins the ORM cannot express, a hot path's statements) share
this: parameter placeholders in the connection's dialect. Only placeholders, constants and a model's own column
names are ever interpolated; every value is a parameter.

``fetch``, ``run`` and ``insert`` serve a path that runs hundreds of times a second (order placement): a Tortoise
query costs 0.1-0.3 ms of CPU to build before it reaches the database, these cost nothing once their text is
known. They take PostgreSQL's numbered parameters (``$1``), which SQLite reads as ``?1``, and run on the
connection of the current transaction, if any, as the ORM's queries do. Values are passed as they are: ints,
strings, bools, None and aware datetimes (SQLite stores those as Tortoise does, through its adapter)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tortoise.models import Model


def placeholders(conn: Any, n: int) -> list[str]:
    if conn.capabilities.dialect == "postgres":
        return [f"${i}" for i in range(1, n + 1)]
    return ["?"] * n


_NUMBERED = re.compile(r"\$(\d+)")


@lru_cache(maxsize=1024)
def _text(dialect: str, sql: str) -> str:
    return sql if dialect == "postgres" else _NUMBERED.sub(r"?\1", sql)


def _db(model: type[Model]) -> Any:
    return model._meta.db  # the current transaction's connection inside in_transaction(), as the ORM uses


async def fetch(model: type[Model], sql: str, *args: Any) -> list[dict[str, Any]]:
    """The rows of a SELECT (or of a statement with RETURNING) as dicts; ``model`` names the database."""
    db = _db(model)
    rows: list[dict[str, Any]] = await db.execute_query_dict(_text(db.capabilities.dialect, sql), list(args))
    return rows


async def run(model: type[Model], sql: str, *args: Any) -> int:
    """An UPDATE or DELETE: the number of rows it changed (a conditional update's verdict)."""
    db = _db(model)
    changed, _ = await db.execute_query(_text(db.capabilities.dialect, sql), list(args))
    return int(changed)


@lru_cache(maxsize=256)
def _insert_text(model: type[Model], dialect: str, rows: int) -> tuple[str, tuple[str, ...]]:
    meta = model._meta
    fields = tuple(name for name in meta.db_fields if not (name == meta.pk_attr and meta.pk.generated))
    if any(getattr(meta.fields_map[name], "auto_now", False) or getattr(meta.fields_map[name], "auto_now_add", False)
           for name in fields):
        raise TypeError(f"sql.insert: {model.__name__} has a time the ORM sets when it saves; use its create()")
    columns = ", ".join(f'"{meta.fields_db_projection[name]}"' for name in fields)
    n = len(fields)
    values = ", ".join("(" + ", ".join(f"${r * n + i + 1}" for i in range(n)) + ")" for r in range(rows))
    pk = meta.pk.source_field or meta.pk_attr
    sql = f'INSERT INTO "{meta.db_table}" ({columns}) VALUES {values} RETURNING "{pk}"'  # noqa: S608 - names, marks
    return _text(dialect, sql), fields


async def insert(instances: Sequence[Model]) -> None:
    """Inserts new instances of one model in one statement and sets their ids. Build them with the model's
    constructor (it applies the fields' defaults); nothing else is called (no signals, no validators: the
    values come from checked input)."""
    if not instances:
        return
    model = type(instances[0])
    db = _db(model)
    sql, fields = _insert_text(model, db.capabilities.dialect, len(instances))
    args = [getattr(obj, name) for obj in instances for name in fields]
    rows = await db.execute_query_dict(sql, args)
    pk = model._meta.pk_attr
    # Both databases number one statement's rows in the order of its VALUES (a sequence, the rowid), but
    # neither promises RETURNING in that order: the ids are matched by rank.
    for obj, new_id in zip(instances, sorted(next(iter(r.values())) for r in rows), strict=True):
        setattr(obj, pk, new_id)
        obj._saved_in_db = True


_ARRAY_TYPES = {"BigIntField": "bigint[]", "IntField": "integer[]", "SmallIntField": "smallint[]",
                "CharField": "text[]", "TextField": "text[]", "DatetimeField": "timestamptz[]", "DateField": "date[]",
                "BooleanField": "boolean[]"}


@lru_cache(maxsize=64)
def _unnest_text(model: type[Model]) -> tuple[str, tuple[str, ...]] | None:
    meta = model._meta
    fields = tuple(name for name in meta.db_fields if not (name == meta.pk_attr and meta.pk.generated))
    types = [_ARRAY_TYPES.get(type(meta.fields_map[name]).__name__) for name in fields]
    if None in types or any(getattr(meta.fields_map[name], "auto_now", False)
                            or getattr(meta.fields_map[name], "auto_now_add", False) for name in fields):
        return None
    columns = ", ".join(f'"{meta.fields_db_projection[name]}"' for name in fields)
    arrays = ", ".join(f"${i}::{t}" for i, t in enumerate(types, 1))
    return f'INSERT INTO "{meta.db_table}" ({columns}) SELECT * FROM unnest({arrays})', fields  # noqa: S608 - names


async def insert_many(instances: Sequence[Model]) -> None:
    """Inserts many new instances of one model and does not read their ids back. On PostgreSQL one statement
    whatever their number, ``INSERT … SELECT * FROM unnest($1::bigint[], …)`` with one array per column (a
    partitioned table routes each row to its month); elsewhere, or for a model with a column of another type,
    ``insert``. As ``insert``: built with the model's constructor, values from checked input."""
    if not instances:
        return
    model = type(instances[0])
    db = _db(model)
    found = _unnest_text(model) if db.capabilities.dialect == "postgres" else None
    if found is None:
        await insert(instances)
        return
    text, fields = found
    await db.execute_query(text, [[getattr(obj, name) for obj in instances] for name in fields])
