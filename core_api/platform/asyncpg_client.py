"""The console's PostgreSQL client: Tortoise's asyncpg client, whose kept reads hold their connections.

A kept read (``compiled.py``: a list page whose statement is kept) is one statement outside any transaction.
Through the pool, each one acquires a connection and gives it back: a proxy, a future, a shielded task that
resets the connection and an idle timer armed again, about 60 µs of CPU, as much as the statement itself costs
the process. The lane keeps up to half the pool's connections between kept reads instead: a read takes an idle
one (or borrows one more from the pool while the lane holds fewer than its share, or goes through the pool when
every one is busy) and puts it back after. A connection whose statement fails or is cancelled goes back to the
pool, which waits out the cancellation and resets or closes it; so does one the server has closed, and each one
after ``RENEW`` statements, so the pool's own rules (its maximum of queries, an expiry) still apply. Closing the
client gives back every connection the lane holds before the pool closes (Tortoise waits for them).

The module's name says asyncpg: Tortoise's migrations pick their schema editor by the client's module."""

from __future__ import annotations

from typing import Any

import asyncpg
from tortoise.backends.asyncpg.client import AsyncpgDBClient

RENEW = 10_000  # statements a connection serves in the lane before it goes back to the pool


class Lane:
    """Up to ``size`` connections of ``pool`` kept between kept reads."""

    __slots__ = ("closing", "held", "idle", "pool", "size")

    def __init__(self, pool: asyncpg.Pool, size: int) -> None:
        self.pool = pool
        self.size = size
        self.idle: list[tuple[Any, int]] = []  # (connection, statements served), the last put back on top
        self.held = 0  # connections borrowed from the pool: idle ones and those running a statement
        self.closing = False

    async def fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        con, served = None, 0
        while self.idle:
            con, served = self.idle.pop()
            if _open(con):
                break
            await self._give_back(con)  # closed by the server (a restart, a standby stopped): the pool drops it
            con = None
        if con is None:
            if self.held >= self.size or self.closing:
                return await self.pool.fetch(sql, *args)
            self.held += 1
            try:
                con = await self.pool.acquire()
            except BaseException:
                self.held -= 1
                raise
        try:
            rows = await con.fetch(sql, *args)
        except BaseException:
            await self._give_back(con)  # a cancelled statement is waited out by the pool before reuse
            raise
        if self.closing or served + 1 >= RENEW:
            await self._give_back(con)
        else:
            self.idle.append((con, served + 1))
        return rows

    async def close(self) -> None:
        """Every idle connection back to the pool; a busy one goes back when its statement ends."""
        self.closing = True
        idle, self.idle = self.idle, []
        for con, _ in idle:
            await self._give_back(con)

    async def _give_back(self, con: Any) -> None:
        self.held -= 1
        await self.pool.release(con)  # shielded: it completes even if the caller is cancelled meanwhile


def _open(con: Any) -> bool:
    """Whether a connection of the lane can run a statement: one the server closed is given back by the pool itself
    (its proxy then refuses every call)."""
    try:
        return not con.is_closed()
    except asyncpg.InterfaceError:
        return False


class AsyncpgClient(AsyncpgDBClient):
    """Tortoise's asyncpg client with a ``Lane`` for kept reads (``kept_fetch``)."""

    _lane: Lane | None = None

    async def kept_fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        """``sql`` run outside any transaction on a connection of the lane; the pool must exist."""
        lane = self._lane
        if lane is None or lane.pool is not self._pool:
            lane = self._lane = Lane(self._pool, max(1, self.pool_maxsize // 2))
        return await lane.fetch(sql, *args)

    def lane_idle(self) -> int:
        """Connections the lane holds between kept reads (the pool counts them as in use)."""
        lane = self._lane
        return len(lane.idle) if lane is not None and lane.pool is self._pool else 0

    async def _give_back_lane(self) -> None:
        lane, self._lane = self._lane, None
        if lane is not None:
            await lane.close()

    async def _expire_connections(self) -> None:
        await self._give_back_lane()
        await super()._expire_connections()

    async def _close(self) -> None:
        await self._give_back_lane()
        await super()._close()


client_class = AsyncpgClient
