"""PostgreSQL monthly partitions of the chat-record tables (``PARTITION BY RANGE (sent_time)``).

Migration 0011 turns the tables the ORM created into partitioned ones: same columns and defaults (the id
sequence is kept), primary key (id, sent_time) as PostgreSQL requires the partition column in it, the
indexes declared on the parent (so every partition gets them), one partition per month for a window
around the migration's date and a default partition for anything outside it. ``ensure_months`` adds
months ahead (idempotent); it is meant for a monthly job, and must run before rows of a month land in
the default partition (PostgreSQL refuses a new month whose rows already sit in the default one).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.platform.timefmt import zone

TABLES: dict[str, list[tuple[str, str]]] = {
    "im_record": [("idx_im_record_group_sent", "group_id, sent_time, id"),
                  ("idx_im_record_from_sent", "from_uid, sent_time")],
    "im_record_single": [("idx_im_rs_conv_sent", "conversation, sent_time, id"),
                         ("idx_im_rs_from_sent", "from_uid, sent_time"),
                         ("idx_im_rs_to_sent", "to_uid, sent_time")],
}
MONTHS_BACK, MONTHS_AHEAD = 12, 3


def _month(day: dt.date, shift: int) -> dt.date:
    index = day.year * 12 + day.month - 1 + shift
    return dt.date(index // 12, index % 12 + 1, 1)


def _start(day: dt.date) -> str:
    return dt.datetime.combine(day, dt.time.min, tzinfo=zone()).isoformat(sep=" ")


def month_ddl(table: str, first: dt.date) -> str:
    """A month of the console's zone (timefmt.zone(), Asia/Shanghai unless configured), as the screens show it."""
    return (f"CREATE TABLE IF NOT EXISTS {table}_p{first:%Y%m} PARTITION OF {table} "
            f"FOR VALUES FROM ('{_start(first)}') TO ('{_start(_month(first, 1))}')")


def partition_ddl(table: str, indexes: list[tuple[str, str]], today: dt.date) -> list[str]:
    out = [
        f"ALTER TABLE {table} RENAME TO {table}_plain",
        f"CREATE TABLE {table} (LIKE {table}_plain INCLUDING DEFAULTS) PARTITION BY RANGE (sent_time)",
        f"ALTER SEQUENCE {table}_id_seq OWNED BY {table}.id",
        f"DROP TABLE {table}_plain",
        f"ALTER TABLE {table} ADD CONSTRAINT pk_{table} PRIMARY KEY (id, sent_time)",
        *(f"CREATE INDEX {name} ON {table} ({cols})" for name, cols in indexes),
        f"CREATE TABLE {table}_default PARTITION OF {table} DEFAULT",
    ]
    first = _month(today, 0)
    out += [month_ddl(table, _month(first, n)) for n in range(-MONTHS_BACK, MONTHS_AHEAD + 1)]
    return out


def last_month(today: dt.date, ahead: int = MONTHS_AHEAD) -> dt.date:
    return _month(today, ahead)


async def ensure_months(client: Any, today: dt.date, ahead: int = MONTHS_AHEAD) -> int:
    """Create the partitions of this month and ``ahead`` months after it where missing (PostgreSQL only);
    returns how many were created. Scheduled by the system job ``ensureChatPartitions`` (core_api/seed/data.py
    JOBS), which runs daily so that a missed run is made good long before a month begins."""
    rows = await client.execute_query_dict(
        "SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = ANY($1::text[])", [list(TABLES)])
    present = {r["name"] for r in rows}
    created = 0
    for table in TABLES:
        for n in range(ahead + 1):
            first = _month(_month(today, 0), n)
            if f"{table}_p{first:%Y%m}" not in present:
                await client.execute_script(month_ddl(table, first))
                created += 1
    return created
