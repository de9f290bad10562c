"""The scheduler: one leader at a time plans fires from the jobs table and publishes them.

The jobs table is the source of truth: each active job carries ``next_fire_at``. The leader sleeps
until the earliest one (at most a second, to see edits), and for every due job moves ``next_fire_at``
forward with a conditional update before publishing the fire, so even two schedulers that both
believed they led would never publish the same fire twice. A job found late by more than the misfire
threshold (the scheduler was down, or leadership changed hands) follows its misfire policy:
0 default = fire once now, 1 fire every missed time (at most 100), 2 fire once now, 3 skip to the next.

Leadership: a PostgreSQL advisory lock held on a connection of its own (released by the server the
moment that process dies, so another takes over within a poll), or an exclusive file lock on SQLite.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from core_api.monitor.job.cron import CronError, parse
from core_api.monitor.job.models import SysJob
from core_api.monitor.job.runner import JOB_FIRE, fire_key
from core_api.platform.timefmt import zone

log = logging.getLogger("console.scheduler")
MISFIRE_THRESHOLD = timedelta(seconds=5)
MAX_CATCH_UP = 100
LEADER_POLL = 2.0
ADVISORY_KEY = (74_021, 0)


def next_fire(cron_expression: str, after: datetime) -> datetime | None:
    try:
        nxt = parse(cron_expression).next_after(after.astimezone(zone()))
    except CronError:
        return None
    return nxt.astimezone(UTC) if nxt else None


def plan(job: dict[str, Any], now: datetime) -> tuple[list[datetime], datetime | None]:
    """(fire times to publish now, the next planned fire) for a due job."""
    planned: datetime = job["next_fire_at"]
    missed = [planned]
    while len(missed) <= MAX_CATCH_UP:
        nxt = next_fire(job["cron_expression"], missed[-1])
        if nxt is None or nxt > now:
            break
        missed.append(nxt)
    upcoming = next_fire(job["cron_expression"], max(now, missed[-1]))
    if len(missed) == 1 and now - planned <= MISFIRE_THRESHOLD:
        return missed, upcoming  # on time (or nearly): a normal fire
    policy = job["misfire_policy"]
    if policy == "1":
        return missed[:MAX_CATCH_UP], upcoming
    if policy == "3":
        return [], upcoming
    return [missed[-1]], upcoming  # 0 and 2: once, for the latest missed time


class FileLeaderLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    async def acquire(self) -> bool:
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    async def held(self) -> bool:
        return self._fd is not None

    async def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


class PgLeaderLock:
    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Any = None

    async def acquire(self) -> bool:
        import asyncpg

        if self._conn is not None and not self._conn.is_closed():
            return True
        conn = await asyncpg.connect(self.url.replace("postgres://", "postgresql://", 1))
        try:
            if await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", *ADVISORY_KEY):
                self._conn = conn
                return True
        except BaseException:
            conn.terminate()
            raise
        await conn.close()
        return False

    async def held(self) -> bool:
        if self._conn is None or self._conn.is_closed():
            return False
        try:
            await asyncio.wait_for(self._conn.fetchval("SELECT 1"), 5)
            return True
        except Exception:
            self._conn = None
            return False

    async def release(self) -> None:
        if self._conn is not None and not self._conn.is_closed():
            await self._conn.close()  # closing the session releases the lock
        self._conn = None


class Scheduler:
    def __init__(self, lock: FileLeaderLock | PgLeaderLock, publish: Callable[[str, dict[str, Any]], Any],
                 now: Callable[[], datetime] | None = None) -> None:
        self.lock = lock
        self.publish = publish
        self.now = now or (lambda: datetime.now(UTC))
        self.leading = False
        self.fired = 0
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Jobs changed: look again now rather than at the next poll."""
        self._wake.set()

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                acquired = await self.lock.acquire()
            except Exception as exc:  # the database is away: try again at the next poll
                log.warning("could not try the scheduler lock: %r", exc)
                acquired = False
            if acquired:
                if not self.leading:
                    log.info("this process now schedules the jobs")
                self.leading = True
                try:
                    await self._lead(stop)
                except Exception:
                    log.exception("scheduler failed; retrying")
                finally:
                    self.leading = False
            await _wait(stop, LEADER_POLL)
        await self.lock.release()

    async def _lead(self, stop: asyncio.Event) -> None:
        last_check = 0.0
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            if loop.time() - last_check > LEADER_POLL:
                if not await self.lock.held():
                    log.warning("lost the scheduler lock")
                    return
                last_check = loop.time()
            await self.tick()
            delay = await self.seconds_to_next()
            self._wake.clear()
            waiter = asyncio.ensure_future(self._wake.wait())
            stopper = asyncio.ensure_future(stop.wait())
            await asyncio.wait({waiter, stopper}, timeout=delay, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            stopper.cancel()

    async def seconds_to_next(self) -> float:
        rows = await SysJob.filter(status="0", next_fire_at__isnull=False).order_by("next_fire_at").limit(1) \
            .values_list("next_fire_at", flat=True)
        if not rows:
            return 1.0
        return min(1.0, max(0.0, (rows[0] - self.now()).total_seconds()))  # type: ignore[operator]

    async def tick(self) -> int:
        """Publishes every due fire; returns how many."""
        now = self.now()
        await self._plan_new(now)
        due = await SysJob.filter(status="0", next_fire_at__lte=now).values(
            "job_id", "cron_expression", "misfire_policy", "next_fire_at")
        published = 0
        for job in due:
            fires, upcoming = plan(job, now)
            moved = await SysJob.filter(job_id=job["job_id"], next_fire_at=job["next_fire_at"]).update(
                next_fire_at=upcoming)
            if not moved:
                continue  # somebody else moved it: theirs to publish
            for when in fires:
                await self.publish(JOB_FIRE, {"jobId": job["job_id"], "fireTime": when.timestamp(),
                                              "fireKey": fire_key(job["job_id"], when)})
                published += 1
        self.fired += published
        return published

    async def _plan_new(self, now: datetime) -> None:
        """Active jobs without a plan (new, resumed or edited) get their first fire after now."""
        for job in await SysJob.filter(status="0", next_fire_at__isnull=True).values("job_id", "cron_expression"):
            upcoming = next_fire(job["cron_expression"], now)
            if upcoming is not None:
                await SysJob.filter(job_id=job["job_id"], next_fire_at__isnull=True).update(next_fire_at=upcoming)


async def _wait(stop: asyncio.Event, seconds: float) -> None:
    try:
        await asyncio.wait_for(stop.wait(), seconds)
    except TimeoutError:
        pass


def leader_lock(settings: Any) -> FileLeaderLock | PgLeaderLock:
    if settings.is_postgres:
        return PgLeaderLock(settings.db_url.split("?", 1)[0])
    return FileLeaderLock(Path(settings.var_dir) / "scheduler.lock")
