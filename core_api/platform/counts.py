# ruff: noqa: S608 - the SQL built here names tables and columns of the code's own declarations, checked below
"""List totals kept per filter and data scope while their table has not changed.

Every write to a table bumps its change stamp (``await changed(app, table)``, called after the write has
committed); the stamp travels to every node by a bus broadcast, so a node never serves a total older than
the last write it has heard of. A list asks ``await counted(app, table, key, qs)``: the total at the
current stamp is computed once and then read from memory. The cache key is ``key`` together with the
count's own SQL (parameters inlined), so two filters or two data scopes can never share a total even when
a caller's ``key`` forgets one of them. Concurrent requests for a total that is not cached yet wait for
one computation; a total whose table changed while it was counted is returned but not kept.

The unfiltered total of a counted table never scans it: triggers (created by migration 0010 on PostgreSQL
and SQLite) keep its live rows' number in ``biz_row_count``, inside the writing transaction. On
PostgreSQL they are statement-level triggers that append one delta row per statement (no row is updated
by two writers, so inserts into a log table never queue behind each other) and a read that finds more
than ``COMPACT_AT`` delta rows folds them into one; on SQLite (one writer at a time) each table has one
row that the triggers add to. ``count_rows`` registers a table; ``row_count_sql`` gives the statements a
migration runs for it.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from core_api.platform.state import BUS

TABLE_CHANGED = "table.changed"
KEEP = 4096  # totals kept per node
MAX_AGE = 300.0  # seconds: a broadcast lost while the broker was away delays a correction at most this long
COMPACT_AT = 64  # PostgreSQL delta rows per table before a read folds them

# Tables whose live rows are counted by triggers, with the column values a live row has. The list routes
# of these tables filter on the same values when nothing else is asked for; the migration that created the
# triggers names the same tables (tests/test_counts.py checks the two agree).
ROW_COUNTED: dict[str, dict[str, str]] = {
    "sys_user": {"del_flag": "0"},
    "sys_role": {"del_flag": "0"},
    "sys_post": {},
    "sys_dict_type": {},
    "sys_dict_data": {},
    "sys_config": {},
    "sys_notice": {},
    "sys_oper_log": {},
    "sys_logininfor": {},
}


IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]{0,50}$")


def count_rows(table: str, live: dict[str, str] | None = None) -> None:
    """Declares that a migration keeps ``table``'s live rows counted (see ``row_count_sql``)."""
    ROW_COUNTED[table] = dict(live or {})


def _quote(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _live_sql(live: dict[str, str], row: str) -> str:
    return " AND ".join(f'{row}."{column}" = {_quote(value)}' for column, value in live.items()) or "TRUE"


def row_count_sql(dialect: str, table: str, live: dict[str, str] | None = None) -> list[str]:
    """The statements that create ``table``'s counting triggers and seed its count, for a migration.

    Run them in one transaction: on PostgreSQL the triggers' creation locks out writers until the count
    is seeded, so no write is missed or counted twice. ``biz_row_count`` must exist (migration 0010)."""
    live = live or {}
    if not all(IDENTIFIER.match(n) for n in (table, *live)):
        raise ValueError(f"not a plain table or column name: {table} {list(live)}")
    name = f"biz_count_{table}"
    seed = (f"INSERT INTO biz_row_count (tbl, n) SELECT {_quote(table)}, COUNT(*) FROM \"{table}\" t "
            f"WHERE {_live_sql(live, 't')}")
    if dialect == "postgres":
        body = f"""CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE d bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM biz_row_count WHERE tbl = {_quote(table)};
    INSERT INTO biz_row_count (tbl, n) VALUES ({_quote(table)}, 0);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT d + COUNT(*) INTO d FROM new_rows r WHERE {_live_sql(live, 'r')};
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT d - COUNT(*) INTO d FROM old_rows r WHERE {_live_sql(live, 'r')};
  END IF;
  IF d <> 0 THEN
    INSERT INTO biz_row_count (tbl, n) VALUES ({_quote(table)}, d);
  END IF;
  RETURN NULL;
END $fn$"""
        statements = [
            body,
            f'CREATE TRIGGER {name}_ins AFTER INSERT ON "{table}" REFERENCING NEW TABLE AS new_rows '
            f"FOR EACH STATEMENT EXECUTE FUNCTION {name}()",
            f'CREATE TRIGGER {name}_del AFTER DELETE ON "{table}" REFERENCING OLD TABLE AS old_rows '
            f"FOR EACH STATEMENT EXECUTE FUNCTION {name}()",
            f'CREATE TRIGGER {name}_trunc AFTER TRUNCATE ON "{table}" FOR EACH STATEMENT EXECUTE FUNCTION {name}()',
        ]
        if live:
            statements.append(
                f'CREATE TRIGGER {name}_upd AFTER UPDATE ON "{table}" REFERENCING OLD TABLE AS old_rows '
                f"NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {name}()")
        return [*statements, f"DELETE FROM biz_row_count WHERE tbl = {_quote(table)}", seed]
    add = f"UPDATE biz_row_count SET n = n + ({{}}) WHERE tbl = {_quote(table)}"
    new_live, old_live = _live_sql(live, "NEW"), _live_sql(live, "OLD")
    when_new, when_old = (f" WHEN {new_live}", f" WHEN {old_live}") if live else ("", "")
    statements = [
        f'CREATE TRIGGER {name}_ins AFTER INSERT ON "{table}"{when_new} BEGIN {add.format(1)}; END',
        f'CREATE TRIGGER {name}_del AFTER DELETE ON "{table}"{when_old} BEGIN {add.format(-1)}; END',
    ]
    if live:
        columns = ", ".join(f'"{c}"' for c in live)
        change = f"(CASE WHEN {new_live} THEN 1 ELSE 0 END) - (CASE WHEN {old_live} THEN 1 ELSE 0 END)"
        statements.append(f'CREATE TRIGGER {name}_upd AFTER UPDATE OF {columns} ON "{table}" '
                          f"WHEN ({new_live}) <> ({old_live}) BEGIN {add.format(change)}; END")
    return [*statements, f"DELETE FROM biz_row_count WHERE tbl = {_quote(table)}", seed]


def drop_row_count_sql(dialect: str, table: str) -> list[str]:
    name = f"biz_count_{table}"
    drops = [f'DROP TRIGGER IF EXISTS {name}_{op}' + (f' ON "{table}"' if dialect == "postgres" else "")
             for op in ("ins", "del", "upd", "trunc")]
    if dialect == "postgres":
        drops.append(f"DROP FUNCTION IF EXISTS {name}()")
    return [*drops, f"DELETE FROM biz_row_count WHERE tbl = {_quote(table)}"]


async def stored_row_count(db: Any, table: str) -> int | None:
    """The triggers' count of ``table``'s live rows; None where no migration counts it."""
    postgres = db.capabilities.dialect == "postgres"
    mark = "$1" if postgres else "?"
    rows = await db.execute_query_dict(
        f"SELECT SUM(n) AS total, COUNT(*) AS parts FROM biz_row_count WHERE tbl = {mark}", [table])
    total, parts = rows[0]["total"], rows[0]["parts"]
    if total is None:
        return None
    if postgres and parts > COMPACT_AT:
        # Folds the deltas into one row. A concurrent fold waits for this one's row locks and then finds
        # those rows gone, so every delta is summed exactly once; deltas not yet committed stay as they are.
        await db.execute_query(
            "WITH gone AS (DELETE FROM biz_row_count WHERE tbl = $1 RETURNING n) "
            "INSERT INTO biz_row_count (tbl, n) SELECT $1, SUM(n) FROM gone HAVING COUNT(*) > 0", [table])
    return int(total)


class Counts:
    """One node's change stamps and the totals computed at them."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.stamps: dict[str, int] = {}
        self.totals: OrderedDict[tuple[str, str, int], tuple[int, float]] = OrderedDict()
        self.running: dict[tuple[str, str, int], asyncio.Future[int]] = {}
        self.computed = 0  # totals computed in the database (the rest came from memory)
        self.whole: dict[str, str] = {}  # table -> the SQL of its unfiltered count
        self.node = uuid.uuid4().hex  # its own broadcasts come back to it: bumped already, so skipped
        self.clock = clock
        self.memos: dict[str, tuple[int, float, dict[Any, Any]]] = {}

    def stamp(self, table: str) -> int:
        return self.stamps.get(table, 0)

    def bump(self, table: str) -> None:
        self.stamps[table] = self.stamp(table) + 1

    def memo(self, table: str, max_age: float = MAX_AGE) -> dict[Any, Any]:
        """A dict for values read from ``table`` that depend on nothing but its rows (a shop's name by its id, never
        anything of a caller's scope), kept while the table's change stamp stays the same and for at most
        ``max_age`` seconds. Take it before reading and fill it after: if the table changed meanwhile, the values
        go to the old stamp's dict, which nobody reads again."""
        stamp, now = self.stamp(table), self.clock()
        slot = self.memos.get(table)
        if slot is None or slot[0] != stamp or now - slot[1] > max_age or len(slot[2]) > KEEP:
            slot = self.memos[table] = (stamp, now, {})
        return slot[2]

    def get(self, table: str, key: str, max_age: float = MAX_AGE) -> int | None:
        slot = (table, key, self.stamp(table))
        found = self.totals.get(slot)
        if found is None:
            return None
        if self.clock() - found[1] > max_age:
            del self.totals[slot]
            return None
        self.totals.move_to_end(slot)
        return found[0]

    def put(self, table: str, key: str, stamp: int, total: int, at: float | None = None) -> None:
        if stamp != self.stamp(table):
            return  # the table changed while counting: this total may already be stale
        self.totals[(table, key, stamp)] = (total, self.clock() if at is None else at)
        while len(self.totals) > KEEP:
            self.totals.popitem(last=False)

    async def total(self, table: str, key: str, compute: Callable[[], Awaitable[int]],
                    max_age: float = MAX_AGE) -> int:
        """The cached total, else one computation shared by everyone asking at this stamp."""
        found = self.get(table, key, max_age)
        if found is not None:
            return found
        stamp = self.stamp(table)
        slot = (table, key, stamp)
        running = self.running.get(slot)
        if running is None:
            began = self.clock()

            async def run() -> int:
                try:
                    result = await compute()
                    self.computed += 1
                    self.put(table, key, stamp, result, began)
                    return result
                finally:
                    self.running.pop(slot, None)

            running = asyncio.ensure_future(run())
            running.add_done_callback(lambda f: f.cancelled() or f.exception())  # retrieved even if unawaited
            self.running[slot] = running
        return await asyncio.shield(running)


COUNTS: web.AppKey[Counts] = web.AppKey("counts")


def counts_of(app: web.Application) -> Counts:
    """This node's counts; they hear every node's ``changed`` through the bus."""
    if COUNTS not in app:
        counts = Counts()
        app[COUNTS] = counts

        async def on_changed(payload: dict[str, Any]) -> None:
            if payload.get("node") == counts.node:
                return
            tables = payload.get("tables", [payload.get("table")])
            for table in tables if isinstance(tables, list) else []:
                if isinstance(table, str):
                    counts.bump(table)

        if BUS in app:
            app[BUS].on_broadcast(TABLE_CHANGED, on_changed)
    return app[COUNTS]


def _whole_sql(counts: Counts, table: str, model: Any) -> str | None:
    live = ROW_COUNTED.get(table)
    if live is None or model._meta.db_table != table:
        return None
    if table not in counts.whole:
        counts.whole[table] = model.filter(**live).count().sql(params_inline=True)
    return counts.whole[table]


def _sql_of(query: Any) -> str:
    try:
        return str(query.sql(params_inline=True))
    except Exception:  # noqa: BLE001 - a query that cannot print itself is cached by the caller's key only
        return ""


async def counted(app: web.Application, table: str, key: str, qs: Any, *, max_age: float = MAX_AGE,
                  exact: bool = False) -> int:
    """``qs.count()``, kept per (``key``, the count's SQL) while ``table``'s change stamp stays the same.

    ``exact=True`` says ``key`` alone names the count (the resource lists, whose key is written by the same
    loop that adds each filter and scope): the SQL is then built only when the total is computed, which is
    half of a cached list call's CPU otherwise. An unfiltered count of a counted table (``ROW_COUNTED``) is
    read from the triggers' row count. With ``exact=True``, ``qs`` may be a function that builds the queryset."""
    counts = counts_of(app)
    query = None if exact else qs.count()
    sql = "" if query is None else _sql_of(query)

    async def compute() -> int:
        nonlocal query, qs
        if callable(qs):  # a function that builds the queryset: built only when the total is computed
            qs = qs()
        if query is None:
            query = qs.count()
        text = sql or _sql_of(query)
        whole = _whole_sql(counts, table, getattr(qs, "model", None)) if text and hasattr(qs, "model") else None
        if whole is not None and text == whole:
            stored = await stored_row_count(qs.model._meta.db, table)
            if stored is not None:
                return stored
        return int(await query)

    return await counts.total(table, _slot_key(key, sql, exact), compute, max_age)


def _slot_key(key: str, sql: str, exact: bool) -> str:
    # The SQL can be long (a data scope's department list): kept as a 128-bit digest.
    digest = hashlib.blake2b(f"{key}\x1f{sql}".encode(), digest_size=16).hexdigest()
    return ("=" if exact else "") + digest


def kept(app: web.Application, table: str, key: str, max_age: float = MAX_AGE) -> int | None:
    """The total ``counted(app, table, key, ..., exact=True)`` keeps, when it is kept: no task, no await."""
    return counts_of(app).get(table, _slot_key(key, "", True), max_age)


async def broadcast_changed(bus: Any, *tables: str, node: str = "") -> None:
    """Tells every node's counts that ``tables`` changed (from a worker that has no ``app``); ``bus`` is
    the in-process or RabbitMQ bus."""
    await bus.broadcast(TABLE_CHANGED, {"table": tables[0], "tables": list(tables), "node": node})


async def changed(app: web.Application, table: str, *more: str) -> None:
    """After a write to ``table`` has committed: this node forgets its totals now, the others when the
    broadcast arrives. Call it after the transaction, never inside it: a total counted between the bump
    and the commit would miss the write and be kept."""
    counts = counts_of(app)
    for name in (table, *more):
        counts.bump(name)
    if BUS in app:
        await broadcast_changed(app[BUS], table, *more, node=counts.node)
