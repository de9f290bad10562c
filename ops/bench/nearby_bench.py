"""Nearby search over 100,000 places in PostgreSQL, against the same statements run straight through asyncpg.

``.venv/bin/python -m ops.bench.nearby_bench [--load] [--places 100000] [--seconds 10] [--concurrency 16]``

``--load`` recreates the database (migrate, seed) and bulk-loads the places with COPY: two thirds clustered
around twenty city centres (a few kilometres across, as shops and hospitals are), the rest spread over China.
Then, with one core_api process and a signed-in operator, ``GET /admin/region/v1/map_around`` runs at the given
concurrency for a rotating set of points near the cities, half of them with a keyword, page 1 of 10. An answer
counts only when its body says ``code`` 200 with a full page, in distance order, every name or address holding
the keyword. The floor runs the same statements (``store.nearby`` with asyncpg's connection) concurrently.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import random
import statistics
import subprocess
import time
import urllib.parse
import urllib.request
from typing import Any

import aiohttp
import asyncpg

from core_api.region.place.store import nearby, to_e6
from ops.bench.common import Result, bench_env, pg_url, prepare, recreate_database, start, table
from ops.stack import ROOT

CITIES = [("北京", 116.4074, 39.9042), ("上海", 121.4737, 31.2304), ("广州", 113.2644, 23.1291),
          ("深圳", 114.0579, 22.5431), ("成都", 104.0665, 30.5723), ("杭州", 120.1551, 30.2741),
          ("武汉", 114.3054, 30.5931), ("西安", 108.9402, 34.3416), ("南京", 118.7969, 32.0603),
          ("重庆", 106.5516, 29.5630), ("天津", 117.2010, 39.0842), ("苏州", 120.5853, 31.2989),
          ("长沙", 112.9388, 28.2282), ("郑州", 113.6254, 34.7466), ("沈阳", 123.4315, 41.8057),
          ("青岛", 120.3826, 36.0671), ("昆明", 102.8329, 24.8801), ("大连", 121.6147, 38.9140),
          ("厦门", 118.0894, 24.4798), ("哈尔滨", 126.5350, 45.8038)]
KINDS = [("shop", "便利店"), ("shop", "超市"), ("shop", "药房"), ("hospital", "医院"), ("hospital", "诊所"),
         ("service", "体检中心")]
BRANDS = ["康宁", "华联", "同仁", "百姓", "仁和", "益丰", "海王", "大参林", "老百姓", "国大"]
KEYWORD = "医院"
SIZE = 10
NOW = dt.datetime.now(dt.UTC)


def places(n: int, rng: random.Random) -> list[tuple[Any, ...]]:
    rows = []
    for i in range(n):
        kind, word = rng.choice(KINDS)  # drawn, not i % n: every city has every kind
        if rng.random() < 2 / 3:
            city, lng0, lat0 = rng.choice(CITIES)
            lng, lat = rng.gauss(lng0, 0.08), rng.gauss(lat0, 0.06)
        else:
            city, lng, lat = "", rng.uniform(75, 134), rng.uniform(18, 53)
        name = f"{rng.choice(BRANDS)}{word}（{i}号）"
        rows.append((kind, i + 1, name, f"{city}示例路{i % 500}号", to_e6(lng), to_e6(lat), NOW))
    return rows


async def load_places(url: str, n: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DELETE FROM region_place")
        began = time.perf_counter()
        await conn.copy_records_to_table("region_place", records=places(n, random.Random(7)),
                                         columns=["kind", "ref_id", "name", "address", "lng_e6", "lat_e6",
                                                  "update_time"])
        print(f"loaded {n:,} places in {time.perf_counter() - began:.1f} s")
    finally:
        await conn.close()


def points(rng: random.Random, count: int = 200) -> list[tuple[str, float, float]]:
    out = []
    for i in range(count):
        _, lng, lat = CITIES[i % len(CITIES)]
        out.append((KEYWORD if i % 2 else "", round(rng.gauss(lng, 0.05), 6), round(rng.gauss(lat, 0.04), 6)))
    return out


def right(data: Any, keywords: str) -> bool:
    if not isinstance(data, list) or len(data) != SIZE:
        return False
    distances = [p["distance"] for p in data]
    return distances == sorted(distances) and all(keywords in p["name"] + p["address"] for p in data)


def summary(name: str, concurrency: int, latencies: list[float], elapsed: float, wrong: int) -> Result:
    latencies.sort()
    if not latencies:
        return Result(name, concurrency, 0, 0, 0, wrong)
    return Result(name, concurrency, len(latencies) / elapsed, statistics.median(latencies) * 1000,
                  latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, wrong)


async def api(core: str, token: str, targets: list[tuple[str, float, float]], concurrency: int, seconds: float
              ) -> Result:
    latencies: list[float] = []
    wrong = 0
    deadline = time.perf_counter() + seconds
    connector = aiohttp.TCPConnector(limit=concurrency + 1)
    async with aiohttp.ClientSession(connector=connector, headers={"Authorization": f"Bearer {token}"}) as http:
        async def worker(start: int) -> None:
            nonlocal wrong
            i = start
            while time.perf_counter() < deadline:
                keywords, lng, lat = targets[i % len(targets)]
                i += concurrency
                query = urllib.parse.urlencode({"keywords": keywords, "longitude": lng, "latitude": lat,
                                                "pageNo": 1, "pageSize": SIZE})
                began = time.perf_counter()
                async with http.get(f"{core}/admin/region/v1/map_around?{query}") as r:
                    body = await r.json()
                if body.get("code") == 200 and right(body.get("data"), keywords):
                    latencies.append(time.perf_counter() - began)
                else:
                    wrong += 1

        began = time.perf_counter()
        await asyncio.gather(*(worker(k) for k in range(concurrency)))
        elapsed = time.perf_counter() - began
    return summary("GET /admin/region/v1/map_around (page 1 of 10)", concurrency, latencies, elapsed, wrong)


async def floor(url: str, targets: list[tuple[str, float, float]], concurrency: int, seconds: float) -> Result:
    from core_api.platform.db import PG_SERVER_SETTINGS

    pool = await asyncpg.create_pool(url, min_size=concurrency, max_size=concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    wrong = 0
    deadline = time.perf_counter() + seconds

    async def worker(start: int) -> None:
        nonlocal wrong
        i = start
        async with pool.acquire() as conn:
            async def run(sql: str, args: list[object]) -> list[dict[str, Any]]:
                return [dict(r) for r in await conn.fetch(sql, *args)]

            while time.perf_counter() < deadline:
                keywords, lng, lat = targets[i % len(targets)]
                i += concurrency
                began = time.perf_counter()
                found = await nearby(keywords, lng, lat, 0, SIZE, run=run)
                if right([{"distance": f.distance, "name": f.name, "address": f.address} for f in found], keywords):
                    latencies.append(time.perf_counter() - began)
                else:
                    wrong += 1

    began = time.perf_counter()
    await asyncio.gather(*(worker(k) for k in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    return summary("asyncpg, the same statements (floor)", concurrency, latencies, elapsed, wrong)


async def plan(url: str) -> str:
    from core_api.region.place.store import nearby_sql

    conn = await asyncpg.connect(url)
    try:
        sql, args = nearby_sql(True, KEYWORD, 116.4074, 39.9042, 30_000, 0, SIZE)  # a keyword's first box
        return "\n".join(r[0] for r in await conn.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", *args))
    finally:
        await conn.close()


def login(core_url: str) -> str:
    body = json.dumps({"username": "admin", "password": "admin123"}).encode()
    request = urllib.request.Request(core_url + "/login", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return json.load(r)["token"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="console_bench_nearby")
    parser.add_argument("--load", action="store_true", help="recreate the database and load the places")
    parser.add_argument("--places", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--concurrency", default="16", help="comma-separated, e.g. 1,16")
    args = parser.parse_args()
    levels = [int(c) for c in args.concurrency.split(",")]
    url = asyncio.run(recreate_database(args.database)) if args.load else pg_url(args.database)
    env = bench_env(url)
    if args.load:
        prepare(env)
        asyncio.run(load_places(url, args.places))
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE region_place"], check=True, cwd=ROOT)
    targets = points(random.Random(11))
    core = start("core_api", env, "/health")
    results: list[Result] = []
    try:
        token = login(core.url)
        asyncio.run(api(core.url, token, targets, 4, 2))  # warm-up
        for c in levels:
            results.append(asyncio.run(api(core.url, token, targets, c, args.seconds)))
            results.append(asyncio.run(floor(url, targets, c, args.seconds)))
        print(table(results))
        print("\n```\n" + asyncio.run(plan(url)) + "\n```")
    finally:
        core.stop()


if __name__ == "__main__":
    main()
