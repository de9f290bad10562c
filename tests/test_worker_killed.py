"""A worker SIGKILLed in the middle of its work loses nothing (issue 29 §2): the scheduled job's ticks missed
while no worker was up run once each after a restart, even when the job was paused meanwhile; an export being
written when its worker died is finished by the next one, once (on RabbitMQ the broker redelivers it; on the
in-process bus the restarted process queues it again)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from openpyxl import load_workbook
from tortoise import connections

from core_api.platform.bus import RabbitBus
from core_api.platform.exports import EXPORT_REQUESTED
from core_api.platform.settings import ROOT
from tests.conftest import AMQP_URL, BACKEND, OK, Caller, token_for

# the fixtures of the jobs' own cross-process tests: the database, and worker processes on the test's prefix
from tests.test_jobs_distributed import db, wait_for, workers  # noqa: F401

on_postgres = pytest.mark.skipif(BACKEND != "postgres", reason="needs PostgreSQL and RabbitMQ")
CONSUMERS = 12_000  # an export of a few seconds (batches of 5,000): its worker is killed in the middle


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait()


@on_postgres
async def test_ticks_missed_while_the_worker_was_dead_run_once_even_if_paused_meanwhile(
        db, workers, start_app, make_settings):  # noqa: F811
    await db.execute("UPDATE sys_job SET status = '1', next_fire_at = NULL")  # only the test's job fires
    created = datetime.now(UTC)
    first = created.replace(microsecond=0) + timedelta(seconds=2 - created.second % 2 + 2)
    job_id = await db.fetchval(
        "INSERT INTO sys_job (job_name, job_group, invoke_target, job_params, cron_expression, misfire_policy,"
        " concurrent, status, next_fire_at, create_by, create_time, update_by) VALUES ('心跳', 'DEFAULT', 'heartbeat',"
        " '{}', '0/2 * * * * ?', '1', '1', '0', $1, 'test', now(), '') RETURNING job_id", first)

    async def fired() -> list[int]:
        rows = await db.fetch("SELECT extract(epoch FROM fire_time)::bigint AS t FROM sys_job_log WHERE job_id = $1"
                              " ORDER BY fire_time", job_id)
        return [r["t"] for r in rows]

    victim = workers.start()
    await wait_for(lambda: fired_at_least(fired, 1), 60)  # a worker starts slowly on a loaded machine
    started = (await fired())[0]  # what fell due before the first worker was up is not this test's matter
    kill(victim)  # the leader dies: its lock goes with its session
    await asyncio.sleep(5)  # two or three ticks come due with no worker up
    # An operator pauses the job before any worker is back: what was due by then is still owed.
    app = await start_app(make_settings(), worker=False)
    admin = Caller(app, await token_for(app))
    asked = time.time()
    assert await admin.put("/monitor/job/changeStatus", json={"jobId": job_id, "status": "1"}) == OK
    answered = time.time()
    successor = workers.start()
    owed = list(range(started, int(asked) + 1, 2))  # every tick due before the pause was asked
    with contextlib.suppress(AssertionError):
        await wait_for(lambda: fired_at_least(fired, len(owed)), 20)
    await asyncio.sleep(2.5)  # a tick fired twice, or after the pause, would show by now
    ticks = await fired()
    assert ticks[:len(owed)] == owed, (ticks, owed, asked, answered)  # each once, in order
    assert all(t <= answered for t in ticks[len(owed):]) and len(set(ticks)) == len(ticks)  # none after the pause
    assert "now schedules the jobs" in workers.output(successor)


async def fired_at_least(fired, count: int) -> bool:
    return len(await fired()) >= count


async def add_consumers(count: int) -> int:
    """Adds ``count`` app users; answers how many there are."""
    from core_api.account.consumer.models import AccountConsumer

    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        await conn.execute_script(
            "INSERT INTO account_consumer (uid, nick_name, phone, sex, invite_code, frozen, muted, usable,"
            " register_time, last_login_ip, last_login_city, avatar, password_hash, create_time)"
            f" SELECT 900000000 + g, 'user' || g, NULL, '2', 'k' || g, '0', '0', '1', now(), '', '', '', '', now()"
            f" FROM generate_series(1, {count}) g")
        return await AccountConsumer.all().count()
    await conn.execute_script(
        "WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < " + str(count) + ")"
        " INSERT INTO account_consumer (uid, nick_name, phone, sex, invite_code, frozen, muted, usable,"
        " register_time, last_login_ip, last_login_city, avatar, password_hash, create_time)"
        " SELECT 900000000 + n, 'user' || n, NULL, '2', 'k' || n, '0', '0', '1', datetime('now'), '', '', '', '',"
        " datetime('now') FROM g")
    return await AccountConsumer.all().count()


async def add_export(owner_id: int = 1) -> int:
    from core_api.platform.models import ExportJob

    job = await ExportJob.create(kind="AccountUserConsumer", owner_id=owner_id, owner_name="admin", filters="{}",
                                 personal=True, created_at=datetime.now(UTC), file_name="app_users.xlsx")
    return job.id


async def export_row(job_id: int) -> dict:
    from core_api.platform.models import ExportJob

    return (await ExportJob.filter(id=job_id).values())[0]


async def killed_mid_export(job_id: int, proc: subprocess.Popen) -> dict:
    """Waits until ``proc`` has written some batches of the export, not all, and SIGKILLs it."""
    async def midway() -> bool:
        row = await export_row(job_id)
        assert row["status"] in ("queued", "running"), row  # not finished before the kill
        return row["status"] == "running" and row["done"] > 0

    await wait_for(midway, 30)
    kill(proc)
    row = await export_row(job_id)
    assert row["status"] == "running" and 0 < row["done"] < row["total"], row
    return row


async def finished_once(job_id: int, var_dir: Path, total: int) -> None:
    from core_api.messaging.models import SysMessage

    async def done() -> bool:
        return (await export_row(job_id))["status"] not in ("queued", "running")

    await wait_for(done, 30)
    row = await export_row(job_id)
    assert (row["status"], row["done"], row["total"], row["path"]) == ("done", total, total, f"export_{job_id}.xlsx")
    files = sorted(p.name for p in (var_dir / "exports").iterdir() if p.name.startswith("export_"))
    assert files == [f"export_{job_id}.xlsx"]
    sheet = load_workbook(var_dir / "exports" / files[0], read_only=True).active
    assert sum(1 for _ in sheet.iter_rows(values_only=True)) == total + 1  # the header and every app user once
    assert await SysMessage.filter(recipient_id=1, source_key=f"export:{job_id}").count() == 1  # told once


@on_postgres
async def test_an_export_whose_worker_was_killed_is_finished_once_by_the_next(
        start_app, make_settings, workers, bus_prefix, tmp_path):  # noqa: F811
    await start_app(make_settings(), worker=False)  # the database, and no consumer in this process
    total = await add_consumers(CONSUMERS)
    job_id = await add_export()
    var_dir = tmp_path / "workers-var"
    workers.env["CONSOLE_VAR_DIR"] = str(var_dir)
    victim = workers.start()
    await wait_for(lambda: asyncio.sleep(0, result="consuming" in workers.output(victim)), 20)
    publisher = RabbitBus(AMQP_URL, prefix=bus_prefix)
    await publisher.start(consume=False)
    await publisher.publish(EXPORT_REQUESTED, {"jobId": job_id})
    await publisher.close()
    await killed_mid_export(job_id, victim)
    workers.start()  # RabbitMQ gives the unacknowledged message back, to it
    await finished_once(job_id, var_dir, total)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.skipif(BACKEND == "postgres", reason="the in-process bus: SQLite, one process")
async def test_an_export_whose_process_was_killed_is_finished_once_after_a_restart(
        start_app, make_settings, database_url, tmp_path):
    await start_app(make_settings())  # the database
    total = await add_consumers(CONSUMERS)
    job_id = await add_export()  # left queued: as if its process died before taking it
    var_dir = tmp_path / "api-var"
    env = {**os.environ, "CONSOLE_DATABASE_URL": database_url, "CONSOLE_AMQP_URL": "", "CONSOLE_REDIS_URL": "",
           "CONSOLE_VAR_DIR": str(var_dir), "PYTHONUNBUFFERED": "1"}
    procs: list[subprocess.Popen] = []

    def start() -> subprocess.Popen:
        log = open(tmp_path / f"api{len(procs)}.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen([sys.executable, "-m", "workers", "api", "--port", str(free_port())], env=env,
                                cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        procs.append(proc)
        return proc

    try:
        await killed_mid_export(job_id, start())  # the first start queues it again, and dies writing it
        start()
        await finished_once(job_id, var_dir, total)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(20)
