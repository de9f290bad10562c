"""The home report over one year of aggregates, in PostgreSQL, against the same SQL straight through asyncpg.

``.venv/bin/python -m ops.bench.dashboard_bench [--load] [--database NAME] [--seconds S] [--concurrency 16]``

``--load`` recreates the database (migrated and seeded) and fills stat_daily with the aggregates of 1,000,000
paid orders over 365 days and 10,000 shops (one order in 17 in one large shop, which then has a row every day; the
rest spread evenly): about 900,000 shop-day rows plus the 365 total rows, as the order-event consumer leaves them.
Then, with one core_api process, ``GET /index/dashboard/business`` for the whole year, for the large shop
(``shopId``) and for the platform total, beside the report's SELECT through asyncpg.
An answer counts only when its body says ``code`` 200 with the expected order total and 365 days.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import subprocess
import time
import urllib.parse
from dataclasses import dataclass

import aiohttp
import asyncpg

from ops.bench.business_bench import login, summary
from ops.bench.common import Result, Server, bench_env, pg_url, prepare, recreate_database, start, table
from ops.stack import ROOT

ORDERS, SHOPS, DAYS, BIG_SHOP_EVERY = 1_000_000, 10_000, 365, 17
PATH = "/index/dashboard/business"
SELECT = ('SELECT "day","orders","paid_fen","refund_fen"{people} FROM "stat_daily" '
          'WHERE "shop_id"=$1 AND "day">=$2 AND "day"<=$3')
PEOPLE = ',"new_users","active_users","conversations"'


@dataclass
class Case:
    name: str
    shop_id: int
    people: bool
    orders: int = 0


async def load_stats(url: str, end: dt.date) -> int:
    """The aggregates of ORDERS orders: order g belongs to a shop and a day of the year, pays 100..99,999 fen."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "INSERT INTO mall_shop (name, logo, contact, phone, area_code, address, intro, shelf, brand_sale, rate_bp,"
            " sort, create_by, create_time, update_by) SELECT '店铺' || g, '', '店长', '13800000000', '110105', '',"
            " '', '1', '0', 500, 0, 'bench', now(), '' FROM generate_series(1, $1) g", SHOPS)
        first = await conn.fetchval("SELECT min(id) FROM mall_shop")
        await conn.execute(
            """
            INSERT INTO stat_daily (day, shop_id, orders, paid_fen, refund_fen, new_users, active_users, conversations,
                                    update_time)
            SELECT $3::date - (g::bigint * 7919 % $4)::int,
                   CASE WHEN g % $5 = 0 THEN $1::bigint ELSE $1::bigint + 1 + g % ($2 - 1) END,
                   count(*), sum(100 + g % 99900), sum(CASE WHEN g % 40 = 0 THEN 100 + g % 99900 ELSE 0 END),
                   0, 0, 0, now()
            FROM generate_series(1, $6) g GROUP BY 1, 2
            """, first, SHOPS, end, DAYS, BIG_SHOP_EVERY, ORDERS)
        await conn.execute(
            "INSERT INTO stat_daily (day, shop_id, orders, paid_fen, refund_fen, new_users, active_users,"
            " conversations, update_time) SELECT day, 0, sum(orders), sum(paid_fen), sum(refund_fen),"
            " 100 + extract(doy FROM day)::int, 5000, 300, now() FROM stat_daily GROUP BY day")
        return int(await conn.fetchval("SELECT count(*) FROM stat_daily"))
    finally:
        await conn.close()


async def cases_of(url: str, begin: dt.date, end: dt.date) -> list[Case]:
    conn = await asyncpg.connect(url)
    try:
        big = await conn.fetchval("SELECT shop_id FROM stat_daily WHERE shop_id <> 0 GROUP BY shop_id "
                                  "ORDER BY count(*) DESC LIMIT 1")
        out = [Case("the large shop, 365 days", big, False), Case("the platform total, 365 days", 0, True)]
        for case in out:
            case.orders = int(await conn.fetchval(
                "SELECT coalesce(sum(orders), 0) FROM stat_daily WHERE shop_id=$1 AND day>=$2 AND day<=$3",
                case.shop_id, begin, end))
        return out
    finally:
        await conn.close()


async def floor(url: str, case: Case, begin: dt.date, end: dt.date, concurrency: int, seconds: float) -> Result:
    from core_api.platform.db import PG_SERVER_SETTINGS

    sql = SELECT.format(people=PEOPLE if case.people else "")
    pool = await asyncpg.create_pool(url, min_size=concurrency, max_size=concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    wrong = 0
    deadline = time.perf_counter() + seconds

    async def worker() -> None:
        nonlocal wrong
        async with pool.acquire() as conn:
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                rows = await conn.fetch(sql, case.shop_id, begin, end)
                if sum(r["orders"] for r in rows) == case.orders:
                    latencies.append(time.perf_counter() - began)
                else:
                    wrong += 1

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    return summary(f"asyncpg SELECT, {case.name} (floor)", concurrency, latencies, elapsed, wrong)


async def load(target: str, token: str, case: Case, concurrency: int, seconds: float) -> Result:
    latencies: list[float] = []
    wrong = 0
    deadline = time.perf_counter() + seconds
    connector = aiohttp.TCPConnector(limit=concurrency + 1)
    async with aiohttp.ClientSession(connector=connector, headers={"Authorization": f"Bearer {token}"}) as http:
        async def worker() -> None:
            nonlocal wrong
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                async with http.get(target) as r:
                    body = await r.json()
                data = body.get("data") or {}
                if (body.get("code") == 200 and len(data.get("days", ())) == DAYS
                        and data["totals"]["orders"] == case.orders):
                    latencies.append(time.perf_counter() - began)
                else:
                    wrong += 1

        began = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - began
    return summary(f"GET {PATH}, {case.name}", concurrency, latencies, elapsed, wrong)


async def plan(url: str, case: Case, begin: dt.date, end: dt.date) -> str:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("EXPLAIN (ANALYZE, BUFFERS) " + SELECT.format(people=PEOPLE if case.people else ""),
                                case.shop_id, begin, end)
        return f"{case.name}:\n" + "\n".join(r[0] for r in rows)
    finally:
        await conn.close()


def started(env: dict[str, str], attempts: int = 5) -> Server:
    """The API process; on a loaded machine its start can outlast common.start's wait: a few tries."""
    for attempt in range(attempts):
        try:
            return start("core_api", env, "/health")
        except RuntimeError:
            if attempt == attempts - 1:
                raise
    raise AssertionError


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="console_bench_dashboard")
    parser.add_argument("--load", action="store_true", help="recreate the database and load a year of aggregates")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--concurrency", default="16", help="comma-separated, e.g. 1,16")
    args = parser.parse_args()
    levels = [int(c) for c in args.concurrency.split(",")]
    end = dt.date.today()
    begin = end - dt.timedelta(days=DAYS - 1)
    url = asyncio.run(recreate_database(args.database)) if args.load else pg_url(args.database)
    env = bench_env(url)
    if args.load:
        prepare(env)
        began = time.perf_counter()
        rows = asyncio.run(load_stats(url, end))
        print(f"loaded {rows:,} stat_daily rows ({ORDERS:,} orders) in {time.perf_counter() - began:.0f} s", flush=True)
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, cwd=ROOT)
    cases = asyncio.run(cases_of(url, begin, end))
    core = started(env)
    results: list[Result] = []
    try:
        token = login(core.url)
        for case in cases:
            query = {"beginTime": begin.isoformat(), "endTime": end.isoformat()}
            if case.shop_id:
                query["shopId"] = str(case.shop_id)
            target = f"{core.url}{PATH}?" + urllib.parse.urlencode(query)
            print(f"{case.name}: {case.orders:,} orders", flush=True)
            asyncio.run(load(target, token, case, 4, 2))  # warm-up
            for c in levels:
                results.append(asyncio.run(load(target, token, case, c, args.seconds)))
                results.append(asyncio.run(floor(url, case, begin, end, c, args.seconds)))
        print(table(results))
        for app, base in zip(results[::2], results[1::2], strict=True):
            ratio = app.p50_ms / base.p50_ms if base.p50_ms else float("inf")
            print(f"{app.name} (c{app.concurrency}): p50 {app.p50_ms:.1f} ms vs {base.p50_ms:.1f} ms = {ratio:.2f}×"
                  + ("" if app.p50_ms < 100 else "  ← over 100 ms"))
        print("\n```\n" + "\n\n".join(asyncio.run(plan(url, c, begin, end)) for c in cases) + "\n```")
    finally:
        core.stop()


if __name__ == "__main__":
    main()
