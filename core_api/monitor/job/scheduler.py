"""The scheduler: one leader at a time plans fires from the jobs table and publishes them.

The jobs table is the source of truth: each active job carries ``next_fire_at``. The leader sleeps
until the earliest one (at most a second, to see edits), and for every due job moves ``next_fire_at``
forward with a conditional update and, in the same transaction, writes the fires into an outbox
(``sys_job_fire``); after the commit it publishes them and marks them sent. So a fire is never lost
between the move and the publish: a leader that dies there (or whose broker fails) leaves the row unsent,
and whoever leads next publishes it. Only the process whose conditional update moved a job writes its
fires, so even two schedulers that both believed they led would publish each fire once; rows unsent for
longer than ``ORPHAN_AFTER`` are a dead leader's, and a delivery that still happens twice is run once
(the job log's unique fire key). A job found late by more than the misfire threshold (the scheduler was
down, or leadership changed hands) follows its misfire policy: 0 default = fire once now, 1 fire every
missed time (at most 100), 2 fire once now, 3 skip to the next.

Leadership: a PostgreSQL advisory lock held on a connection of its own (released by the server the
moment that process dies, so another takes over within a poll; a holder whose machine vanished is dropped by
TCP keepalives within about 10 s), or an exclusive file lock on SQLite. A worker started again after a crash
schedules before it declares its queues, so the jobs are back within a poll of its start.
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

from tortoise.transactions import in_transaction

from core_api.monitor.job.cron import CronError, parse
from core_api.monitor.job.models import SysJob, SysJobFire
from core_api.monitor.job.runner import JOB_FIRE, fire_key
from core_api.platform.timefmt import zone

log = logging.getLogger("console.scheduler")
MISFIRE_THRESHOLD = timedelta(seconds=5)
MAX_CATCH_UP = 100
LEADER_POLL = 2.0
ORPHAN_AFTER = timedelta(seconds=5)  # an outbox row unsent this long was left by a leader that died
KEEP_SENT = timedelta(days=1)  # sent outbox rows are kept this long (to see what was published)
ADVISORY_KEY = (74_021, 0)
KEEPALIVE = {"tcp_keepalives_idle": "4", "tcp_keepalives_interval": "2", "tcp_keepalives_count": "3"}


def next_fire(cron_expression: str, after: datetime) -> datetime | None:
    try:
        nxt = parse(cron_expression).next_after(after.astimezone(zone()))
    except CronError:
        return None
    return nxt.astimezone(UTC) if nxt else None


def plan(job: dict[str, Any], now: datetime) -> tuple[list[datetime], datetime | None]:
    """(fire times to publish now, the next planned fire) for a due job. Fires at most the misfire
    threshold old are on time and always fire; older ones follow the job's misfire policy."""
    planned: datetime = job["next_fire_at"]
    missed = [planned]
    while len(missed) <= MAX_CATCH_UP:
        nxt = next_fire(job["cron_expression"], missed[-1])
        if nxt is None or nxt > now:
            break
        missed.append(nxt)
    upcoming = next_fire(job["cron_expression"], max(now, missed[-1]))
    late = [t for t in missed if now - t > MISFIRE_THRESHOLD]
    timely = missed[len(late):]
    if not late:
        return timely, upcoming  # on time (or nearly): normal fires
    policy = job["misfire_policy"]
    if policy == "1":
        return missed[:MAX_CATCH_UP], upcoming
    if policy == "3":
        return timely, upcoming
    return (timely or late[-1:]), upcoming  # 0 and 2: once, for the latest missed time (or the timely ones)


async def pause(job_id: int, now: datetime, **fields: Any) -> bool:
    """Pauses a job (False: no such job). Its ticks already due and not yet fired (no leader was there to fire
    them: the workers were down) go to the outbox in the same transaction, so a pause loses none of them; the
    leader's relay publishes them. The move is conditional, as the leader's: whichever moves the job fires."""
    while True:
        rows = await SysJob.filter(job_id=job_id).values("job_id", "cron_expression", "misfire_policy",
                                                         "next_fire_at", "status")
        if not rows:
            return False
        job = rows[0]
        planned = job["next_fire_at"]
        same = SysJob.filter(job_id=job_id, next_fire_at=planned) if planned else \
            SysJob.filter(job_id=job_id, next_fire_at__isnull=True)
        async with in_transaction():
            if not await same.update(status="1", next_fire_at=None, **fields):
                continue  # the leader moved it meanwhile (and fired what it moved past): look again
            if job["status"] == "0" and planned is not None and planned <= now:
                fires, _ = plan(job, now)
                await SysJobFire.bulk_create([SysJobFire(job_id=job_id, fire_key=fire_key(job_id, when),
                                                         fire_time=when, created_at=now) for when in fires])
        return True


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
        # The server ends the session of a holder that vanished without closing it (a node lost, not a process
        # killed: its socket is closed by its kernel, and the lock goes at once) after about 10 s of silence.
        conn = await asyncpg.connect(self.url.replace("postgres://", "postgresql://", 1), server_settings=KEEPALIVE)
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
                 now: Callable[[], datetime] | None = None, hold_file: str = "") -> None:
        self.lock = lock
        self.publish = publish
        self.now = now or (lambda: datetime.now(UTC))
        self.hold_file = hold_file  # tests only: see Settings.scheduler_hold_file
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
                await self.relay()  # on taking over, and every poll: what a dead leader left unsent
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
        if not due:
            return 0
        outbox: list[SysJobFire] = []
        async with in_transaction():  # the moves and their fires commit together
            for job in due:
                fires, upcoming = plan(job, now)
                moved = await SysJob.filter(job_id=job["job_id"], next_fire_at=job["next_fire_at"]).update(
                    next_fire_at=upcoming)
                if not moved:
                    continue  # somebody else moved it: theirs to publish
                outbox += [SysJobFire(job_id=job["job_id"], fire_key=fire_key(job["job_id"], when), fire_time=when,
                                      created_at=now) for when in fires]
            if outbox:
                await SysJobFire.bulk_create(outbox)
        published = await self._publish(outbox)
        self.fired += published
        return published

    async def relay(self) -> int:
        """Publishes the outbox rows left unsent by a leader that died (or whose broker failed) after its
        commit; forgets sent rows after a day."""
        now = self.now()
        orphans = await SysJobFire.filter(sent_at__isnull=True, created_at__lte=now - ORPHAN_AFTER).order_by("id")
        if orphans:
            log.warning("publishing %d fires a previous leader left unsent", len(orphans))
        published = await self._publish(orphans)
        await SysJobFire.filter(sent_at__lt=now - KEEP_SENT).delete()
        self.fired += published
        return published

    async def _publish(self, rows: list[SysJobFire]) -> int:
        """Publishes the rows together (the broker confirms them in one go) and marks what went out."""
        if not rows:
            return 0
        if self.hold_file:
            await self._hold()
        results = await asyncio.gather(*(self.publish(JOB_FIRE, {
            "jobId": row.job_id, "fireTime": row.fire_time.timestamp(), "fireKey": row.fire_key}) for row in rows),
            return_exceptions=True)
        sent = [row.fire_key for row, result in zip(rows, results, strict=True)
                if not isinstance(result, BaseException)]
        if sent:
            await SysJobFire.filter(fire_key__in=sent, sent_at__isnull=True).update(sent_at=self.now())
        for result in results:
            if isinstance(result, BaseException):
                raise result  # the rest waits in the outbox for relay()
        return len(sent)

    async def _hold(self) -> None:
        """Tests only: the fire is committed and not yet published; wait here to be killed."""
        await asyncio.to_thread(Path(self.hold_file).write_text, str(os.getpid()))
        log.warning("holding before publishing (CONSOLE_SCHEDULER_HOLD_FILE)")
        await asyncio.sleep(3600)

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
