"""Fills the ``region`` table from the shipped dataset when it is empty or holds another version of it.

Idempotent and cheap when nothing changed (one query); a load replaces every row in one transaction with
bulk inserts (figures in docs/performance.md). Called by ``python -m core_api seed`` (every deploy and test
template) and so by every start that seeds.
"""

from __future__ import annotations

import gzip
import json
import logging
import time
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from tortoise import connections
from tortoise.transactions import in_transaction

log = logging.getLogger("console.region")
DATA_FILE = Path(__file__).parent / "data" / "regions.json.gz"
BATCH = 2000


@cache
def dataset() -> dict[str, Any]:
    return json.loads(gzip.decompress(DATA_FILE.read_bytes()))


def _rows_with_paths(rows: list[list[Any]]) -> list[tuple[Any, ...]]:
    by_code = {r[0]: r for r in rows}
    parents = {r[3] for r in rows if r[3]}
    paths: dict[str, str] = {}

    def path(code: str) -> str:
        if code not in paths:
            row = by_code[code]
            paths[code] = row[1] if row[3] is None else f"{path(row[3])}/{row[1]}"
        return paths[code]

    out = []
    for code, name, level, parent, lng, lat in rows:
        out.append((code, name, level, parent, path(code), code not in parents,
                    None if lng is None else Decimal(str(lng)), None if lat is None else Decimal(str(lat))))
    return out


async def ensure_regions(force: bool = False) -> int:
    """Loads the dataset if the table does not hold its version; answers how many rows were written."""
    from core_api.region.division.models import Region, RegionDataset

    data = dataset()
    loaded = await RegionDataset.get_or_none(id=1)
    if not force and loaded is not None and loaded.version == data["version"] and loaded.rows == len(data["rows"]):
        return 0
    started = time.perf_counter()
    rows = _rows_with_paths(data["rows"])
    conn = connections.get("default")
    async with in_transaction() as tx:
        await Region.all().using_db(tx).delete()
        if conn.capabilities.dialect == "postgres":
            pg = ("INSERT INTO region (code, name, level, parent_code, path, leaf, lng, lat) "
                  "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
            for i in range(0, len(rows), BATCH * 10):
                await tx.execute_many(pg, [list(r) for r in rows[i:i + BATCH * 10]])
        else:
            lite = ("INSERT INTO region (code, name, level, parent_code, path, leaf, lng, lat) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            for i in range(0, len(rows), BATCH * 10):
                await tx.execute_many(lite, [[*r[:5], int(r[5]), _text(r[6]), _text(r[7])]
                                             for r in rows[i:i + BATCH * 10]])
        await RegionDataset.filter(id=1).using_db(tx).delete()
        from core_api.platform.clock import Clock

        await RegionDataset.create(id=1, version=data["version"], rows=len(rows), loaded_at=Clock().now(),
                                   using_db=tx)
    log.info("regions: %d rows of %s loaded in %.2fs", len(rows), data["version"], time.perf_counter() - started)
    return len(rows)


def _text(value: Decimal | None) -> str | None:
    return None if value is None else str(value)
