"""What the paged-list benches (mall_bench: the goods list, order_bench: the shop order list) share: a case of
the list, its floor (the page's SELECT and its total straight through asyncpg), the cursor of a sought page, the
command line, the API-to-floor comparison and the plans of the statements."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

from core_api.platform.envelope import rows_of
from ops.bench.business_bench import SIZE, summary
from ops.bench.common import Result, bench_env, pg_url, prepare, recreate_database


@dataclass
class ListCase:
    """One page of the list: its query and page; the SQL the API sends for it and the total, filled in later."""

    name: str
    query: dict[str, Any]
    page: int
    sought: bool = False  # the page is asked for with the cursor the page before answered
    select: str = ""
    count: str = ""
    select_params: tuple = ()
    count_params: tuple = ()
    tally: str = ""  # the statement the API sends for the total where the tally answers it (order's tally.py)
    tally_params: tuple = ()
    total: int = 0
    target: str = ""


def arguments(database: str, what: str, seconds: int) -> argparse.Namespace:
    """The benches' command line: the database, whether to load it (with ``what``), and how to measure."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default=database)
    parser.add_argument("--load", action="store_true", help=f"recreate the database and load {what}")
    parser.add_argument("--seconds", type=int, default=seconds)
    parser.add_argument("--processes", type=int, default=1,
                        help="API processes (--reuse-port, on RabbitMQ with a workers process); 1: the embedded way")
    parser.add_argument("--concurrency", default="16", help="comma-separated, e.g. 1,16")
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    args = parser.parse_args()
    args.levels = [int(c) for c in args.concurrency.split(",")]
    return args


def open_database(args: argparse.Namespace, load: Callable[[str], Coroutine[Any, Any, None]],
                  loaded: str) -> tuple[str, dict[str, str]]:
    """The bench's database (recreated, migrated and filled by ``load`` with --load) and the API's environment."""
    url = asyncio.run(recreate_database(args.database)) if args.load else pg_url(args.database)
    env = bench_env(url)
    if args.load:
        prepare(env)
        began = time.perf_counter()
        asyncio.run(load(url))
        print(f"loaded {loaded} in {time.perf_counter() - began:.0f} s", flush=True)
    return url, env


async def floor(url: str, case: ListCase, concurrency: int, seconds: float, tally: bool = False) -> Result:
    """The page's SELECT and its total through asyncpg: the exact COUNT, or (``tally``) the API's own statement."""
    from core_api.platform.db import PG_SERVER_SETTINGS

    pool = await asyncpg.create_pool(url, min_size=concurrency, max_size=concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    wrong = 0
    rows = max(0, min(SIZE, case.total - (case.page - 1) * SIZE))
    deadline = time.perf_counter() + seconds

    async def worker() -> None:
        nonlocal wrong
        async with pool.acquire() as conn:
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                if tally:
                    total = (await conn.fetchrow(case.tally, *case.tally_params))["total"]
                else:
                    total = await conn.fetchval(case.count, *case.count_params)
                page = await conn.fetch(case.select, *case.select_params)
                if total == case.total and len(page) == rows:
                    latencies.append(time.perf_counter() - began)
                else:
                    wrong += 1

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    kind = "the tally's SUM" if tally else "COUNT"
    return summary(f"asyncpg SELECT + {kind}, {case.name} (floor)", concurrency, latencies, elapsed, wrong)


def operator() -> Any:
    """An operator who sees every row (the admin's data scope)."""
    from core_api.platform.security import Authz, DataScope, Principal

    return Principal(0, "", Authz(1, "admin", None, "", ("admin",), (), frozenset({"*:*:*"}), DataScope(all=True)))


def build_case_sql(res: Any, case: ListCase, principal: Any) -> Any:
    """The case's SELECT (OFFSET, or sought after its cursor) and COUNT as the resource's declaration builds them
    for ``principal``; answers the list's query (Tortoise is initialised)."""
    from core_api.platform.seek import seek_filter

    query: Any = res.query_model(**{**case.query, "pageNum": case.page, "pageSize": SIZE})
    qs, key = res.filtered(query, principal)
    ordering = query.ordering({f.wire: f.name for f in res.fields if f.sortable}, list(res.order))
    if case.sought:
        seek = seek_filter(res.model, case.query.get("after"), key, ordering, case.page)
        assert seek is not None, "the cursor of page 499 does not seek page 500"
        page_qs = qs.filter(seek)
    else:
        page_qs = qs.offset((case.page - 1) * SIZE)
    values: Any = res.read(page_qs.order_by(*ordering).limit(SIZE))  # its columns and its computed fields
    values._make_query()
    case.select, params = values.query.get_parameterized_sql()
    case.select_params = tuple(params)
    counter: Any = qs.count()
    counter._make_query()
    case.count, params = counter.query.get_parameterized_sql()
    case.count_params = tuple(params)
    return query


async def count_totals(url: str, cases: Sequence[ListCase]) -> None:
    """Each case's total, by its COUNT."""
    conn = await asyncpg.connect(url)
    try:
        for case in cases:
            case.total = await conn.fetchval(case.count, *case.count_params)
    finally:
        await conn.close()


def cursor_of(core_url: str, list_path: str, token: str, case: ListCase) -> str:
    """The cursor the page before the case's answers (a sought page asks with it)."""
    query = urllib.parse.urlencode({**case.query, "pageSize": SIZE, "pageNum": case.page - 1})
    request = urllib.request.Request(f"{core_url}{list_path}?{query}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as r:
        cursor = rows_of(json.load(r))["next"]  # beside the rows, or in a list_data call's business page
    assert cursor, "the page before answered no cursor"
    return str(cursor)


def compared(app: Result, base: Result, floor_name: str = "") -> str:
    """The API's median against its floor's; the bar is 1.5×."""
    ratio = app.p50_ms / base.p50_ms if base.p50_ms else float("inf")
    which = f" ({floor_name})" if floor_name else ""
    return (f"{app.name} (c{app.concurrency}): p50 {app.p50_ms:.1f} ms vs {base.p50_ms:.1f} ms{which} = {ratio:.2f}×"
            + ("" if ratio <= 1.5 else "  ← over 1.5×"))


async def plans(url: str, cases: Sequence[ListCase], table: str, rows: str) -> str:
    """EXPLAIN ANALYZE of each case's SELECT and COUNT, flagging a sequential scan of ``table`` (``rows``)."""
    conn = await asyncpg.connect(url)
    out = []
    try:
        for case in cases:
            for kind, sql, params in (("SELECT", case.select, case.select_params),
                                      ("COUNT", case.count, case.count_params)):
                explained = await conn.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", *params)
                text = "\n".join(r[0] for r in explained)
                out.append(f"{kind}, {case.name}:\n{text}")
                if re.search(rf"Seq Scan on {table}\b", text):
                    out.append(f"!! {kind}, {case.name}: a sequential scan of {rows}")
        return "\n\n".join(out)
    finally:
        await conn.close()
