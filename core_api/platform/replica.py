"""Reads from a hot standby (``CONSOLE_DATABASE_REPLICA_URL``), with read-your-writes for the operator who wrote.

A route declares that its answer may be a moment old (``Api.route(replica=True)``; by default every GET ``.../list``
and every export): while it runs, the standby's client is the connection "replica" of that task's context and the
ORM's reads (Tortoise's router, ``ReplicaRouter``) go to it; writes, transactions and statements written on the
connection "default" stay on the primary. The standby's client is not in Tortoise's configuration, so that
``in_transaction()`` keeps meaning the primary.

Read-your-writes: after an operator's call that may write (any other method than GET), the primary's
``pg_current_wal_lsn()`` is remembered for that operator in the shared key store (Redis, else the database's kv
table), so that every core node, whichever the BFF or the proxy picked, knows it. A read route of that operator goes
to the standby only once the standby's ``pg_last_wal_replay_lsn()`` (asked at most every 100 ms per process) has
reached it. A standby that does not answer (or fails a read) sends the reads to the primary at once, for a second,
then it is asked again; each fall-back is counted (``Replica.fallbacks``) and logged.
"""

from __future__ import annotations

import logging
import time
from contextvars import ContextVar
from typing import Any

from tortoise import connections

from core_api.platform.kv import KvStore

log = logging.getLogger("console.replica")

READ_REPLICA: ContextVar[bool] = ContextVar("console_read_replica", default=False)
REPLICA = "replica"  # the Tortoise connection's name
LSN_POLL_SECONDS = 0.1
DOWN_SECONDS = 1.0
# An operator's last write is remembered this long: a standby further behind than this is not a standby to read.
REMEMBER_SECONDS = 600
# The platform's own tables (sessions, the key store...) are read where they are written.
PRIMARY_ONLY_MODULES = frozenset({"core_api.platform.models"})
LSN = "SELECT pg_wal_lsn_diff({}, '0/0')::bigint AS lsn"


class ReplicaRouter:
    """Tortoise's router (db.py names it when a replica is configured)."""

    def db_for_read(self, model: Any) -> str:
        if READ_REPLICA.get() and model.__module__ not in PRIMARY_ONLY_MODULES:
            return REPLICA
        return "default"  # the current transaction's, if any (as model._meta.db)

    def db_for_write(self, _model: Any) -> str:
        return "default"


def read_connection() -> Any:
    """The connection for a statement written by hand in a route that may read the standby (a chart's SQL)."""
    return connections.get(REPLICA if READ_REPLICA.get() else "default")


def _key(user_id: int) -> str:
    return f"replica:lsn:{user_id}"


class Replica:
    def __init__(self, kv: KvStore, client: Any, clock: Any = time.monotonic) -> None:
        self.kv = kv
        self.client = client  # db.replica_client(settings)
        self._clock = clock
        self._replayed: int | None = None
        self._asked_at = -1e9
        self._down_until = 0.0
        self.fallbacks = 0  # reads sent to the primary because the standby did not answer
        self.standby_reads = 0

    async def _replay_lsn(self) -> int | None:
        """The standby's replayed position, at most LSN_POLL_SECONDS old; None while it does not answer."""
        now = self._clock()
        if now < self._down_until:
            return None
        if now - self._asked_at >= LSN_POLL_SECONDS:
            try:
                rows = await self.client.execute_query_dict(LSN.format("pg_last_wal_replay_lsn()"))
                self._replayed = rows[0]["lsn"]
            except Exception as exc:  # noqa: BLE001 - whatever the failure, the primary reads
                self.mark_down(exc)
                return None
            self._asked_at = now
        return self._replayed

    def mark_down(self, exc: BaseException) -> None:
        self.fallbacks += 1
        self._down_until = self._clock() + DOWN_SECONDS
        self._replayed = None
        self._asked_at = -1e9
        log.warning("the standby does not answer (%r): reads go to the primary for %.0f s", exc, DOWN_SECONDS)

    async def may_read_standby(self, user_id: int) -> bool:
        replayed = await self._replay_lsn()
        if replayed is None:
            return False
        wrote = await self.kv.get(_key(user_id))
        if wrote is not None and replayed < int(wrote):
            return False
        self.standby_reads += 1
        return True

    def use(self) -> tuple[Any, Any]:
        """Sends this task's reads to the standby, until ``done``."""
        return connections.set(REPLICA, self.client), READ_REPLICA.set(True)

    @staticmethod
    def done(tokens: tuple[Any, Any]) -> None:
        connections.reset(tokens[0])
        READ_REPLICA.reset(tokens[1])

    async def close(self) -> None:
        await self.client.close()

    async def remember_write(self, user_id: int) -> None:
        rows = await connections.get("default").execute_query_dict(LSN.format("pg_current_wal_lsn()"))
        await self.kv.set(_key(user_id), str(rows[0]["lsn"]), REMEMBER_SECONDS)
