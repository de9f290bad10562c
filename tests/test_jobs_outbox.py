"""A fire survives its scheduler dying between the commit and the publish, on the single-node form too:
`python -m workers api` (the API with the in-process bus and the scheduler) is SIGKILLed holding a fire
it committed; the next API process publishes it and it runs once. (On RabbitMQ, with the publishes
counted on the broker: tests/test_jobs_distributed.py.)"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import aiohttp
import asyncpg

from core_api.platform.settings import ROOT
from tests.conftest import OK, PASSWORD, eventually

TZ_NAME = "Asia/Shanghai"


async def query(database_url: str, sql: str) -> list[tuple]:
    if database_url.startswith("sqlite://"):
        with sqlite3.connect(database_url.removeprefix("sqlite://")) as conn:
            return conn.execute(sql).fetchall()
    conn = await asyncpg.connect(database_url.replace("postgres://", "postgresql://", 1))
    try:
        return [tuple(r) for r in await conn.fetch(sql)]
    finally:
        await conn.close()


class Api:
    def __init__(self, env: dict[str, str], port: int, log: Path) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.log = log
        with open(log, "wb") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "workers", "api", "--port", str(port)], env=env,
                                         cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    async def call(self, http: aiohttp.ClientSession, method: str, path: str, token: str = "", **kw) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with http.request(method, self.base + path, headers=headers, **kw) as r:
            return await r.json()

    async def up(self, http: aiohttp.ClientSession) -> bool:
        try:
            async with http.get(self.base + "/health") as r:
                return r.status == 200
        except aiohttp.ClientError:
            return False

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(15)


async def test_a_fire_committed_by_a_killed_api_is_published_by_the_next(database_url, tmp_path):
    from zoneinfo import ZoneInfo

    hold = tmp_path / "holding"
    env = {**os.environ, "CONSOLE_AMQP_URL": "", "CONSOLE_VAR_DIR": str(tmp_path / "var"),
           "CONSOLE_DATABASE_URL": database_url, "CONSOLE_SECRET_KEY": "test-secret-" + "x" * 40,
           "CONSOLE_CAPTCHA_ENABLED": "false", "CONSOLE_TIMEZONE": TZ_NAME}
    await query(database_url, "UPDATE sys_job SET status = '1'")  # only this test's job fires
    port = 19500 + os.getpid() % 400
    victim = Api({**env, "CONSOLE_SCHEDULER_HOLD_FILE": str(hold)}, port, tmp_path / "victim.log")
    successor: Api | None = None
    try:
        async with aiohttp.ClientSession() as http:
            await eventually(lambda: victim.up(http), timeout=60)
            token = (await victim.call(http, "POST", "/login", json={"username": "admin", "password": PASSWORD}))[
                "token"]
            at = (datetime.now(ZoneInfo(TZ_NAME)) + timedelta(seconds=4)).replace(microsecond=0)
            once = f"{at.second} {at.minute} {at.hour} {at.day} {at.month} ? {at.year}"  # fires once, at `at`
            job = {"jobName": "一次", "jobGroup": "DEFAULT", "invokeTarget": "heartbeat", "jobParams": {},
                   "cronExpression": once, "misfirePolicy": "1", "concurrent": "1", "status": "0"}
            assert await victim.call(http, "POST", "/monitor/job", token, json=job) == OK
            (job_id,) = (await query(database_url, "SELECT job_id FROM sys_job WHERE job_name = '一次'"))[0]
            key = f"{job_id}:{int(at.timestamp())}"
            await eventually(lambda: asyncio.sleep(0, result=hold.exists()), timeout=20)
            # Committed (the outbox row, unsent) and held before publishing: then killed.
            outbox = f"SELECT fire_key, sent_at IS NULL FROM sys_job_fire WHERE job_id = {int(job_id)}"
            assert [(k, bool(unsent)) for k, unsent in await query(database_url, outbox)] == [(key, True)]
            victim.proc.send_signal(signal.SIGKILL)
            victim.proc.wait()
            assert await query(database_url, f"SELECT COUNT(*) FROM sys_job_log WHERE job_id = {int(job_id)}") == [
                (0,)]
            successor = Api(env, port + 1, tmp_path / "successor.log")
            await eventually(lambda: successor.up(http), timeout=60)

            async def ran() -> bool:
                logs = await successor.call(http, "GET", "/monitor/jobLog/list", token, params={"jobId": job_id})
                return logs.get("total") == 1

            await eventually(ran, timeout=30)
            await asyncio.sleep(2)
            logs = await successor.call(http, "GET", "/monitor/jobLog/list", token, params={"jobId": job_id})
            assert [(r["jobName"], r["status"], r["jobMessage"], r["fireTime"]) for r in logs["rows"]] == [
                ("一次", "0", "心跳正常", at.strftime("%Y-%m-%d %H:%M:%S"))]
            assert "publishing 1 fires a previous leader left unsent" in successor.output()
            sent = await query(database_url, outbox)
            assert [(k, bool(unsent)) for k, unsent in sent] == [(key, False)]
    finally:
        victim.stop()
        if successor is not None:
            successor.stop()
