"""PostgreSQL monthly partitions of the tables that grow without bound (issue 29 §3); SQLite keeps plain tables.

A feature registers its table at import (``register``: the table, its time column, its primary key and the
retention its parameter is seeded with). A registered table is ``PARTITION BY RANGE (<time column>)`` on
PostgreSQL: primary key (<pk>, <time column>) as PostgreSQL requires the partition column in it (the ORM still
addresses rows by the pk, unique through its one sequence), its indexes declared on the parent so every
partition gets them, one partition per month of the console's zone (timefmt.zone(), as the screens show it)
and a default partition for anything outside the months made.

The system job ``ensurePartitions`` (core_api/monitor/job/handlers.py) runs daily: ``ensure_months`` makes this
month and the next ones for every registered table (a month must exist before its rows arrive: PostgreSQL
refuses a new month whose rows already sit in the default partition), and ``retire`` applies the retention
parameter ``sys.partition.<table>.keepMonths``: "0" keeps every month, "N" detaches the months older than the
N last ones (they stay as plain tables, out of every list), "N,drop" drops them.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

from core_api.platform.timefmt import zone

MONTHS_BACK, MONTHS_AHEAD = 12, 3


@dataclass(frozen=True)
class Monthly:
    table: str
    column: str  # the time column: the partition key
    pk: str = "id"
    keep: str = "0"  # the seeded value of its retention parameter
    title: str = ""  # what the parameter's name calls it


REGISTRY: dict[str, Monthly] = {}


def register(table: str, column: str, *, pk: str = "id", keep: str = "0", title: str = "") -> Monthly:
    REGISTRY[table] = spec = Monthly(table, column, pk, keep, title or table)
    return spec


def keep_key(table: str) -> str:
    return f"sys.partition.{table}.keepMonths"


@dataclass(frozen=True)
class Retention:
    months: int  # 0: keep every month
    drop: bool


def parse_keep(value: str | None) -> Retention | None:
    """The retention parameter: "0", "12" or "12,drop"; None for anything else."""
    match = re.fullmatch(r"\s*(\d{1,3})\s*(?:,\s*(drop)\s*)?", value or "")
    return Retention(int(match[1]), bool(match[2])) if match else None


def month(day: dt.date, shift: int = 0) -> dt.date:
    index = day.year * 12 + day.month - 1 + shift
    return dt.date(index // 12, index % 12 + 1, 1)


def _start(day: dt.date) -> str:
    return dt.datetime.combine(day, dt.time.min, tzinfo=zone()).isoformat(sep=" ")


def month_ddl(table: str, first: dt.date) -> str:
    """A month of the console's zone (timefmt.zone(), Asia/Shanghai unless configured), as the screens show it."""
    return (f"CREATE TABLE IF NOT EXISTS {table}_p{first:%Y%m} PARTITION OF {table} "
            f"FOR VALUES FROM ('{_start(first)}') TO ('{_start(month(first, 1))}')")


def partition_ddl(table: str, column: str, indexes: list[tuple[str, str]], today: dt.date) -> list[str]:
    """An empty table made partitioned (the chat tables, migration 0014): the indexes are given."""
    out = [
        f"ALTER TABLE {table} RENAME TO {table}_plain",
        f"CREATE TABLE {table} (LIKE {table}_plain INCLUDING DEFAULTS) PARTITION BY RANGE ({column})",
        f"ALTER SEQUENCE {table}_id_seq OWNED BY {table}.id",
        f"DROP TABLE {table}_plain",
        f"ALTER TABLE {table} ADD CONSTRAINT pk_{table} PRIMARY KEY (id, {column})",
        *(f"CREATE INDEX {name} ON {table} ({cols})" for name, cols in indexes),
        f"CREATE TABLE {table}_default PARTITION OF {table} DEFAULT",
    ]
    first = month(today)
    out += [month_ddl(table, month(first, n)) for n in range(-MONTHS_BACK, MONTHS_AHEAD + 1)]
    return out


async def convert(client: Any, spec: Monthly, today: dt.date) -> None:
    """PostgreSQL: a table the ORM made becomes partitioned, keeping its rows, its id sequence and its indexes
    (re-declared on the parent; a unique one gets the time column appended, as PostgreSQL requires: the
    features whose uniqueness must stay exact keep it in a key table, see docs/decisions.md). The months made
    run from its oldest row (or MONTHS_BACK months back) to MONTHS_AHEAD months ahead."""
    table, column = spec.table, spec.column
    found = await client.execute_query_dict(
        "SELECT pg_get_indexdef(i.indexrelid) AS def, i.indisunique AS uniq FROM pg_index i "
        "JOIN pg_class c ON c.oid = i.indrelid WHERE c.relname = $1 AND NOT i.indisprimary", [table])
    # its triggers (the row counters of counts.py) go with the plain table: made again once the rows are in,
    # so the copy is not counted twice
    triggers = await client.execute_query_dict(
        "SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
        "WHERE c.relname = $1 AND NOT t.tgisinternal", [table])
    oldest = (await client.execute_query_dict(f"SELECT MIN({column}) AS t FROM {table}"))[0]["t"]  # noqa: S608
    first = month(today, -MONTHS_BACK)
    if oldest is not None:
        first = min(first, month(oldest.astimezone(zone()).date()))
    script = [
        f"ALTER TABLE {table} RENAME TO {table}_plain",
        f"CREATE TABLE {table} (LIKE {table}_plain INCLUDING DEFAULTS) PARTITION BY RANGE ({column})",
        f"ALTER SEQUENCE {table}_{spec.pk}_seq OWNED BY {table}.{spec.pk}",
        f"CREATE TABLE {table}_default PARTITION OF {table} DEFAULT",
    ]
    last = month(today, MONTHS_AHEAD)
    while first <= last:
        script.append(month_ddl(table, first))
        first = month(first, 1)
    script += [f"INSERT INTO {table} SELECT * FROM {table}_plain",  # noqa: S608 - registered names only
               f"DROP TABLE {table}_plain",
               f"ALTER TABLE {table} ADD CONSTRAINT pk_{table} PRIMARY KEY ({spec.pk}, {column})"]
    for row in found:
        sql = row["def"]
        if row["uniq"] and not re.search(rf"[(, ]{column}[,)]", sql):
            sql = sql[:-1] + f", {column})"
        script.append(sql)
    script += [row["def"] for row in triggers]
    for sql in script:
        await client.execute_script(sql)


async def _months(client: Any) -> dict[str, set[str]]:
    rows = await client.execute_query_dict(
        "SELECT p.relname AS parent, c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = ANY($1::text[])", [list(REGISTRY)])
    out: dict[str, set[str]] = {table: set() for table in REGISTRY}
    for r in rows:
        out[r["parent"]].add(r["name"])
    return out


async def ensure_months(client: Any, today: dt.date, ahead: int = MONTHS_AHEAD) -> int:
    """Create the partitions of this month and ``ahead`` months after it where missing, for every registered
    table (PostgreSQL only); returns how many were created."""
    present = await _months(client)
    created = 0
    for table, names in present.items():
        for n in range(ahead + 1):
            first = month(today, n)
            if f"{table}_p{first:%Y%m}" not in names:
                await client.execute_script(month_ddl(table, first))
                created += 1
    return created


async def retire(client: Any, today: dt.date, keep: dict[str, Retention]) -> list[str]:
    """Detach (and drop, when asked) the months of each table older than its ``keep`` last ones (this month
    counts as one); answers what was done, one line a table, for the job log."""
    present = await _months(client)
    done = []
    for table, rule in keep.items():
        if rule.months <= 0 or table not in present:
            continue
        cutoff = f"{table}_p{month(today, 1 - rule.months):%Y%m}"
        old = sorted(n for n in present[table] if re.fullmatch(rf"{table}_p\d{{6}}", n) and n < cutoff)
        for name in old:
            await client.execute_script(f"ALTER TABLE {table} DETACH PARTITION {name}")
            if rule.drop:
                await client.execute_script(f"DROP TABLE {name}")
        if old:
            verb = "删除" if rule.drop else "分离"
            done.append(f"{table} {verb} {len(old)} 个月分区（{old[0][-6:]}–{old[-1][-6:]}）")
    return done
