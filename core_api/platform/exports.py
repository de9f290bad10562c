"""Background exports: a large filtered list built into an xlsx by a worker, with a progress figure, a
message-centre notice when ready, and a download only for the operator who asked.

``Exporter(...)`` declares what a kind exports (its filters' model, its queryset, its columns, how a row is
shown with or without the personal-data permission). ``start_export`` validates and records the request
(``sys_export_job``) and publishes ``export.requested``; the worker (``run_export``) streams keyset batches
into a write-only workbook on disk, updating ``done`` after every batch, and leaves a message for the owner.
The file lives under ``<var>/exports/``; ``GET /admin/exports/{id}`` is the progress, ``.../download`` the
file: both only for the owner, and the download only while the owner still holds the export permission.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from aiohttp import web
from pydantic import BaseModel
from pydantic import Field as PydField
from tortoise.transactions import in_transaction

from core_api.platform.api import Api
from core_api.platform.errors import Forbidden, NotFound, ServiceError
from core_api.platform.excel import XLSX, Column, SheetWriter, attachment_headers
from core_api.platform.models import ExportJob
from core_api.platform.outbox import keep, release
from core_api.platform.schema import Schema
from core_api.platform.security import Principal
from core_api.platform.state import BUS, CLOCK, SETTINGS
from core_api.platform.timefmt import fmt

log = logging.getLogger("console.exports")
EXPORT_REQUESTED = "export.requested"
EXPORT_READY = 1801  # the message-centre type of "your export is ready" (type_no: the job id)
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
BATCH = 5000
STALE_AFTER = dt.timedelta(hours=2)

Rows = Callable[[BaseModel, Any], Any]  # (validated filters, after key) -> awaitable list of rows


@dataclass
class Exporter:
    name: str
    title: str
    perm: str  # asked and downloaded with this permission
    query_model: type[BaseModel]
    batch: Callable[[BaseModel, Any, int], Awaitable[list[dict[str, Any]]]]  # (filters, last key, size) -> rows
    key: str  # the keyset column, ascending
    columns: Sequence[Column]
    view: Callable[[list[dict[str, Any]], bool], Awaitable[list[dict[str, Any]]]]  # (rows, personal) -> shown
    count: Callable[[BaseModel], Awaitable[int]]


EXPORTERS: dict[str, Exporter] = {}


def register(exporter: Exporter) -> Exporter:
    EXPORTERS[exporter.name] = exporter
    return exporter


def export_dir(settings: Any) -> Path:
    path = Path(settings.var_dir) / "exports"
    path.mkdir(parents=True, exist_ok=True)
    return path


async def start_export(request: web.Request, principal: Principal, exporter: Exporter, query: BaseModel
                       ) -> web.Response:
    """Records the request (filters already validated by the route) and queues it; one export of a kind
    at a time per operator."""
    from core_api.platform.envelope import ok
    from core_api.platform.resource import PERSONAL_DATA

    now = request.app[CLOCK].now()
    # a job left running by a worker that died stops blocking after STALE_AFTER
    busy = await ExportJob.filter(kind=exporter.name, owner_id=principal.user_id, status__in=[QUEUED, RUNNING],
                                  created_at__gte=now - STALE_AFTER).exists()
    if busy:
        raise ServiceError("已有导出任务正在进行，请等待完成后再导出")
    filters = query.model_dump(mode="json", exclude={"page_num", "page_size", "order_by_column", "is_asc"},
                               exclude_none=True)
    # The job and its message commit together (a node killed between the job's commit and its publish left the job
    # queued and its operator unable to export for STALE_AFTER); published right after, or by the relay when the
    # broker is away or this node dies first. Answered either way.
    async with in_transaction():
        job = await ExportJob.create(kind=exporter.name, owner_id=principal.user_id, owner_name=principal.user_name,
                                     filters=orjson.dumps(filters).decode(),
                                     personal=principal.authz.has_permi(PERSONAL_DATA), created_at=now,
                                     file_name=f"{exporter.title}_{now:%Y%m%d%H%M%S}.xlsx")
        kept = await keep(EXPORT_REQUESTED, {"jobId": job.id})
    await release(request.app[BUS], kept, EXPORT_REQUESTED, {"jobId": job.id})
    return ok(data={"jobId": job.id}, msg="导出任务已提交，完成后将通知您")


async def requeue_unfinished(bus: Any, now: dt.datetime) -> int:
    """The in-process bus's queue dies with its process (one node): at a start, the exports a previous process
    left queued or running (younger than STALE_AFTER) are published again; ``run_export`` starts each over and
    finishes it once. On RabbitMQ the broker redelivers the message of a worker that died holding it."""
    ids = await ExportJob.filter(status__in=[QUEUED, RUNNING], created_at__gte=now - STALE_AFTER) \
        .order_by("id").values_list("id", flat=True)
    for job_id in ids:
        await bus.publish(EXPORT_REQUESTED, {"jobId": job_id})
    if ids:
        log.warning("exports %s left unfinished by a previous process: queued again", list(ids))
    return len(ids)


def _progress(job: dict[str, Any]) -> dict[str, Any]:
    total, done = job["total"], job["done"]
    percent = 100 if job["status"] == DONE else (min(99, done * 100 // total) if total else 0)
    return {"jobId": job["id"], "kind": job["kind"], "status": job["status"], "total": total, "done": done,
            "percent": percent, "fileName": job["file_name"], "error": job["error"],
            "createdAt": fmt(job["created_at"]), "finishedAt": fmt(job["finished_at"]) if job["finished_at"] else None}


async def own_job(principal: Principal, job_id: int) -> dict[str, Any]:
    rows = await ExportJob.filter(id=job_id, owner_id=principal.user_id).values()
    if not rows:
        raise NotFound("导出任务不存在")
    return rows[0]


class ExportProgress(Schema):
    job_id: int
    kind: str
    status: str = PydField(description="queued running done failed")
    total: int
    done: int
    percent: int
    file_name: str
    error: str
    created_at: str
    finished_at: str | None


class ExportProgressOut(Schema):
    code: int = 200
    msg: str = "查询成功"
    data: ExportProgress


class ExportProgressListOut(Schema):
    code: int = 200
    msg: str = "查询成功"
    data: list[ExportProgress]


RECENT = dt.timedelta(hours=24)
RECENT_MAX = 5

api = Api("exports")


@api.get("/admin/exports", login_only=True, response=ExportProgressListOut,
         summary="The caller's own background exports of the last day, newest first (at most 5), with their progress")
async def my_exports(request: web.Request, principal: Principal) -> web.Response:
    from core_api.platform.envelope import ok

    since = request.app[CLOCK].now() - RECENT
    rows = await ExportJob.filter(owner_id=principal.user_id, created_at__gte=since).order_by("-id") \
        .limit(RECENT_MAX).values()
    return ok(data=[_progress(row) for row in rows])


@api.get(r"/admin/exports/{id:\d+}", login_only=True, response=ExportProgressOut,
         summary="A background export's progress (only its owner's)")
async def export_progress(principal: Principal, id: int) -> web.Response:  # noqa: A002
    from core_api.platform.envelope import ok

    return ok(data=_progress(await own_job(principal, id)))


@api.get(r"/admin/exports/{id:\d+}/download", login_only=True, file=XLSX,
         summary="A finished export's xlsx (only its owner, still holding the export permission)")
async def export_download(request: web.Request, principal: Principal, id: int) -> web.StreamResponse:  # noqa: A002
    job = await own_job(principal, id)
    exporter = EXPORTERS.get(job["kind"])
    if exporter is None or not principal.authz.has_permi(exporter.perm):
        raise Forbidden()
    if job["status"] != DONE:
        raise ServiceError("导出尚未完成" if job["status"] in (QUEUED, RUNNING) else "导出失败，请重新导出")
    path = export_dir(request.app[SETTINGS]) / Path(job["path"]).name
    if not path.is_file():
        raise ServiceError("导出文件已过期，请重新导出")
    response = web.FileResponse(path, headers={"Content-Type": XLSX, **attachment_headers(job["file_name"])})
    return response


# ---- the worker's side


def purge_exports(settings: Any, before: dt.datetime) -> int:
    """Deletes the export files (finished, or left half-written by a dead worker) last written before
    ``before``; returns how many. Their jobs stay: a late download is told the file has expired."""
    removed = 0
    cutoff = before.timestamp()
    for path in export_dir(settings).iterdir():
        try:
            if path.is_file() and path.stat().st_mtime < cutoff:
                path.unlink()
                removed += 1
        except FileNotFoundError:
            continue  # another node's purge took it first
    return removed


async def run_export(payload: dict[str, Any], settings: Any) -> str:
    """Builds one job's file; safe to run twice (a finished or failed job is left as it is)."""
    job_id = payload.get("jobId")
    if not isinstance(job_id, int):
        return "malformed"
    job = await ExportJob.get_or_none(id=job_id)
    if job is None or job.status in (DONE, FAILED):
        return job.status if job is not None else "missing"
    exporter = EXPORTERS.get(job.kind)
    if exporter is None:
        await ExportJob.filter(id=job_id).update(status=FAILED, error="未知的导出类型")
        return FAILED
    query = exporter.query_model.model_validate(orjson.loads(job.filters))
    total = await exporter.count(query)
    await ExportJob.filter(id=job_id).update(status=RUNNING, total=total, done=0)
    folder = export_dir(settings)
    fd, tmp = tempfile.mkstemp(suffix=".xlsx.part", dir=folder)
    os.close(fd)
    try:
        writer = SheetWriter(tmp, exporter.title, exporter.columns)
        last: Any = None
        done = 0
        while True:
            rows = await exporter.batch(query, last, BATCH)
            if not rows:
                break
            last = rows[-1][exporter.key]
            shown = await exporter.view(rows, job.personal)
            await asyncio.to_thread(writer.append, shown)
            done += len(rows)
            await ExportJob.filter(id=job_id).update(done=done)
            del rows, shown
        await asyncio.to_thread(writer.close)
        final = folder / f"export_{job_id}.xlsx"
        os.replace(tmp, final)
    except Exception as exc:
        log.exception("export %s failed", job_id)
        Path(tmp).unlink(missing_ok=True)  # noqa: ASYNC240 - a local temporary file
        await ExportJob.filter(id=job_id).update(status=FAILED, error=f"{type(exc).__name__}"[:500],
                                                 finished_at=dt.datetime.now(dt.UTC))
        await _notify(job, ok=False)
        return FAILED
    await ExportJob.filter(id=job_id).update(status=DONE, done=done, total=max(total, done), path=final.name,
                                             finished_at=dt.datetime.now(dt.UTC))
    await _notify(job, ok=True, rows=done)
    return DONE


# Who tells an export's owner it is done (or failed): set by core_api.messaging.service, which puts it in the
# message centre (the platform knows no message centre).
ANNOUNCE: list[Callable[[ExportJob, bool, int], Awaitable[None]]] = []


async def _notify(job: ExportJob, ok: bool, rows: int = 0) -> None:
    for announce in ANNOUNCE:
        await announce(job, ok, rows)
