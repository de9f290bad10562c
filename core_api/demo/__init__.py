# ruff: noqa: S608 - the SQL built here names tables and columns of the models' own declarations
"""Demo data: ``python -m core_api demo --consumers N [--chat-records M] [--seed S] [--size name=n] [--reset]``.

Every business feature package (``core_api.business.FEATURES``, consumers first) may hold a ``demo`` module
with ``async def demo(ctx) -> None`` that fills its tables through ``await ctx.insert(Model, rows)``, using
``ctx.rng`` (random.Random of the seed), ``ctx.now`` (aware datetime), ``ctx.uids`` (the demo consumers'
uids) and ``ctx.size(name, default)``. ``insert`` writes in bulk: COPY (asyncpg ``copy_records_to_table``)
on PostgreSQL, one ``executemany`` on SQLite; rows without an ``id`` get the next ids (written back into
the dicts, so a later table can refer to them) and the id sequences are moved past them at the end. The
row-count triggers (core_api/platform/counts.py) fire on COPY as on any insert, so kept totals stay exact.

The same seed and sizes give the same data. The demo refuses to run on a database that already has app
users unless ``--reset`` (which empties every table a demo module wrote before) or ``--if-empty`` (which
then does nothing: what ``./ops/up`` runs).
"""

from __future__ import annotations

import datetime as dt
import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tortoise import connections
from tortoise.fields.data import JSONField
from tortoise.models import Model

UID_BASE = 10_000_000  # demo consumer n (from 1) has uid UID_BASE + n
CHUNK = 20_000


def demo_modules() -> list[Any]:
    """The feature packages' ``demo`` modules, in FEATURES order."""
    from core_api.business import FEATURES

    found = []
    for package in FEATURES:
        try:
            found.append(importlib.import_module(f"{package}.demo"))
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.demo":
                raise
    return found


@dataclass
class DemoContext:
    rng: random.Random
    now: dt.datetime
    uids: list[int]
    sizes: dict[str, int] = field(default_factory=dict)
    shared: dict[str, Any] = field(default_factory=dict)  # what one module leaves for the next (nick names...)
    inserted: dict[str, int] = field(default_factory=dict)  # table -> rows written
    log: Callable[[str], None] = lambda _line: None
    _next_id: dict[str, int] = field(default_factory=dict)
    _sequenced: set[str] = field(default_factory=set)  # tables numbered by an ``id`` sequence

    def size(self, name: str, default: int) -> int:
        return self.sizes.get(name, default)

    def moment(self, start: dt.datetime | None = None, end: dt.datetime | None = None) -> dt.datetime:
        """A random time between ``start`` (default: 180 days ago) and ``end`` (default: now), to the second."""
        end = end or self.now
        start = start or end - dt.timedelta(days=180)
        span = max(int((end - start).total_seconds()), 1)
        return (start + dt.timedelta(seconds=self.rng.randrange(span))).replace(microsecond=0)

    async def insert_ledger(self, ledger: type[Model], keys: type[Model], rows: list[dict[str, Any]]) -> None:
        """Ledger entries and the key row of each (its ``idem_key`` applies once: the ledger's key table)."""
        await self.insert(ledger, rows)
        await self.insert(keys, [{"idem_key": r["idem_key"], "ledger_id": r["id"], "create_time": r["create_time"]}
                                 for r in rows])

    @property
    def client(self) -> Any:
        return connections.get("default")

    @property
    def postgres(self) -> bool:
        return bool(self.client.capabilities.dialect == "postgres")

    async def insert(self, model: type[Model], rows: list[dict[str, Any]]) -> None:
        """Writes ``rows`` (field names as keys; missing fields take their defaults) in bulk."""
        if not rows:
            return
        meta = model._meta
        table = meta.db_table
        pk = meta.pk_attr
        if any(pk not in r for r in rows):
            if table not in self._next_id:
                found = await self.client.execute_query_dict(f'SELECT MAX("{meta.pk.source_field or pk}") AS m '
                                                             f'FROM "{table}"')
                self._next_id[table] = int(found[0]["m"] or 0) + 1
            for r in rows:
                if pk not in r:
                    r[pk] = self._next_id[table]
                    self._next_id[table] += 1
        names = [n for n in meta.fields_db_projection if n in rows[0] or _default(meta.fields_map[n]) is not _NONE]
        fields_ = [meta.fields_map[n] for n in names]
        columns = [meta.fields_db_projection[n] for n in names]
        defaults = [_default(f) for f in fields_]
        postgres = self.postgres
        for start in range(0, len(rows), CHUNK):
            values = []
            for r in rows[start:start + CHUNK]:
                record = []
                for n, f, d in zip(names, fields_, defaults, strict=True):
                    v = r[n] if n in r else (d(self.now) if callable(d) else d)
                    if isinstance(f, JSONField) and v is not None:
                        v = f.to_db_value(v, model)
                    elif not postgres:
                        v = f.to_db_value(v, model)
                    record.append(v)
                values.append(tuple(record))
            if postgres:
                async with self.client.acquire_connection() as con:
                    await con.copy_records_to_table(table, records=values, columns=columns)
            else:
                marks = ", ".join("?" for _ in columns)
                cols = ", ".join(f'"{c}"' for c in columns)
                await self.client.execute_many(f'INSERT INTO "{table}" ({cols}) VALUES ({marks})', values)
        if pk in rows[0] and isinstance(rows[0][pk], int):  # a numbered key (not a text one like an idem_key)
            self._next_id[table] = max(self._next_id.get(table, 0), max(int(r[pk]) for r in rows) + 1)
        self.inserted[table] = self.inserted.get(table, 0) + len(rows)
        if (meta.pk.source_field or pk) == "id":
            self._sequenced.add(table)

    async def upsert(self, model: type[Model], rows: list[dict[str, Any]], on: tuple[str, ...]) -> None:
        """Writes ``rows`` over any row with the same ``on`` fields: for a table that a running job may fill at the
        same time (a COPY would fail on its row); the database numbers the new rows."""
        if not rows:
            return
        fields_ = sorted({name for r in rows for name in r} - set(on))
        await model.bulk_create([model(**r) for r in rows], batch_size=500, on_conflict=on, update_fields=fields_)
        table = model._meta.db_table
        self.inserted[table] = self.inserted.get(table, 0) + len(rows)

    async def sync_sequences(self) -> None:
        """PostgreSQL: every written table's id sequence moves past its largest id."""
        if not self.postgres:
            return
        for table in self._sequenced:
            await self.client.execute_query(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"GREATEST((SELECT COALESCE(MAX(id), 0) FROM \"{table}\"), 1))")


_NONE = object()


def _default(f: Any) -> Any:
    """A field's value when a row leaves it out: its default, now for auto_now(_add), else missing."""
    if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
        return lambda now: now
    if f.default is not None:
        return f.default() if callable(f.default) else f.default
    if f.null:
        return None
    return _NONE


def demo_tables() -> list[str]:
    """Every table a demo module may write: the tables of the feature packages' models, but reference data
    shipped with the product (a model with ``REFERENCE_DATA = True``: the regions), which a reset keeps."""
    return sorted(_feature_models())


def reference_rows() -> dict[str, str]:
    """The demo tables that also hold reference rows a reset keeps and the demo does not count (a model's
    ``REFERENCE_ROWS``, a constant condition: the divisions' centres among the places)."""
    return {table: model.REFERENCE_ROWS for table, model in _feature_models().items()  # type: ignore[attr-defined]
            if getattr(model, "REFERENCE_ROWS", None)}


def demo_rows(table: str) -> str:
    """``WHERE`` the demo's own rows of a demo table."""
    keep = reference_rows().get(table)
    return f"WHERE NOT ({keep})" if keep else ""


def _feature_models() -> dict[str, type[Model]]:
    from core_api.business import FEATURES

    tables: dict[str, type[Model]] = {}
    for package in FEATURES:
        try:
            module = importlib.import_module(f"{package}.models")
        except ModuleNotFoundError:
            continue
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, Model) and value.__module__ == module.__name__
                    and not value._meta.abstract and not getattr(value, "REFERENCE_DATA", False)):
                tables[value._meta.db_table] = value
    return tables


async def existing_consumers() -> int:
    rows = await connections.get("default").execute_query_dict("SELECT COUNT(*) AS n FROM account_consumer")
    return int(rows[0]["n"])


async def reset() -> None:
    client = connections.get("default")
    for table in demo_tables():
        await client.execute_script(f'DELETE FROM "{table}" {demo_rows(table)}')


async def generate(consumers: int, *, seed: int = 1, sizes: dict[str, int] | None = None,
                   now: dt.datetime | None = None, log: Callable[[str], None] = lambda _line: None) -> DemoContext:
    """Runs every feature's demo module; the database must have no demo data yet."""
    ctx = DemoContext(rng=random.Random(seed), now=(now or dt.datetime.now(dt.UTC)).replace(microsecond=0),
                      uids=[UID_BASE + n for n in range(1, consumers + 1)],
                      sizes={"consumers": consumers, **(sizes or {})}, log=log)
    for module in demo_modules():
        began = time.monotonic()
        before = dict(ctx.inserted)
        await module.demo(ctx)
        wrote = ", ".join(f"{t} {n - before.get(t, 0)}" for t, n in ctx.inserted.items() if n != before.get(t, 0))
        log(f"{module.__name__}: {wrote or 'nothing'} ({time.monotonic() - began:.1f}s)")
    await ctx.sync_sequences()
    return ctx
