"""The database's own catalogue: its tables and their columns, on PostgreSQL and SQLite.

Table names that reach SQL here are never taken from a request as they are: callers pass names that
were first found in the catalogue's own table list, and they are quoted as identifiers besides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tortoise import Tortoise, connections

from core_api.platform.errors import ServiceError

IDENTIFIER = re.compile(r"^[a-z][a-z0-9_]{0,62}$")


@dataclass(frozen=True)
class DbColumn:
    name: str
    type: str
    nullable: bool
    default: str | None
    pk: bool
    comment: str
    max_length: int | None
    position: int


@dataclass(frozen=True)
class DbTable:
    name: str
    comment: str
    managed: bool  # a table of the product itself


def managed_tables() -> set[str]:
    return {model._meta.db_table for app in Tortoise.apps.values() for model in app.values()}


def dialect() -> str:
    """The database kind as RuoYi consoles show it beside the data source ("postgresql", "sqlite")."""
    name = connections.get("default").capabilities.dialect
    return "postgresql" if name == "postgres" else name


# The product's own tables that no model declares: the triggers' row counts and day tallies (counts.py, tally.py).
DERIVED = {"biz_row_count", "biz_tally"}


async def tables() -> list[DbTable]:
    conn = connections.get("default")
    managed = managed_tables() | DERIVED
    if conn.capabilities.dialect == "postgres":
        found = await conn.execute_query_dict("SELECT to_regclass('biz_tally') IS NOT NULL AS kept")
        if found[0]["kept"]:
            managed |= {r["name"] for r in await conn.execute_query_dict("SELECT name FROM biz_tally")}
        rows = await conn.execute_query_dict(
            "SELECT c.relname AS name, COALESCE(obj_description(c.oid, 'pg_class'), '') AS comment "
            "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            # a month-partitioned table is listed once, as its parent (core_api/platform/partitions.py)
            "WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname = current_schema() "
            "ORDER BY c.relname")
    else:
        rows = await conn.execute_query_dict(
            "SELECT name, '' AS comment FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")
    return [DbTable(r["name"], r["comment"] or "", r["name"] in managed) for r in rows
            if r["name"] != "tortoise_migrations"]


async def table_named(name: str) -> DbTable:
    for table in await tables():
        if table.name == name:
            if not IDENTIFIER.match(name):
                raise ServiceError(f"表名'{name}'不合规：只能使用小写字母、数字和下划线，并以字母开头")
            return table
    raise ServiceError(f"数据库中不存在表'{name}'")


def _length(type_text: str) -> int | None:
    match = re.search(r"\((\d+)\)", type_text)
    return int(match.group(1)) if match else None


async def columns(table: DbTable) -> list[DbColumn]:
    conn = connections.get("default")
    quoted = '"' + table.name.replace('"', '""') + '"'
    out: list[DbColumn] = []
    if conn.capabilities.dialect == "postgres":
        rows: list[dict[str, Any]] = await conn.execute_query_dict(
            "SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable, "
            "pg_get_expr(d.adbin, d.adrelid) AS default, a.attnum AS position, "
            "COALESCE(col_description(a.attrelid, a.attnum), '') AS comment, "
            "EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary "
            "AND a.attnum = ANY(i.indkey)) AS pk "
            "FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
            "WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
            [quoted])
        for r in rows:
            out.append(DbColumn(r["name"], r["type"], r["nullable"], r["default"], r["pk"], r["comment"],
                                _length(r["type"]), r["position"]))
    else:
        rows = await conn.execute_query_dict(f"PRAGMA table_info({quoted})")
        for r in rows:
            out.append(DbColumn(r["name"], r["type"] or "TEXT", not r["notnull"], r["dflt_value"], bool(r["pk"]), "",
                                _length(r["type"] or ""), r["cid"] + 1))
    return out
