"""Sign-in and session calls on PostgreSQL with 100,000 users, one core_api process.

``.venv/bin/python -m ops.bench.auth_bench [--users N] [--seconds S]``; prints a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import urllib.request
from datetime import UTC, datetime

import asyncpg

from ops.bench.common import (
    CpuSplit,
    Result,
    bench_env,
    checked,
    prepare,
    recreate_database,
    start,
    start_bare,
    table,
    wrk,
)

LOGIN_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"username": "bench_user_7", "password": "admin123"}'
"""


async def add_users(url: str, count: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        hashed = await conn.fetchval("SELECT password FROM sys_user WHERE user_name = 'ry'")
        start_id = await conn.fetchval("SELECT MAX(user_id) FROM sys_user") + 1
        depts = [103, 104, 105, 106, 107, 108, 109]
        now = datetime.now(UTC)
        rows = [
            (start_id + i, depts[i % len(depts)], f"bench_user_{i}", f"用户{i}", "00", f"u{i}@example.com",
             f"1{3 + i % 7}{i:09d}", str(i % 3), "", hashed, "0", "0", "", "bench", "", now)
            for i in range(count)
        ]
        columns = ["user_id", "dept_id", "user_name", "nick_name", "user_type", "email", "phonenumber", "sex",
                   "avatar", "password", "status", "del_flag", "login_ip", "create_by", "update_by", "create_time"]
        await conn.copy_records_to_table("sys_user", records=rows, columns=columns)
        role_id = await conn.fetchval("SELECT role_id FROM sys_role WHERE role_key = 'common'")
        await conn.copy_records_to_table("sys_user_role", records=[(start_id + i, role_id) for i in range(count)],
                                         columns=["user_id", "role_id"])
        await conn.execute("SELECT setval(pg_get_serial_sequence('sys_user', 'user_id'), MAX(user_id)) FROM sys_user")
        await conn.execute("VACUUM ANALYZE")  # no autovacuum of the copied rows during a measured round
    finally:
        await conn.close()


def token(core_url: str, user: str) -> str:
    body = json.dumps({"username": user, "password": "admin123"}).encode()
    request = urllib.request.Request(core_url + "/login", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return json.load(r)["token"]


def body_of(url: str, headers: dict[str, str]) -> bytes:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
        return r.read()


def against_bare(core_url: str, core_pid: int, auth: dict[str, str], seconds: int, rounds: int = 2,
                 concurrency: int = 16) -> list[Result]:
    """getInfo and getRouters beside a bare aiohttp handler answering the same bytes from memory (its own process
    and port), in alternating rounds; an answer counts when its body says code 200. Prints each ratio."""
    calls = [("GET /getInfo", "/getInfo"), ("GET /getRouters", "/getRouters")]
    bare = start_bare([body_of(core_url + path, auth) for _, path in calls])
    script = checked('"code":200')
    results: list[Result] = []
    try:
        for n, (name, path) in enumerate(calls):
            # warm-up past the core's start (its jobs' first runs, the regions' load, its caches)
            wrk(name, core_url + path, concurrency, 5, auth, script)
            wrk("bare", f"{bare.url}/{n}", concurrency, 2, auth, script)
            for r in range(1, rounds + 1):
                with CpuSplit([core_pid]) as cpu:
                    core = wrk(f"{name} (round {r})", core_url + path, concurrency, seconds, auth, script)
                with CpuSplit([bare.proc.pid]) as bare_cpu:
                    low = wrk(f"bare handler, the same body (round {r})", f"{bare.url}/{n}", concurrency, seconds,
                              auth, script)
                spent, bare_spent = (c.server / max(x.rps * seconds, 1) * 1000
                                     for c, x in ((cpu, core), (bare_cpu, low)))
                print(f"{name} round {r}: {core.rps / low.rps:.2f}x the bare handler ({core.rps:,.0f} / "
                      f"{low.rps:,.0f} answers/s); server CPU per answer {spent:.3f} ms, the bare handler's "
                      f"{bare_spent:.3f} ms ({bare_spent / spent:.2f}x)", flush=True)
                results += [core, low]
    finally:
        bare.stop()
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--ratios-only", action="store_true",
                        help="only getInfo and getRouters against the bare handler, c16, two alternating rounds")
    args = parser.parse_args()
    url = asyncio.run(recreate_database("console_bench_auth"))
    env = bench_env(url)
    prepare(env)
    asyncio.run(add_users(url, args.users))
    core = start("core_api", env, "/health")
    bff = start("bff", {**env, "CONSOLE_CORE_URL": core.url}, "/bff/health")
    results: list[Result] = []
    try:
        auth = {"Authorization": f"Bearer {token(core.url, 'bench_user_3')}"}
        ratios = against_bare(core.url, core.procs[-1].pid, auth, args.seconds)
        if args.ratios_only:
            print(table(ratios))
            return
        for name, target in (("GET /getInfo", core.url + "/getInfo"), ("GET /getRouters", core.url + "/getRouters"),
                             ("BFF GET /bff/screens/session", bff.url + "/bff/screens/session")):
            wrk(name, target, 16, 3, auth)  # warm up caches and connections
            for c in (1, 16, 64):
                results.append(wrk(name, target, c, args.seconds, auth))
        for c in (1, 16, 64):
            results.append(wrk("POST /login", core.url + "/login", c, args.seconds, script=LOGIN_SCRIPT))
    finally:
        bff.stop()
        core.stop()
    print(f"{args.users:,} users, PostgreSQL, one core_api process, wrk for {args.seconds} s per row\n")
    print(table(results))
    print("\nAgainst a bare aiohttp handler answering the same bytes (c16, alternating rounds):\n")
    print(table(ratios))


if __name__ == "__main__":
    main()
