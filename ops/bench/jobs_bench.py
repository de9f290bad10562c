"""Fifty jobs firing every second through RabbitMQ with two worker processes.

``.venv/bin/python -m ops.bench.jobs_bench [--jobs 50] [--seconds 300]`` prints fire lateness (the
run's start minus its planned fire time) p50 / p99 / max, and checks that no fire ran twice and none
was missed (every job has one run for every second of the window).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg

from ops.bench.common import bench_env, prepare, recreate_database
from ops.stack import PY, ROOT

AMQP = os.environ.get("CONSOLE_BENCH_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/")


async def add_jobs(url: str, count: int) -> list[int]:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE sys_job SET status = '1'")
        return [await conn.fetchval(
            "INSERT INTO sys_job (job_name, job_group, invoke_target, job_params, cron_expression, misfire_policy,"
            " concurrent, status, create_by, create_time, update_by) VALUES ($1, 'DEFAULT', 'heartbeat', '{}',"
            " '* * * * * ?', '1', '1', '0', 'bench', now(), '') RETURNING job_id", f"bench{i}") for i in range(count)]
    finally:
        await conn.close()


async def results(url: str, ids: list[int], since: float, until: float) -> dict:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE sys_job SET status = '1' WHERE job_id = ANY($1)", ids)
        rows = await conn.fetch(
            "SELECT job_id, fire_time, start_time FROM sys_job_log WHERE job_id = ANY($1)"
            " AND fire_time >= to_timestamp($2) AND fire_time < to_timestamp($3)", ids, since, until)
    finally:
        await conn.close()
    late = sorted((r["start_time"] - r["fire_time"]).total_seconds() * 1000 for r in rows)
    per_job: dict[int, list[int]] = {}
    for r in rows:
        per_job.setdefault(r["job_id"], []).append(int(r["fire_time"].timestamp()))
    seconds = range(int(since), int(until))
    missed = sum(len(set(seconds) - set(per_job.get(j, []))) for j in ids)
    doubled = sum(len(v) - len(set(v)) for v in per_job.values())
    return {"runs": len(rows), "expected": len(ids) * len(seconds), "missed": missed, "doubled": doubled,
            "p50": late[len(late) // 2], "p99": late[int(len(late) * 0.99)], "max": late[-1]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=300)
    args = parser.parse_args()
    url = asyncio.run(recreate_database("console_bench_jobs"))
    env = bench_env(url, CONSOLE_AMQP_URL=AMQP, CONSOLE_BUS_PREFIX=f"bench{uuid.uuid4().hex[:6]}")
    prepare(env)
    logs = Path(tempfile.mkdtemp(prefix="jobs-bench-"))
    workers = [subprocess.Popen([PY, "-m", "workers"], env=env, cwd=ROOT, stdout=open(logs / f"w{i}.log", "wb"),
                                stderr=subprocess.STDOUT) for i in range(2)]
    try:
        time.sleep(3)
        ids = asyncio.run(add_jobs(url, args.jobs))
        time.sleep(3)  # let the plan settle, then measure whole seconds
        since = float(int(time.time()) + 1)
        time.sleep(args.seconds + 1)
        until = since + args.seconds
        time.sleep(3)  # the last fires finish
        r = asyncio.run(results(url, ids, since, until))
    finally:
        for w in workers:
            w.send_signal(signal.SIGTERM)
        for w in workers:
            w.wait(30)
    leaders = sum("now schedules the jobs" in (logs / f"w{i}.log").read_text() for i in range(2))
    print(f"{args.jobs} jobs every second for {args.seconds} s, RabbitMQ, two worker processes ({leaders} scheduled)")
    print(f"runs {r['runs']:,} of {r['expected']:,} expected; missed {r['missed']}; run twice {r['doubled']}")
    print(f"fire lateness: p50 {r['p50']:.0f} ms, p99 {r['p99']:.0f} ms, max {r['max']:.0f} ms")


if __name__ == "__main__":
    main()
