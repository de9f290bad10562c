"""Scheduled jobs and their log: the pages, the registered handlers with their parameter schemas, and
a cron check that answers an invalid expression as data (the form shows the reason beside the field)."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient, CoreError
from bff.screens.system_shared import core_params, fetch_dicts, page_of
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import Dicts, JobRow
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("monitor-job")


class JobHandlerInfo(Schema):
    name: str
    title: str
    params: dict[str, Any] = Field(description="the JSON schema of the handler's parameters")


class JobScreenQuery(ListQuery):
    job_name: str | None = Field(None, max_length=64)
    job_group: str | None = Field(None, max_length=64)
    status: str | None = Field(None, pattern=r"^[01]$")


class JobPage(Schema):
    rows: list[JobRow]
    total: int


class JobScreen(Schema):
    page: JobPage
    dicts: Dicts
    handlers: list[JobHandlerInfo]


class JobScreenOut(Envelope):
    data: JobScreen


@api.get("/bff/screens/monitor/job", login_only=True,
         summary="Jobs: the page, the dictionaries and the registered handlers", response=JobScreenOut)
async def monitor_job_screen(core: CoreClient, query: JobScreenQuery) -> web.Response:
    jobs, dicts, handlers = await asyncio.gather(
        core.get("/monitor/job/list", params=core_params(query)),
        fetch_dicts(core, "sys_job_group", "sys_job_status"),
        core.get("/monitor/job/handlers"),
    )
    return ok(data={"page": page_of(jobs), "dicts": dicts, "handlers": handlers.get("data", [])})


class CronCheckQuery(Schema):
    cron_expression: str = Field(title="Cron表达式", min_length=1, max_length=255)


class CronCheck(Schema):
    valid: bool
    times: list[str] = Field(default_factory=list, description="the next five fire times")
    message: str | None = Field(None, description="why the expression was refused")


class CronCheckOut(Envelope):
    data: CronCheck


@api.get("/bff/screens/monitor/job/cron", login_only=True,
         summary="Check a cron expression: the next five fire times, or the core's reason", response=CronCheckOut)
async def monitor_job_cron(core: CoreClient, query: CronCheckQuery) -> web.Response:
    try:
        preview = await core.get("/monitor/job/cronPreview", params={"cronExpression": query.cron_expression,
                                                                     "count": "5"})
    except CoreError as exc:
        if exc.code in (401, 403):
            raise
        return ok(data={"valid": False, "times": [], "message": exc.msg})
    return ok(data={"valid": True, "times": preview.get("data", []), "message": None})


class JobLogRow(Schema):
    job_log_id: int
    job_id: int
    job_name: str
    job_group: str
    invoke_target: str
    job_message: str | None = None
    status: str
    exception_info: str | None = None
    fire_time: str | None = None
    start_time: str | None = None
    end_time: str | None = None
    create_time: str | None = None
    cost_time: int | None = Field(None, description="milliseconds from start to end")
    late_ms: int | None = Field(None, description="milliseconds from the planned fire to the start")


class JobLogScreenQuery(ListQuery):
    job_id: int | None = Field(None, ge=1)
    job_name: str | None = Field(None, max_length=64)
    job_group: str | None = Field(None, max_length=64)
    status: str | None = Field(None, pattern=r"^[01]$")


class JobLogPage(Schema):
    rows: list[JobLogRow]
    total: int


class JobLogScreen(Schema):
    page: JobLogPage
    dicts: Dicts
    job: JobRow | None = Field(None, description="the job of the jobId filter, when given and readable")


class JobLogScreenOut(Envelope):
    data: JobLogScreen


async def _job(core: CoreClient, job_id: int | None) -> dict[str, Any] | None:
    if not job_id:
        return None
    try:
        return (await core.get(f"/monitor/job/{job_id}")).get("data")
    except CoreError as exc:
        if exc.code == 401:
            raise
        return None  # a deleted job's runs stay listed; without monitor:job:query only its id is known


@api.get("/bff/screens/monitor/jobLog", login_only=True,
         summary="Job log: the page, the dictionaries and the job of the jobId filter", response=JobLogScreenOut)
async def monitor_job_log_screen(core: CoreClient, query: JobLogScreenQuery) -> web.Response:
    logs, dicts, job = await asyncio.gather(
        core.get("/monitor/jobLog/list", params=core_params(query)),
        fetch_dicts(core, "sys_job_group", "sys_common_status"),
        _job(core, query.job_id),
    )
    return ok(data={"page": page_of(logs), "dicts": dicts, "job": job})
