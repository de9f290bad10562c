"""Jobs across processes, on PostgreSQL and RabbitMQ: one scheduler among several workers publishes each
fire once (counted on the broker), hand-over when the leader dies, a leader killed between committing a
fire and publishing it loses nothing, and a fire redelivered after its worker was killed runs once."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aio_pika
import asyncpg
import orjson
import pytest

from core_api.monitor.job.runner import JOB_FIRE, manual_fire
from core_api.platform.bus import RabbitBus
from core_api.platform.settings import ROOT
from tests.conftest import AMQP_URL, BACKEND

pytestmark = pytest.mark.skipif(BACKEND != "postgres", reason="needs PostgreSQL and RabbitMQ")


class Workers:
    def __init__(self, database_url: str, prefix: str, log_dir: Path) -> None:
        self.env = {**os.environ, "CONSOLE_DATABASE_URL": database_url, "CONSOLE_AMQP_URL": AMQP_URL,
                    "CONSOLE_BUS_PREFIX": prefix, "CONSOLE_VAR_DIR": str(log_dir), "PYTHONUNBUFFERED": "1"}
        self.log_dir = log_dir
        self.procs: list[subprocess.Popen] = []

    def start(self, **env: str) -> subprocess.Popen:
        out = open(self.log_dir / f"worker{len(self.procs)}.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen([sys.executable, "-m", "workers"], env={**self.env, **env}, cwd=ROOT,  # noqa: ASYNC220
                                stdout=out, stderr=subprocess.STDOUT)
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


async def add_jobs(db, count: int, cron: str = "* * * * * ?", params: str = "{}",
                   next_fire_at: datetime | None = None) -> list[int]:
    ids = []
    for i in range(count):
        ids.append(await db.fetchval(
            "INSERT INTO sys_job (job_name, job_group, invoke_target, job_params, cron_expression, misfire_policy,"
            " concurrent, status, next_fire_at, create_by, create_time, update_by) VALUES ($1, 'DEFAULT',"
            " 'heartbeat', $2, $3, '3', '1', '0', $4, 'test', now(), '') RETURNING job_id", f"burst{i}", params,
            cron, next_fire_at))
    return ids


class FireCounter:
    """A queue of the test's own on the events exchange: a copy of every job fire published to the broker."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self._connection: aio_pika.abc.AbstractRobustConnection | None = None
        self._queue: aio_pika.abc.AbstractQueue | None = None

    async def start(self, prefix: str) -> FireCounter:
        self._connection = await aio_pika.connect_robust(AMQP_URL)
        channel = await self._connection.channel()
        events = await channel.declare_exchange(f"{prefix}.events", aio_pika.ExchangeType.TOPIC, durable=True)
        self._queue = await channel.declare_queue(exclusive=True)
        await self._queue.bind(events, routing_key=JOB_FIRE)
        return self

    async def published(self) -> list[str]:
        assert self._queue is not None
        while (message := await self._queue.get(fail=False)) is not None:
            self.keys.append(orjson.loads(message.body)["fireKey"])
            await message.ack()
        return self.keys

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()


@pytest.fixture
async def fire_counter(bus_prefix):
    counter = await FireCounter().start(bus_prefix)
    yield counter
    await counter.close()


async def wait_for(check, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await check():
            return
        await asyncio.sleep(0.2)
    raise AssertionError("condition not met in time")


async def test_two_schedulers_publish_each_fire_once_and_hand_over(db, workers, fire_counter):
    await db.execute("UPDATE sys_job SET status = '1'")  # only the jobs of this test run
    first, second = workers.start(), workers.start()
    await wait_for(lambda: asyncio.sleep(0, result=len(workers.leaders()) == 1), 20)
    ids = await add_jobs(db, 20)

    async def publishes_at_least(n: int) -> bool:
        return len(await fire_counter.published()) >= n

    await wait_for(lambda: publishes_at_least(200), 40)
    leader = workers.leaders()[0]
    assert len(workers.leaders()) == 1  # exactly one of the two ever scheduled
    # Every job fired once a second, each fire published once: no second twice, none missed.
    published = Counter(await fire_counter.published())
    assert published.most_common(1)[0][1] == 1
    by_job: dict[int, list[int]] = {}
    for key in published:
        job, second_ = key.split(":")
        by_job.setdefault(int(job), []).append(int(second_))
    assert set(by_job) == set(ids)
    for seconds in by_job.values():
        seconds.sort()
        assert seconds == list(range(seconds[0], seconds[0] + len(seconds)))
    rows = await db.fetch("SELECT fire_time, start_time FROM sys_job_log WHERE job_id = ANY($1)", ids)
    late = sorted((r["start_time"] - r["fire_time"]).total_seconds() for r in rows)
    assert late[len(late) // 2] < 0.5  # on time
    # The leader dies; the other process takes over within seconds and the fires go on.
    leader.kill()
    leader.wait()
    killed_at = int(datetime.now(UTC).timestamp())
    survivor = second if leader is first else first

    async def taken_over() -> bool:
        newest = max(int(k.split(":")[1]) for k in await fire_counter.published())
        return newest > killed_at + 1 and "now schedules the jobs" in workers.output(survivor)

    began = time.monotonic()
    await wait_for(taken_over, 15)
    assert time.monotonic() - began < 10
    await db.execute("UPDATE sys_job SET status = '1' WHERE job_id = ANY($1)", ids)
    await asyncio.sleep(1.5)  # the last fires run
    # Still once each: a fire whose publish the dead leader had not yet marked sent may go out again
    # (at least once), and then runs once all the same.
    published = Counter(await fire_counter.published())
    assert {k: n for k, n in published.items() if n > 1 and abs(int(k.split(":")[1]) - killed_at) > 1} == {}
    logged = Counter(await db.fetchval("SELECT array_agg(fire_key) FROM sys_job_log WHERE job_id = ANY($1)", ids))
    assert logged.most_common(1)[0][1] == 1 and set(logged) <= set(published)


async def test_a_leader_killed_between_commit_and_publish_loses_no_fire(db, workers, fire_counter, tmp_path):
    """The leader commits a fire (next_fire_at moved, the outbox row written) and is SIGKILLed before it
    publishes: the next leader publishes that fire, once, and it runs once."""
    await db.execute("UPDATE sys_job SET status = '1'")
    hold = tmp_path / "holding"
    victim = workers.start(CONSOLE_SCHEDULER_HOLD_FILE=str(hold))
    await wait_for(lambda: asyncio.sleep(0, result=workers.leaders() == [victim]), 20)
    successor = workers.start()
    await wait_for(lambda: asyncio.sleep(0, result="consuming" in workers.output(successor)), 20)
    fire_at = (datetime.now(UTC) + timedelta(seconds=1)).replace(microsecond=0)
    (job_id,) = await add_jobs(db, 1, cron="0 0 0 1 1 ? 2099", next_fire_at=fire_at)
    key = f"{job_id}:{int(fire_at.timestamp())}"
    await wait_for(lambda: asyncio.sleep(0, result=hold.exists()), 20)
    # Committed, not published: the plan moved on, the fire waits in the outbox, nothing on the broker.
    assert await db.fetchval("SELECT next_fire_at FROM sys_job WHERE job_id = $1", job_id) == datetime(
        2098, 12, 31, 16, tzinfo=UTC)
    assert [tuple(r) for r in await db.fetch("SELECT fire_key, sent_at FROM sys_job_fire WHERE job_id = $1",
                                             job_id)] == [(key, None)]
    await asyncio.sleep(0.5)
    assert await fire_counter.published() == []
    victim.send_signal(signal.SIGKILL)
    victim.wait()

    async def ran() -> bool:
        return await db.fetchval("SELECT COUNT(*) FROM sys_job_log WHERE job_id = $1", job_id) == 1

    await wait_for(ran, 40)
    assert "now schedules the jobs" in workers.output(successor)
    await asyncio.sleep(3)  # time for a second publish or run, if there were one
    assert await fire_counter.published() == [key]
    rows = await db.fetch("SELECT fire_key, status, job_message FROM sys_job_log WHERE job_id = $1", job_id)
    assert [tuple(r) for r in rows] == [(key, "0", "心跳正常")]
    assert await db.fetchval("SELECT sent_at IS NOT NULL FROM sys_job_fire WHERE fire_key = $1", key)
    assert "publishing 1 fires a previous leader left unsent" in workers.output(successor)


async def test_a_fire_redelivered_after_its_worker_died_runs_once(db, workers, bus_prefix):
    await db.execute("UPDATE sys_job SET status = '1'")
    (job_id,) = await add_jobs(db, 1, cron="0 0 0 1 1 ? 2099", params='{"holdSeconds": 3}')
    await db.execute("UPDATE sys_job SET status = '1' WHERE job_id = $1", job_id)
    victim = workers.start(CONSOLE_LOG_LEVEL="DEBUG")
    await wait_for(lambda: asyncio.sleep(0, result="consuming" in workers.output(victim)), 20)
    publisher = RabbitBus(AMQP_URL, prefix=bus_prefix)
    await publisher.start(consume=False)
    fire = manual_fire(job_id, datetime.now(UTC))
    await publisher.publish(JOB_FIRE, fire)
    await publisher.close()
    received = re.compile(r"delivery (\w+) to jobs\.run \(redelivered=False\)")
    await wait_for(lambda: asyncio.sleep(0, result=bool(received.search(workers.output(victim)))), 10)
    message_id = received.search(workers.output(victim)).group(1)  # the victim took this very message
    await asyncio.sleep(1.0)  # and holds it, mid-run: not finished, not back in the queue
    assert await db.fetchval("SELECT COUNT(*) FROM sys_job_log WHERE fire_key = $1", fire["fireKey"]) == 0
    async with await aio_pika.connect_robust(AMQP_URL) as connection:
        queue = await (await connection.channel()).declare_queue(f"{bus_prefix}.jobs.run", passive=True)
        assert queue.declaration_result.message_count == 0
    victim.kill()
    victim.wait()
    successor = workers.start(CONSOLE_LOG_LEVEL="DEBUG")  # the message comes back to the queue and to it

    async def done() -> bool:
        return await db.fetchval("SELECT COUNT(*) FROM sys_job_log WHERE fire_key = $1", fire["fireKey"]) == 1

    await wait_for(done, 30)
    await asyncio.sleep(1)
    # The same message, marked redelivered by the broker, ran once.
    assert f"delivery {message_id} to jobs.run (redelivered=True)" in workers.output(successor)
    rows = await db.fetch("SELECT status, job_message FROM sys_job_log WHERE job_id = $1", job_id)
    assert [(r["status"], r["job_message"]) for r in rows] == [("0", "心跳正常")]
