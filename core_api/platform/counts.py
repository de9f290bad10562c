"""List totals kept per filter and data scope while their table has not changed.

Every write to a table bumps its change stamp (``await changed(app, table)``); the stamp travels to every
node by a bus broadcast, so a node never serves a total older than the last write it has heard of. A list
asks ``await counted(app, table, key, qs)``: the total for ``key`` (the filter and the data scope, in any
stable text) at the current stamp is computed once and then read from memory.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from aiohttp import web

from core_api.platform.state import BUS

TABLE_CHANGED = "table.changed"
KEEP = 4096  # totals kept per node


class Counts:
    def __init__(self) -> None:
        self.stamps: dict[str, int] = {}
        self.totals: OrderedDict[tuple[str, str, int], int] = OrderedDict()

    def stamp(self, table: str) -> int:
        return self.stamps.get(table, 0)

    def bump(self, table: str) -> None:
        self.stamps[table] = self.stamp(table) + 1

    def get(self, table: str, key: str) -> int | None:
        found = self.totals.get((table, key, self.stamp(table)))
        if found is not None:
            self.totals.move_to_end((table, key, self.stamp(table)))
        return found

    def put(self, table: str, key: str, stamp: int, total: int) -> None:
        if stamp != self.stamp(table):
            return  # the table changed while counting: this total may already be stale
        self.totals[(table, key, stamp)] = total
        while len(self.totals) > KEEP:
            self.totals.popitem(last=False)


COUNTS: web.AppKey[Counts] = web.AppKey("counts")


def counts_of(app: web.Application) -> Counts:
    if COUNTS not in app:
        counts = Counts()
        app[COUNTS] = counts

        async def on_changed(payload: dict[str, Any]) -> None:
            table = payload.get("table")
            if isinstance(table, str):
                counts.bump(table)

        if BUS in app:
            app[BUS].on_broadcast(TABLE_CHANGED, on_changed)
    return app[COUNTS]


async def counted(app: web.Application, table: str, key: str, qs: Any) -> int:
    counts = counts_of(app)
    found = counts.get(table, key)
    if found is not None:
        return found
    stamp = counts.stamp(table)
    total = await qs.count()
    counts.put(table, key, stamp, total)
    return total


async def changed(app: web.Application, table: str) -> None:
    """After a write to ``table``: this node forgets its totals now, the others when the broadcast arrives."""
    counts_of(app).bump(table)
    if BUS in app:
        await app[BUS].broadcast(TABLE_CHANGED, {"table": table})
