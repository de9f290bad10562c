"""Jobs across processes, on PostgreSQL and RabbitMQ: one scheduler among several workers, hand-over
when the leader dies, and a fire redelivered after its worker was killed runs exactly once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

from core_api.monitor.job.runner import JOB_FIRE, manual_fire
from core_api.platform.bus import RabbitBus
from core_api.settings import ROOT
from tests.conftest import AMQP_URL, BACKEND

pytestmark = pytest.mark.skipif(BACKEND != "postgres", reason="needs PostgreSQL and RabbitMQ")


class Workers:
    def __init__(self, database_url: str, prefix: str, log_dir: Path) -> None:
        self.env = {**os.environ, "CONSOLE_DATABASE_URL": database_url, "CONSOLE_AMQP_URL": AMQP_URL,
                    "CONSOLE_BUS_PREFIX": prefix, "CONSOLE_VAR_DIR": str(log_dir), "PYTHONUNBUFFERED": "1"}
        self.log_dir = log_dir
        self.procs: list[subprocess.Popen] = []

    def start(self) -> subprocess.Popen:
        out = open(self.log_dir / f"worker{len(self.procs)}.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen([sys.executable, "-m", "workers"], env=self.env, cwd=ROOT, stdout=out,  # noqa: ASYNC220
                                stderr=subprocess.STDOUT)
        self.procs.append(proc)
        return proc

    def output(self, proc: subprocess.Popen) -> str:
        return (self.log_dir / f"worker{self.procs.index(proc)}.log").read_text(errors="replace")

    def leaders(self) -> list[subprocess.Popen]:
        return [p for p in self.procs if "now schedules the jobs" in self.output(p)]

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture
async def db(database_url):
    conn = await asyncpg.connect(database_url.replace("postgres://", "postgresql://", 1))
    yield conn
    await conn.close()


@pytest.fixture
async def workers(database_url, bus_prefix, tmp_path):
    group = Workers(database_url, bus_prefix, tmp_path)
    yield group
    group.stop()
    cleanup = RabbitBus(AMQP_URL, prefix=bus_prefix)
    from workers.handlers import subscribe_all

    subscribe_all(cleanup)
    await cleanup.start(consume=False)
    await cleanup.delete_topology()
    await cleanup.close()


async def add_jobs(db, count: int, cron: str = "* * * * * ?", params: str = "{}") -> list[int]:
    ids = []
    for i in range(count):
        ids.append(await db.fetchval(
            "INSERT INTO sys_job (job_name, job_group, invoke_target, job_params, cron_expression, misfire_policy,"
            " concurrent, status, create_by, create_time, update_by) VALUES ($1, 'DEFAULT', 'heartbeat', $2, $3,"
            " '3', '1', '0', 'test', now(), '') RETURNING job_id", f"burst{i}", params, cron))
    return ids


async def wait_for(check, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await check():
            return
        await asyncio.sleep(0.2)
    raise AssertionError("condition not met in time")


async def test_two_schedulers_never_double_fire_and_hand_over(db, workers):
    await db.execute("UPDATE sys_job SET status = '1'")  # only the jobs of this test run
    first, second = workers.start(), workers.start()
    await wait_for(lambda: asyncio.sleep(0, result=len(workers.leaders()) == 1), 20)
    ids = await add_jobs(db, 20)

    async def fires() -> int:
        return await db.fetchval("SELECT COUNT(*) FROM sys_job_log WHERE job_id = ANY($1)", ids)

    await wait_for(lambda: fires_at_least(fires, 200), 40)
    leader = workers.leaders()[0]
    assert len(workers.leaders()) == 1  # exactly one of the two ever scheduled
    # Every job fired once a second: no second twice, none missed, on time.
    rows = await db.fetch("SELECT job_id, fire_time, start_time FROM sys_job_log WHERE job_id = ANY($1)", ids)
    by_job: dict[int, list[int]] = {}
    for row in rows:
        by_job.setdefault(row["job_id"], []).append(int(row["fire_time"].timestamp()))
    for seconds in by_job.values():
        seconds.sort()
        assert len(seconds) == len(set(seconds))
        assert seconds == list(range(seconds[0], seconds[0] + len(seconds)))
    late = sorted((r["start_time"] - r["fire_time"]).total_seconds() for r in rows)
    assert late[len(late) // 2] < 0.5
    # The leader dies; the other process takes over within seconds and the fires go on.
    leader.kill()
    leader.wait()
    killed_at = datetime.now(UTC)
    survivor = second if leader is first else first

    async def taken_over() -> bool:
        newest = await db.fetchval("SELECT MAX(fire_time) FROM sys_job_log WHERE job_id = ANY($1)", ids)
        return newest is not None and newest > killed_at and "now schedules the jobs" in workers.output(survivor)

    began = time.monotonic()
    await wait_for(taken_over, 15)
    assert time.monotonic() - began < 10
    await db.execute("UPDATE sys_job SET status = '1' WHERE job_id = ANY($1)", ids)


async def fires_at_least(counter, n: int) -> bool:
    return await counter() >= n


async def test_a_fire_redelivered_after_its_worker_died_runs_once(db, workers, bus_prefix):
    await db.execute("UPDATE sys_job SET status = '1'")
    (job_id,) = await add_jobs(db, 1, cron="0 0 0 1 1 ? 2099", params='{"holdSeconds": 3}')
    await db.execute("UPDATE sys_job SET status = '1' WHERE job_id = $1", job_id)
    victim = workers.start()
    await wait_for(lambda: asyncio.sleep(0, result="consuming" in workers.output(victim)), 20)
    publisher = RabbitBus(AMQP_URL, prefix=bus_prefix)
    await publisher.start(consume=False)
    fire = manual_fire(job_id, datetime.now(UTC))
    await publisher.publish(JOB_FIRE, fire)
    await publisher.close()
    await asyncio.sleep(1.0)  # the victim holds the fire, mid-run
    victim.kill()
    victim.wait()
    assert await db.fetchval("SELECT COUNT(*) FROM sys_job_log WHERE fire_key = $1", fire["fireKey"]) == 0
    workers.start()  # the message comes back to the queue and to this worker

    async def done() -> bool:
        return await db.fetchval("SELECT COUNT(*) FROM sys_job_log WHERE fire_key = $1", fire["fireKey"]) == 1

    await wait_for(done, 30)
    await asyncio.sleep(1)
    rows = await db.fetch("SELECT status, job_message FROM sys_job_log WHERE job_id = $1", job_id)
    assert [(r["status"], r["job_message"]) for r in rows] == [("0", "心跳正常")]
