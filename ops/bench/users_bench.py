"""The user list and export with 1,000,000 users in PostgreSQL, one core_api process.

``.venv/bin/python -m ops.bench.users_bench [--users N] [--seconds S] [--concurrency 1,16]`` prints
Markdown: the list call at page 1 without a filter, and at pages 1 and 500 with a department subtree and
a name fragment, beside the same page's SELECT and COUNT run directly with asyncpg (the floor, what the
list cost before totals were kept); then page 500 again while another client changes a user's status
ten times a second (each change renews the total); the query plans; and the export's time and peak
memory. The load generator is this process (aiohttp): an answer counts only when its body says
``code`` 200 with the expected total and a full page of rows.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiohttp
import asyncpg

from ops.bench.common import CpuSplit, Result, bench_env, checked, prepare, recreate_database, start, table, wrk

WORDS = [f"{a}{b}" for a in ("li", "wang", "zhang", "liu", "chen", "yang", "zhao", "huang", "zhou", "wu")
         for b in ("ming", "hua", "jun", "fang", "min", "jing", "lei", "tao", "yan", "qiang")]
DEPTS = [103, 104, 105, 106, 107, 108, 109]
WORD = "chenlei"
SUBTREE = 101  # 103..107 below it
SIZE = 10
COLUMNS = (
    '"sys_user"."user_id","sys_user"."dept_id","sys_user"."user_name","sys_user"."nick_name",'
    '"sys_user"."email","sys_user"."phonenumber","sys_user"."sex","sys_user"."avatar","sys_user"."status",'
    '"sys_user"."del_flag","sys_user"."login_ip","sys_user"."login_date","sys_user"."create_by",'
    '"sys_user"."create_time","sys_user"."remark","sys_user__dept"."dept_name","sys_user__dept"."leader" '
    'FROM "sys_user" LEFT OUTER JOIN "sys_dept" "sys_user__dept" ON "sys_user__dept"."dept_id"="sys_user"."dept_id" '
)
# What the list call runs (Tortoise's SQL for it), with the same parameters: $1 del_flag, then the filter.
SELECT = (
    f'SELECT {COLUMNS}'
    'WHERE "sys_user"."del_flag"=$1 AND UPPER(CAST("sys_user"."user_name" AS VARCHAR)) LIKE UPPER($2) ESCAPE \'\\\' '
    'AND "sys_user"."dept_id" = ANY($3::bigint[]) ORDER BY "sys_user"."user_id" ASC LIMIT $4 OFFSET $5'
)
COUNT = (
    'SELECT COUNT(*) FROM "sys_user" WHERE "del_flag"=$1 AND UPPER(CAST("user_name" AS VARCHAR)) LIKE UPPER($2) '
    'ESCAPE \'\\\' AND "dept_id" = ANY($3::bigint[])'
)
SELECT_ALL = f'SELECT {COLUMNS}WHERE "sys_user"."del_flag"=$1 ORDER BY "sys_user"."user_id" ASC LIMIT $2 OFFSET $3'
COUNT_ALL = 'SELECT COUNT(*) FROM "sys_user" WHERE "del_flag"=$1'


@dataclass
class Case:
    name: str
    query: dict[str, object]  # the list call's parameters
    select: str
    count: str
    params: tuple  # the SQL's filter parameters (after del_flag)
    page: int


async def add_users(url: str, count: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        hashed = await conn.fetchval("SELECT password FROM sys_user WHERE user_name = 'ry'")
        start_id = await conn.fetchval("SELECT MAX(user_id) FROM sys_user") + 1
        now = datetime.now(UTC)
        columns = ["user_id", "dept_id", "user_name", "nick_name", "user_type", "email", "phonenumber", "sex",
                   "avatar", "password", "status", "del_flag", "login_ip", "create_by", "update_by", "create_time"]
        for chunk in range(0, count, 100_000):
            rows = [(start_id + i, DEPTS[i % len(DEPTS)], f"{WORDS[(i // 7) % len(WORDS)]}{i}", f"用户{i}", "00",
                     f"u{i}@example.com", f"1{3 + i % 7}{i:09d}", str(i % 3), "", hashed, "0", "0", "", "bench",
                     "", now) for i in range(chunk, min(count, chunk + 100_000))]
            await conn.copy_records_to_table("sys_user", records=rows, columns=columns)
        await conn.execute("SELECT setval(pg_get_serial_sequence('sys_user', 'user_id'), MAX(user_id)) FROM sys_user")
        await conn.execute("VACUUM ANALYZE sys_user")
    finally:
        await conn.close()


async def subtree(url: str) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT dept_id FROM sys_dept WHERE ancestors LIKE $1 OR ancestors LIKE $2",
                                f"%,{SUBTREE}", f"%,{SUBTREE},%")
        return [SUBTREE, *[r[0] for r in rows]]
    finally:
        await conn.close()


def cases(depts: list[int]) -> list[Case]:
    fragment = {"deptId": SUBTREE, "userName": WORD}
    return [
        Case("page 1, no filter", {}, SELECT_ALL, COUNT_ALL, (), 1),
        Case("page 1, name fragment", fragment, SELECT, COUNT, (f"%{WORD}%", depts), 1),
        Case("page 500, name fragment", fragment, SELECT, COUNT, (f"%{WORD}%", depts), 500),
    ]


def summary(name: str, concurrency: int, latencies: list[float], elapsed: float, wrong: int) -> Result:
    latencies.sort()
    if not latencies:
        return Result(name, concurrency, 0, 0, 0, wrong)
    return Result(name, concurrency, len(latencies) / elapsed, statistics.median(latencies) * 1000,
                  latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, wrong)


async def floor(url: str, case: Case, concurrency: int, seconds: float) -> Result:
    """The page's SELECT and COUNT straight through asyncpg, as many as fit in the time."""
    from core_api.platform.db import PG_SERVER_SETTINGS

    pool = await asyncpg.create_pool(url, min_size=concurrency, max_size=concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    offset = (case.page - 1) * SIZE
    deadline = time.perf_counter() + seconds

    async def worker() -> None:
        async with pool.acquire() as conn:
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                await conn.fetchval(case.count, "0", *case.params)
                await conn.fetch(case.select, "0", *case.params, SIZE, offset)
                latencies.append(time.perf_counter() - began)

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    return summary(f"asyncpg SELECT + COUNT, {case.name} (floor)", concurrency, latencies, elapsed, 0)


async def load(name: str, target: str, token: str, expected: int, concurrency: int, seconds: float,
               churn: str | None = None) -> Result:
    """GETs ``target`` from ``concurrency`` clients; an answer counts when its body has code 200, the
    expected total and a full page. With ``churn`` (a core_api URL), a user's status flips ten times a
    second meanwhile (that user is outside the filter, so the total stays what it was)."""
    latencies: list[float] = []
    wrong = 0
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.perf_counter() + seconds
    connector = aiohttp.TCPConnector(limit=concurrency + 1)
    async with aiohttp.ClientSession(connector=connector, headers=headers) as http:
        async def worker() -> None:
            nonlocal wrong
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                async with http.get(target) as r:
                    body = await r.json()
                ok = body.get("code") == 200 and body.get("total") == expected and len(body.get("rows", ())) == SIZE
                if ok:
                    latencies.append(time.perf_counter() - began)
                else:
                    wrong += 1

        async def flip() -> None:
            status = "1"
            while churn and time.perf_counter() < deadline:
                async with http.put(f"{churn}/system/user/changeStatus", json={"userId": 2, "status": status}) as r:
                    assert (await r.json())["code"] == 200
                status = "0" if status == "1" else "1"
                await asyncio.sleep(0.1)

        began = time.perf_counter()
        await asyncio.gather(flip(), *(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - began
    return summary(name, concurrency, latencies, elapsed, wrong)


async def plans(url: str, depts: list[int]) -> str:
    conn = await asyncpg.connect(url)
    try:
        out = []
        for case in cases(depts):
            rows = await conn.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {case.select}", "0", *case.params, SIZE,
                                    (case.page - 1) * SIZE)
            out.append(f"SELECT, {case.name}:\n" + "\n".join(r[0] for r in rows))
        rows = await conn.fetch("EXPLAIN (ANALYZE, BUFFERS) SELECT SUM(n) AS total, COUNT(*) AS parts "
                                "FROM biz_row_count WHERE tbl = $1", "sys_user")
        out.append("The unfiltered total (the triggers' row count):\n" + "\n".join(r[0] for r in rows))
        return "\n\n".join(out)
    finally:
        await conn.close()


async def expected_totals(url: str, depts: list[int]) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        return [await conn.fetchval(case.count, "0", *case.params) for case in cases(depts)]
    finally:
        await conn.close()


def login(core_url: str) -> str:
    body = json.dumps({"username": "admin", "password": "admin123"}).encode()
    request = urllib.request.Request(core_url + "/login", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return json.load(r)["token"]


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def export_all(core_url: str, token: str) -> tuple[float, int]:
    request = urllib.request.Request(core_url + "/system/user/export", data=b"", method="POST",
                                     headers={"Authorization": f"Bearer {token}",
                                              "Content-Type": "application/x-www-form-urlencoded"})
    began, size = time.perf_counter(), 0
    with urllib.request.urlopen(request, timeout=1800) as r:
        while chunk := r.read(1 << 20):
            size += len(chunk)
    return time.perf_counter() - began, size


# The default list's page 1 (the screen's first call) and the statements the API sends for it: the page's SELECT
# and the unfiltered total, which the triggers keep (counts.py) and the API holds in memory between writes.
DEFAULT_QUERY = {"pageNum": 1, "pageSize": SIZE}
WHOLE = "SELECT SUM(n) AS total, COUNT(*) AS parts FROM biz_row_count WHERE tbl = $1"


async def default_floor(url: str, concurrency: int, seconds: float) -> Result:
    """The default list's page 1 straight through asyncpg: its SELECT and its total's statement at the same time
    on two pooled connections, as the API sends them, from ``concurrency`` clients."""
    from core_api.platform.db import PG_SERVER_SETTINGS

    pool = await asyncpg.create_pool(url, min_size=2 * concurrency, max_size=2 * concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def page() -> None:
        async with pool.acquire() as conn:
            await conn.fetch(SELECT_ALL, "0", SIZE, 0)

    async def total() -> None:
        async with pool.acquire() as conn:
            await conn.fetchrow(WHOLE, "sys_user")

    async def worker() -> None:
        while time.perf_counter() < deadline:
            began = time.perf_counter()
            await asyncio.gather(page(), total())
            latencies.append(time.perf_counter() - began)

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    return summary("asyncpg SELECT page + total (floor)", concurrency, latencies, elapsed, 0)


def default_vs_floor(core_url: str, core_pid: int, url: str, token: str, total: int, seconds: int,
                     rounds: int = 2, concurrency: int = 16) -> list[Result]:
    """The default list's page 1 under wrk (an answer counts when its body says code 200 and the total) beside
    its asyncpg floor, in alternating rounds; prints each round's ratio and the server's CPU per answer."""
    target = f"{core_url}/system/user/list?{urllib.parse.urlencode(DEFAULT_QUERY)}"
    script = checked('"code":200', f'"total":{total},')
    headers = {"Authorization": f"Bearer {token}"}
    wrk("warm-up", target, concurrency, 2, headers, script)
    results: list[Result] = []
    for n in range(1, rounds + 1):
        with CpuSplit([core_pid]) as cpu:
            api = wrk(f"GET /system/user/list, page 1, default (round {n})", target, concurrency, seconds, headers,
                      script)
        low = asyncio.run(default_floor(url, concurrency, seconds))
        low.name = f"{low.name} (round {n})"
        print(f"round {n}: {api.rps / low.rps:.2f}x the floor ({api.rps:,.0f} / {low.rps:,.0f} answers/s); "
              f"server CPU per answer {cpu.server / max(api.rps * seconds, 1) * 1000:.3f} ms", flush=True)
        results += [api, low]
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--concurrency", default="16", help="comma-separated, e.g. 1,16")
    parser.add_argument("--no-export", action="store_true")
    parser.add_argument("--database", default="console_bench_users")
    parser.add_argument("--default-only", action="store_true",
                        help="only the default list's page 1 against its floor, two alternating rounds (wrk)")
    args = parser.parse_args()
    levels = [int(c) for c in args.concurrency.split(",")]
    url = asyncio.run(recreate_database(args.database))
    env = bench_env(url)
    prepare(env)
    began = time.perf_counter()
    asyncio.run(add_users(url, args.users))
    print(f"loaded {args.users:,} users in {time.perf_counter() - began:.0f} s")
    depts = asyncio.run(subtree(url))
    totals = asyncio.run(expected_totals(url, depts))
    core = start("core_api", env, "/health")
    results: list[Result] = []
    try:
        token = login(core.url)
        if args.default_only:
            print(table(default_vs_floor(core.url, core.proc.pid, url, token, totals[0], args.seconds)))
            return
        for case, total in zip(cases(depts), totals, strict=True):
            query = urllib.parse.urlencode({**case.query, "pageNum": case.page, "pageSize": SIZE})
            target = f"{core.url}/system/user/list?{query}"
            print(f"{case.name}: {total:,} users")
            asyncio.run(load("warm-up", target, token, total, 4, 2))
            for c in levels:
                results.append(asyncio.run(load(f"GET /system/user/list, {case.name}", target, token, total, c,
                                                args.seconds)))
                results.append(asyncio.run(floor(url, case, c, args.seconds)))
        case, total = cases(depts)[2], totals[2]
        query = urllib.parse.urlencode({**case.query, "pageNum": case.page, "pageSize": SIZE})
        for c in levels:
            results.append(asyncio.run(load(f"GET /system/user/list, {case.name}, 10 writes/s",
                                            f"{core.url}/system/user/list?{query}", token, total, c,
                                            args.seconds, churn=core.url)))
        print(table(results))
        print("\n```\n" + asyncio.run(plans(url, depts)) + "\n```")
        if not args.no_export:
            before = peak_rss_mb(core.proc.pid)
            seconds, size = export_all(core.url, token)
            print(f"\nexport of all users: {seconds:.0f} s, {size / 1e6:.0f} MB xlsx, core_api peak RSS "
                  f"{before:.0f} MB before, {peak_rss_mb(core.proc.pid):.0f} MB after")
    finally:
        core.stop()


if __name__ == "__main__":
    main()
