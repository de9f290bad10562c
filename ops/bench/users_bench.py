"""The user list and export with 1,000,000 users in PostgreSQL, one core_api process.

``.venv/bin/python -m ops.bench.users_bench [--users N] [--seconds S]`` prints Markdown: the list call
(department subtree + name filter, page 500 of 10) at concurrency 1 and 16 beside the same SELECT and
COUNT run directly with asyncpg (the floor), the query plans, and the export's time and peak memory.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

from ops.bench.common import Result, bench_env, prepare, recreate_database, start, table, wrk

WORDS = [f"{a}{b}" for a in ("li", "wang", "zhang", "liu", "chen", "yang", "zhao", "huang", "zhou", "wu")
         for b in ("ming", "hua", "jun", "fang", "min", "jing", "lei", "tao", "yan", "qiang")]
DEPTS = [103, 104, 105, 106, 107, 108, 109]
WORD = "chenlei"
SUBTREE = 101  # 103..107 below it
PAGE, SIZE = 500, 10

# What the list call runs (Tortoise's SQL for it), with the same parameters.
SELECT = (
    'SELECT "sys_user"."user_id","sys_user"."dept_id","sys_user"."user_name","sys_user"."nick_name",'
    '"sys_user"."email","sys_user"."phonenumber","sys_user"."sex","sys_user"."avatar","sys_user"."status",'
    '"sys_user"."del_flag","sys_user"."login_ip","sys_user"."login_date","sys_user"."create_by",'
    '"sys_user"."create_time","sys_user"."remark","sys_user__dept"."dept_name","sys_user__dept"."leader" '
    'FROM "sys_user" LEFT OUTER JOIN "sys_dept" "sys_user__dept" ON "sys_user__dept"."dept_id"="sys_user"."dept_id" '
    'WHERE "sys_user"."del_flag"=$1 AND UPPER(CAST("sys_user"."user_name" AS VARCHAR)) LIKE UPPER($2) ESCAPE \'\\\' '
    'AND "sys_user"."dept_id" = ANY($3::bigint[]) ORDER BY "sys_user"."user_id" ASC LIMIT $4 OFFSET $5'
)
COUNT = (
    'SELECT COUNT(*) FROM "sys_user" WHERE "del_flag"=$1 AND UPPER(CAST("user_name" AS VARCHAR)) LIKE UPPER($2) '
    'ESCAPE \'\\\' AND "dept_id" = ANY($3::bigint[])'
)


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


async def floor(url: str, depts: list[int], concurrency: int, seconds: float) -> Result:
    """The list's SELECT and COUNT straight through asyncpg, as many as fit in the time."""
    from core_api.platform.db import PG_SERVER_SETTINGS

    pool = await asyncpg.create_pool(url, min_size=concurrency, max_size=concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    params = ("0", f"%{WORD}%", depts)
    deadline = time.perf_counter() + seconds

    async def worker() -> None:
        async with pool.acquire() as conn:
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                await conn.fetchval(COUNT, *params)
                await conn.fetch(SELECT, *params, SIZE, (PAGE - 1) * SIZE)
                latencies.append(time.perf_counter() - began)

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    latencies.sort()
    return Result("asyncpg SELECT + COUNT (floor)", concurrency, len(latencies) / elapsed,
                  statistics.median(latencies) * 1000, latencies[int(len(latencies) * 0.99)] * 1000, 0)


async def plans(url: str, depts: list[int]) -> str:
    conn = await asyncpg.connect(url)
    try:
        out = []
        for name, sql, extra in (("SELECT", SELECT, (SIZE, (PAGE - 1) * SIZE)), ("COUNT", COUNT, ())):
            rows = await conn.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", "0", f"%{WORD}%", depts, *extra)
            out.append(f"{name}:\n" + "\n".join(r[0] for r in rows))
        return "\n\n".join(out)
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--no-export", action="store_true")
    args = parser.parse_args()
    url = asyncio.run(recreate_database("console_bench_users"))
    env = bench_env(url)
    prepare(env)
    began = time.perf_counter()
    asyncio.run(add_users(url, args.users))
    print(f"loaded {args.users:,} users in {time.perf_counter() - began:.0f} s")
    depts = asyncio.run(subtree(url))
    core = start("core_api", env, "/health")
    results: list[Result] = []
    try:
        token = login(core.url)
        query = urllib.parse.urlencode({"deptId": SUBTREE, "userName": WORD, "pageNum": PAGE, "pageSize": SIZE})
        target = f"{core.url}/system/user/list?{query}"
        with urllib.request.urlopen(urllib.request.Request(target, headers={"Authorization": f"Bearer {token}"})) as r:
            page = json.load(r)
        assert page["code"] == 200 and len(page["rows"]) == SIZE, page
        print(f"list: {page['total']:,} matching users, page {PAGE} of {SIZE} returns {len(page['rows'])} rows")
        auth = {"Authorization": f"Bearer {token}"}
        wrk("warm-up", target, 4, 3, auth)
        for c in (1, 16):
            results.append(wrk(f"GET /system/user/list (page {PAGE})", target, c, args.seconds, auth))
            results.append(asyncio.run(floor(url, depts, c, args.seconds)))
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
