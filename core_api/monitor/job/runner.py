"""Running one fire of a job: at most once per (job, fire time), logged, inside one transaction."""

from __future__ import annotations

import asyncio
import logging
import traceback
import uuid
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from pydantic import Field, ValidationError
from tortoise import connections
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.monitor.job.handlers import REGISTRY, JobContext
from core_api.monitor.job.models import SysJob, SysJobLog
from core_api.platform.schema import Schema

log = logging.getLogger("console.jobs")
JOB_FIRE = "job.fire"
RUN_TIMEOUT = 3600.0
LOCK_NAMESPACE = 74_021  # advisory-lock namespace for "one run of this job at a time"
_local_locks: dict[int, asyncio.Lock] = {}


class JobFire(Schema):
    job_id: int
    fire_time: float = Field(description="unix seconds of the planned fire")
    fire_key: str = Field(max_length=100)


def fire_key(job_id: int, fire_time: datetime) -> str:
    return f"{job_id}:{int(fire_time.timestamp())}"


def manual_fire(job_id: int, now: datetime) -> dict[str, Any]:
    return {"jobId": job_id, "fireTime": now.timestamp(), "fireKey": f"{job_id}:run:{uuid.uuid4().hex}"}


@dataclass(frozen=True)
class Services:
    bus: Any


async def _try_lock_job(job_id: int) -> bool:
    """One run of a job at a time, across processes on PostgreSQL (the lock ends with the transaction)."""
    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        rows = await conn.execute_query_dict("SELECT pg_try_advisory_xact_lock($1, $2) AS ok",
                                             [LOCK_NAMESPACE, zlib.crc32(str(job_id).encode()) & 0x7FFFFFFF])
        return bool(rows[0]["ok"])
    lock = _local_locks.setdefault(job_id, asyncio.Lock())
    if lock.locked():
        return False
    await lock.acquire()
    return True


def _release_local(job_id: int) -> None:
    lock = _local_locks.get(job_id)
    if lock is not None and lock.locked():
        lock.release()


async def _write_log(job: SysJob, fire: JobFire, status: str, message: str, error: str, start: datetime) -> bool:
    try:
        await SysJobLog.create(job_id=job.job_id, job_name=job.job_name, job_group=job.job_group,
                               invoke_target=job.invoke_target, fire_key=fire.fire_key,
                               fire_time=datetime.fromtimestamp(fire.fire_time, UTC), job_message=message[:500],
                               status=status, exception_info=error[:4000], start_time=start,
                               end_time=datetime.now(UTC))
        return True
    except IntegrityError:
        return False  # another worker finished this fire first


async def run_fire(payload: dict[str, Any], services: Services) -> None:
    fire = JobFire.model_validate(payload)
    job = await SysJob.get_or_none(job_id=fire.job_id)
    if job is None or await SysJobLog.filter(fire_key=fire.fire_key).exists():
        return  # deleted since, or already handled (a redelivered or twice-published fire)
    start = datetime.now(UTC)
    handler = REGISTRY.get(job.invoke_target)
    try:
        if handler is None:
            raise LookupError(f"未注册的任务处理器：{job.invoke_target}")
        params = handler.params.model_validate(orjson.loads(job.job_params or "{}"))
    except (LookupError, ValidationError, orjson.JSONDecodeError) as exc:
        await _write_log(job, fire, "1", "任务配置无效", str(exc), start)
        return
    forbid = job.concurrent == "1"
    try:
        async with in_transaction():
            if forbid and not await _try_lock_job(job.job_id):
                raise _Skipped()
            try:
                message = await asyncio.wait_for(handler.run(params, JobContext(now=start, services=services)),
                                                 RUN_TIMEOUT)
                if not await _write_log(job, fire, "0", message or "执行成功", "", start):
                    raise _Duplicate()
            finally:
                if forbid:
                    _release_local(job.job_id)
    except _Skipped:
        await _write_log(job, fire, "1", "上一次执行尚未结束，本次跳过", "", start)
    except _Duplicate:
        log.info("fire %s was handled elsewhere; this run was rolled back", fire.fire_key)
    except Exception as exc:  # the job failed: that is its outcome, logged, not a delivery failure
        log.warning("job %s failed: %r", job.job_name, exc)
        await _write_log(job, fire, "1", "执行失败", "".join(traceback.format_exception(exc))[-4000:], start)


class _Skipped(Exception):
    pass


class _Duplicate(Exception):
    pass
