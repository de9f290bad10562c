# ruff: noqa: S608 - the SQL built here names tables and columns of the code's own declarations, checked below
"""Totals of a large table per key and local day, kept by PostgreSQL triggers, for the lists that filter on those
keys and a range of days (the shop orders: shop, status, placed between two days).

A list of such a table cannot keep its total in memory (``counts.py``): its rows move all the time outside the
console (the app places and pays, the wallet answers, the timeouts close), so it counted them on every call, and
a shop's 9,000 completed orders of a quarter cost more than the page itself. Here the writing statements keep
the total: statement-level triggers append one delta row per (keys, local day) that a statement changed, in the
writing transaction, as ``biz_row_count`` does for whole tables; no row is updated by two writers, so writers
never queue behind each other. A list given a shop sums the rows of its keys and days (a quarter: ~90 rows) and
folds the delta rows it met into one row per key and day once there are more than ``FOLD_AT``.

The day is the local day in the configured zone, recorded in ``biz_tally`` with the tally's columns. A total is
used only when that zone is the caller's: after ``CONSOLE_TIMEZONE`` changes, the lists count exactly until
``core_api migrate`` (which the start command runs) has rebuilt the tally in the new zone (``rezone``). SQLite
(one writer, the embedded small data) keeps no tally: its lists count exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from tortoise.transactions import in_transaction

FOLD_AT = 32  # delta rows among those a total summed before that total folds them
IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]{0,50}$")
SQL_TYPE = re.compile(r"^(BIGINT|INTEGER|VARCHAR\(\d{1,4}\))$")


@dataclass(frozen=True)
class DayTally:
    """``table``'s rows counted per ``keys`` (column, SQL type; never null) and local day of ``time``. A total is
    summed only when the first key is given: without it the rows to sum (every shop's days, say) can be as many
    as an index count of the table's own rows. A table may have several (a shop's orders by status, and all)."""

    table: str
    time: str
    keys: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        names = (self.table, self.time, *(c for c, _ in self.keys))
        if not all(IDENTIFIER.match(n) for n in names) or not all(SQL_TYPE.match(t) for _, t in self.keys):
            raise ValueError(f"not a plain table, column or type: {self}")

    @property
    def name(self) -> str:
        return f"{self.table}_by_{'_'.join(self.columns)}"

    @property
    def columns(self) -> list[str]:
        return [c for c, _ in self.keys]


def _q(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _cols(t: DayTally) -> str:
    return ", ".join(f'"{c}"' for c in t.columns)


def _seed(t: DayTally, zone: str) -> list[str]:
    return [
        f"DELETE FROM {t.name}",
        f"INSERT INTO {t.name} ({_cols(t)}, day, n, folded) SELECT {_cols(t)}, "
        f'("{t.time}" AT TIME ZONE {_q(zone)})::date, COUNT(*), TRUE FROM "{t.table}" GROUP BY '
        + ", ".join(str(i + 1) for i in range(len(t.keys) + 1)),
    ]


def tally_sql(t: DayTally, zone: str) -> list[str]:
    """PostgreSQL statements creating ``t``'s table, triggers and rows, for a migration (one transaction: creating
    the triggers locks out the table's writers until the rows are seeded, so no write is missed or counted twice)."""
    keys = ", ".join(f'"{c}" {typ} NOT NULL' for c, typ in t.keys)
    cols, day_of = _cols(t), f'("{t.time}" AT TIME ZONE z)::date'
    group = ", ".join(str(i + 1) for i in range(len(t.keys) + 1))
    return [
        "CREATE TABLE IF NOT EXISTS biz_tally (name VARCHAR(64) PRIMARY KEY, tbl VARCHAR(64) NOT NULL, "
        "keys VARCHAR(400) NOT NULL, time_column VARCHAR(64) NOT NULL, zone VARCHAR(64) NOT NULL)",
        f"CREATE TABLE {t.name} (id BIGSERIAL PRIMARY KEY, {keys}, day DATE NOT NULL, n BIGINT NOT NULL, "
        "folded BOOLEAN NOT NULL DEFAULT FALSE)",
        f"CREATE INDEX {t.name}_keys ON {t.name} ({cols}, day)",
        f"""CREATE OR REPLACE FUNCTION {t.name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE z text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM {t.name};
    RETURN NULL;
  END IF;
  SELECT zone INTO z FROM biz_tally WHERE name = {_q(t.name)};
  IF TG_OP = 'INSERT' THEN
    INSERT INTO {t.name} ({cols}, day, n) SELECT {cols}, {day_of}, COUNT(*) FROM new_rows GROUP BY {group};
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO {t.name} ({cols}, day, n) SELECT {cols}, {day_of}, -COUNT(*) FROM old_rows GROUP BY {group};
  ELSE
    INSERT INTO {t.name} ({cols}, day, n)
    SELECT {cols}, day, SUM(n) FROM (
      SELECT {cols}, {day_of} AS day, 1 AS n FROM new_rows
      UNION ALL SELECT {cols}, {day_of}, -1 FROM old_rows) moved
    GROUP BY {group} HAVING SUM(n) <> 0;
  END IF;
  RETURN NULL;
END $fn$""",
        f'CREATE TRIGGER {t.name}_ins AFTER INSERT ON "{t.table}" REFERENCING NEW TABLE AS new_rows '
        f"FOR EACH STATEMENT EXECUTE FUNCTION {t.name}()",
        f'CREATE TRIGGER {t.name}_upd AFTER UPDATE ON "{t.table}" REFERENCING OLD TABLE AS old_rows '
        f"NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {t.name}()",
        f'CREATE TRIGGER {t.name}_del AFTER DELETE ON "{t.table}" REFERENCING OLD TABLE AS old_rows '
        f"FOR EACH STATEMENT EXECUTE FUNCTION {t.name}()",
        f'CREATE TRIGGER {t.name}_trunc AFTER TRUNCATE ON "{t.table}" FOR EACH STATEMENT EXECUTE FUNCTION {t.name}()',
        f"INSERT INTO biz_tally (name, tbl, keys, time_column, zone) VALUES ({_q(t.name)}, {_q(t.table)}, "
        f"{_q(','.join(f'{c}:{typ}' for c, typ in t.keys))}, {_q(t.time)}, {_q(zone)})",
        *_seed(t, zone),
    ]


def drop_tally_sql(t: DayTally) -> list[str]:
    return [*(f'DROP TRIGGER IF EXISTS {t.name}_{op} ON "{t.table}"' for op in ("ins", "upd", "del", "trunc")),
            f"DROP FUNCTION IF EXISTS {t.name}()", f"DROP TABLE IF EXISTS {t.name}",
            f"DELETE FROM biz_tally WHERE name = {_q(t.name)}"]


def _declared(row: dict[str, Any]) -> DayTally:
    keys = tuple(tuple(part.split(":", 1)) for part in str(row["keys"]).split(","))
    return DayTally(str(row["tbl"]), str(row["time_column"]), keys)  # type: ignore[arg-type]


async def rezone(client: Any, zone: str) -> list[str]:
    """Rebuilds every tally kept in another zone than ``zone`` (after ``CONSOLE_TIMEZONE`` changed); answers the
    tallies rebuilt. Each in one transaction holding the table against writers while its rows are recounted."""
    if client.capabilities.dialect != "postgres":
        return []
    exists = await client.execute_query_dict("SELECT to_regclass('biz_tally') IS NOT NULL AS found")
    if not exists[0]["found"]:
        return []
    rebuilt = []
    for row in await client.execute_query_dict("SELECT * FROM biz_tally WHERE zone <> $1 ORDER BY name", [zone]):
        t = _declared(row)
        async with in_transaction() as tx:
            await tx.execute_script(f'LOCK TABLE "{t.table}" IN SHARE MODE')
            await tx.execute_query("UPDATE biz_tally SET zone = $1 WHERE name = $2", [zone, t.name])
            for statement in _seed(t, zone):
                await tx.execute_script(statement)
        rebuilt.append(t.name)
    return rebuilt


def _where(equals: dict[str, Any], begin: date | None, end: date | None) -> tuple[str, list[Any]]:
    where, args = [], []
    for column, value in equals.items():
        args.append(value)
        where.append(f'"{column}" = ${len(args)}')
    for op, day in ((">=", begin), ("<=", end)):
        if day is not None:
            args.append(day)
            where.append(f"day {op} ${len(args)}")
    return " AND ".join(where) or "TRUE", args


def tally_statement(t: DayTally, equals: dict[str, Any], begin: date | None, end: date | None) -> tuple[str, list]:
    """The statement ``tallied`` sends and its arguments: the zone kept, the total, the delta rows summed."""
    condition, args = _where(equals, begin, end)
    return (f"SELECT (SELECT zone FROM biz_tally WHERE name = ${len(args) + 1}) AS zone, SUM(n) AS total, "
            f"COUNT(*) FILTER (WHERE NOT folded) AS loose FROM {t.name} WHERE {condition}", [*args, t.name])


async def tallied(client: Any, t: DayTally, zone: str, equals: dict[str, Any], begin: date | None,
                  end: date | None) -> int | None:
    """The number of ``t.table``'s rows whose keys equal ``equals`` (a subset of the keys) placed between the
    local days ``begin`` and ``end`` (inclusive, either open); None where no tally answers (SQLite, another
    zone): the caller counts exactly."""
    if client.capabilities.dialect != "postgres" or not set(equals) <= set(t.columns) or t.columns[0] not in equals:
        return None
    sql, args = tally_statement(t, equals, begin, end)
    found = (await client.execute_query_dict(sql, args))[0]
    if found["zone"] != zone:
        return None
    if found["loose"] > FOLD_AT:
        # One row per key and day for the deltas met. A concurrent fold waits for this one's row locks and then
        # finds those rows gone (the rows this one adds are not in its snapshot: a key may keep two folded rows,
        # the sum stays right); deltas not yet committed are not seen and stay as they are.
        condition, args = _where(equals, begin, end)
        await client.execute_query(
            f"WITH gone AS (DELETE FROM {t.name} WHERE ({_cols(t)}, day) IN (SELECT {_cols(t)}, day FROM {t.name} "
            f"WHERE {condition} AND NOT folded) RETURNING {_cols(t)}, day, n) "
            f"INSERT INTO {t.name} ({_cols(t)}, day, n, folded) SELECT {_cols(t)}, day, SUM(n), TRUE FROM gone "
            f"GROUP BY {_cols(t)}, day HAVING SUM(n) <> 0", args)
    return int(found["total"] or 0)
