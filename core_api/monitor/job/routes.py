"""Scheduled jobs and their log (RuoYi /monitor/job and /monitor/jobLog)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC
from typing import Any

import orjson
from aiohttp import web
from pydantic import Field, ValidationError

from core_api.monitor.job.cron import CronError, validate
from core_api.monitor.job.handlers import REGISTRY
from core_api.monitor.job.models import SysJob, SysJobLog
from core_api.monitor.job.runner import JOB_FIRE, manual_fire
from core_api.monitor.job.scheduler import next_fire, pause
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import JobOut
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.excel import Column, keyset_batches, xlsx_response
from core_api.platform.paging import ListQuery, between_days, camel_row, page_of, parse_ids
from core_api.platform.schema import EditSchema, Flag, Schema, describe_validation_error
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import BUS, CLOCK, DICT
from core_api.platform.timefmt import fmt, zone

api = Api("job")
JOBS_CHANGED = "jobs.changed"
FIELDS = ("job_id", "job_name", "job_group", "job_executor", "invoke_target", "job_params", "cron_expression",
          "misfire_policy", "concurrent", "status", "next_fire_at", "create_by", "create_time", "update_by",
          "update_time", "remark")
SORTS = {"jobId": "job_id", "jobName": "job_name", "createTime": "create_time"}
LOG_SORTS = {"jobLogId": "job_log_id", "startTime": "start_time", "createTime": "create_time"}


class JobQuery(ListQuery):
    job_name: str | None = Field(None, max_length=64)
    job_group: str | None = Field(None, max_length=64)
    status: Flag | None = Field(None, pattern=r"^[01]$")
    invoke_target: str | None = Field(None, max_length=100)


class JobBody(EditSchema):
    job_id: int | None = None
    job_name: str = Field(title="任务名称", min_length=1, max_length=64)
    job_group: str = Field("DEFAULT", title="任务分组", pattern=r"^[A-Z][A-Z0-9_]{0,63}$")
    job_executor: str = Field("default", title="任务执行器", max_length=64,
                              description="one of the dictionary sys_job_executor (default, processpool): recorded "
                                          "for the RuoYi port's form; every job runs on the workers alike")
    invoke_target: str = Field(title="调用目标", min_length=1, max_length=100)
    job_params: dict[str, Any] | str | None = Field(None, title="任务参数")
    cron_expression: str = Field(title="Cron表达式", min_length=1, max_length=255)
    misfire_policy: Flag = Field("0", title="执行策略", pattern=r"^[0-3]$")
    concurrent: Flag = Field("1", title="是否并发", pattern=r"^[01]$")
    status: Flag = Field("1", title="状态", pattern=r"^[01]$")
    remark: str | None = Field(None, title="备注", max_length=500)
    next_valid_time: Any = Field(None, exclude=True)
    next_fire_at: Any = Field(None, exclude=True)


class StatusBody(Schema):
    job_id: int
    status: Flag = Field(title="状态", pattern=r"^[01]$")


class RunBody(Schema):
    job_id: int
    job_group: str | None = None


class CronQuery(Schema):
    cron_expression: str = Field(title="Cron表达式", min_length=1, max_length=255)
    count: int = Field(5, ge=1, le=20)


class JobLogQuery(ListQuery):
    job_id: int | None = None
    job_name: str | None = Field(None, max_length=64)
    job_group: str | None = Field(None, max_length=64)
    status: Flag | None = Field(None, pattern=r"^[01]$")


def job_view(row: dict[str, Any]) -> dict[str, Any]:
    out = camel_row({k: v for k, v in row.items() if k not in ("next_fire_at", "job_params")})
    out["jobParams"] = orjson.loads(row.get("job_params") or "{}")
    out["nextValidTime"] = fmt(row.get("next_fire_at"))
    return out


def checked_params(request: web.Request, body: JobBody) -> str:
    """The handler must be registered and its parameters valid for its model."""
    handler = REGISTRY.get(body.invoke_target)
    if handler is None:
        raise ServiceError(f"调用目标'{body.invoke_target}'不在已注册的任务处理器中")
    raw: Any = body.job_params or {}
    if isinstance(raw, str):
        try:
            raw = orjson.loads(raw) if raw.strip() else {}
        except orjson.JSONDecodeError:
            raise ServiceError("任务参数必须是 JSON 对象") from None
    try:
        params = handler.params.model_validate(raw)
    except ValidationError as exc:
        raise ServiceError("任务参数不正确：" + describe_validation_error(exc, handler.params)) from None
    return orjson.dumps(params.model_dump(by_alias=True)).decode()


def checked_cron(request: web.Request, expression: str) -> str:
    try:
        return validate(expression, request.app[CLOCK].now().astimezone(zone())).expression
    except CronError as exc:
        raise ServiceError(f"Cron表达式不正确：{exc}") from None


async def changed(request: web.Request) -> None:
    await request.app[BUS].broadcast(JOBS_CHANGED, {})


def filtered(query: JobQuery):
    qs = SysJob.all()
    if query.job_name:
        qs = qs.filter(job_name__icontains=query.job_name)
    if query.job_group:
        qs = qs.filter(job_group=query.job_group)
    if query.status:
        qs = qs.filter(status=query.status)
    if query.invoke_target:
        qs = qs.filter(invoke_target__icontains=query.invoke_target)
    return qs


@api.get("/monitor/job/list", need=any_perm("monitor:job:list"), summary="Jobs, paged")
async def list_jobs(query: JobQuery) -> web.Response:
    rows, total = await page_of(filtered(query), query, SORTS, ["job_id"], *FIELDS)
    return table([job_view(r) for r in rows], total)


@api.get(r"/monitor/job/{jobId:\d+}", need=any_perm("monitor:job:query"), summary="One job with its next fire",
         response=JobOut)
async def get_job(jobId: int) -> web.Response:  # noqa: N803 - the contract's name
    rows = await SysJob.filter(job_id=jobId).values(*FIELDS)
    if not rows:
        raise NotFound()
    return ok(data=job_view(rows[0]))


@api.get("/monitor/job/handlers", need=any_perm("monitor:job:list"),
         summary="The registered handlers a job may call, with the JSON schema of their parameters")
async def handlers() -> web.Response:
    return ok(data=[{"name": h.name, "title": h.title, "params": h.params.model_json_schema(by_alias=True)}
                    for h in REGISTRY.values()])


@api.get("/monitor/job/cronPreview", need=any_perm("monitor:job:list"),
         summary="Check a cron expression and list its next fire times")
async def cron_preview(request: web.Request, query: CronQuery) -> web.Response:
    now = request.app[CLOCK].now().astimezone(zone())
    try:
        cron = validate(query.cron_expression, now)
    except CronError as exc:
        raise ServiceError(f"Cron表达式不正确：{exc}") from None
    return ok(data=[fmt(t) for t in cron.next_times(now, query.count)])


async def unique_name(body: JobBody, action: str) -> None:
    same = SysJob.filter(job_name=body.job_name, job_group=body.job_group)
    if body.job_id:
        same = same.exclude(job_id=body.job_id)
    if await same.exists():
        raise ServiceError(f"{action}任务'{body.job_name}'失败，同一分组下任务名称已存在")


async def check_dictionaries(request: web.Request, body: JobBody) -> None:
    """A job's group and executor are values of the dictionaries sys_job_group and sys_job_executor (as the
    RuoYi forms offer them)."""
    for dict_type, label, value in (("sys_job_group", "任务分组", body.job_group),
                                    ("sys_job_executor", "任务执行器", body.job_executor)):
        allowed = [d["dictValue"] for d in await request.app[DICT].data_by_type(dict_type)]
        if value not in allowed:
            raise ServiceError(f"{label}'{value}'不存在，请从字典 {dict_type} 中选择（{'、'.join(allowed)}）")


def values(request: web.Request, body: JobBody) -> dict[str, Any]:
    cron = checked_cron(request, body.cron_expression)
    return {"job_name": body.job_name, "job_group": body.job_group, "job_executor": body.job_executor,
            "invoke_target": body.invoke_target,
            "job_params": checked_params(request, body), "cron_expression": cron,
            "misfire_policy": body.misfire_policy, "concurrent": body.concurrent, "status": body.status,
            "remark": body.remark, "next_fire_at": first_fire(cron, body.status, request)}


def first_fire(cron_expression: str, status: str, request: web.Request) -> Any:
    """An active job's first fire after now, planned here as the scheduler would, so that the answer and the
    detail opened next show it (the scheduler, woken by ``changed``, takes it from the row); a paused one none."""
    return next_fire(cron_expression, request.app[CLOCK].now()) if status == "0" else None


@api.post("/monitor/job", need=any_perm("monitor:job:add"), summary="Create a job",
          log=OperLogSpec("定时任务", BusinessType.INSERT))
async def create_job(request: web.Request, principal: Principal, body: JobBody) -> web.Response:
    body.job_id = None
    await check_dictionaries(request, body)
    fields = values(request, body)
    await unique_name(body, "新增")
    await SysJob.create(**fields, **created(request, principal))
    await changed(request)
    return ok()


@api.put("/monitor/job", need=any_perm("monitor:job:edit"), summary="Update a job",
         log=OperLogSpec("定时任务", BusinessType.UPDATE))
async def update_job(request: web.Request, principal: Principal, body: JobBody) -> web.Response:
    if not body.job_id or not await SysJob.filter(job_id=body.job_id).exists():
        raise NotFound()
    await check_dictionaries(request, body)
    fields = values(request, body)
    await unique_name(body, "修改")
    await SysJob.filter(job_id=body.job_id).update(**fields, **updated(request, principal))
    await changed(request)
    return ok()


@api.put("/monitor/job/changeStatus", need=any_perm("monitor:job:changeStatus"),
         summary="Pause (1) or resume (0) a job", log=OperLogSpec("定时任务", BusinessType.UPDATE))
async def change_status(request: web.Request, principal: Principal, body: StatusBody) -> web.Response:
    if body.status == "1":
        if not await pause(body.job_id, request.app[CLOCK].now(), **updated(request, principal)):
            raise NotFound()
        await changed(request)
        return ok()
    crons = await SysJob.filter(job_id=body.job_id).values_list("cron_expression", flat=True)
    if not crons or not await SysJob.filter(job_id=body.job_id).update(
            status=body.status, next_fire_at=first_fire(str(crons[0]), body.status, request),
            **updated(request, principal)):
        raise NotFound()
    await changed(request)
    return ok()


@api.put("/monitor/job/run", need=any_perm("monitor:job:changeStatus"), summary="Run a job once, now",
         log=OperLogSpec("定时任务", BusinessType.UPDATE))
async def run_once(request: web.Request, body: RunBody) -> web.Response:
    groups = await SysJob.filter(job_id=body.job_id).values_list("job_group", flat=True)
    if not groups:
        raise NotFound()
    if body.job_group is not None and body.job_group != groups[0]:  # RuoYi finds a job by its id and group
        raise ServiceError("任务不存在或已过期！")
    await request.app[BUS].publish(JOB_FIRE, manual_fire(body.job_id, request.app[CLOCK].now()))
    return ok()


@api.delete(r"/monitor/job/{jobIds:[\d,]+}", need=any_perm("monitor:job:remove"), summary="Delete jobs",
            log=OperLogSpec("定时任务", BusinessType.DELETE))
async def delete_jobs(request: web.Request, jobIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(jobIds)
    if await SysJob.filter(job_id__in=ids).count() != len(set(ids)):
        raise NotFound()
    await SysJob.filter(job_id__in=ids).delete()
    await changed(request)
    return ok()


POLICIES = {"0": "默认策略", "1": "立即执行", "2": "执行一次", "3": "放弃执行"}


@api.post("/monitor/job/export", need=any_perm("monitor:job:export"), summary="Jobs as xlsx",
          log=OperLogSpec("定时任务", BusinessType.EXPORT, save_response=False))
async def export_jobs(request: web.Request, body: JobQuery) -> web.StreamResponse:
    async def batches() -> AsyncIterator[list[dict]]:
        yield [job_view(r) for r in await filtered(body).order_by("job_id").values(*FIELDS)]

    columns = [Column("任务序号", "jobId"), Column("任务名称", "jobName"), Column("任务组名", "jobGroup"),
               Column("调用目标", "invokeTarget", width=24), Column("执行表达式", "cronExpression", width=20),
               Column("计划策略", "misfirePolicy", POLICIES.get), Column("并发执行", "concurrent",
                                                                      lambda v: "允许" if v == "0" else "禁止"),
               Column("任务状态", "status", lambda v: "正常" if v == "0" else "暂停")]
    return await xlsx_response(request, "定时任务.xlsx", "定时任务", columns, batches())


# ---- job log ----------------------------------------------------------------------------------------

def filtered_logs(query: JobLogQuery):
    qs = SysJobLog.all()
    if query.job_id:
        qs = qs.filter(job_id=query.job_id)
    if query.job_name:
        qs = qs.filter(job_name__icontains=query.job_name)
    if query.job_group:
        qs = qs.filter(job_group=query.job_group)
    if query.status:
        qs = qs.filter(status=query.status)
    return between_days(qs, "start_time", query.begin_time, query.end_time)


def log_view(row: dict[str, Any]) -> dict[str, Any]:
    out = camel_row(row)
    if row.get("end_time") and row.get("start_time"):
        out["costTime"] = int((row["end_time"] - row["start_time"]).total_seconds() * 1000)
    if row.get("fire_time") and row.get("start_time"):
        out["lateMs"] = int((row["start_time"] - row["fire_time"].astimezone(UTC)).total_seconds() * 1000)
    return out


@api.get("/monitor/jobLog/list", need=any_perm("monitor:job:list"), summary="Job runs, newest first")
async def list_job_logs(query: JobLogQuery) -> web.Response:
    rows, total = await page_of(filtered_logs(query), query, LOG_SORTS, ["-job_log_id"])
    return table([log_view(r) for r in rows], total)


@api.get(r"/monitor/jobLog/{jobLogId:\d+}", need=any_perm("monitor:job:query"), summary="One job run")
async def get_job_log(jobLogId: int) -> web.Response:  # noqa: N803
    rows = await SysJobLog.filter(job_log_id=jobLogId).values()
    if not rows:
        raise NotFound()
    return ok(data=log_view(rows[0]))


@api.delete(r"/monitor/jobLog/{jobLogIds:[\d,]+}", need=any_perm("monitor:job:remove"),
            summary="Delete job-log rows", log=OperLogSpec("调度日志", BusinessType.DELETE))
async def delete_job_logs(jobLogIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(jobLogIds)
    if await SysJobLog.filter(job_log_id__in=ids).count() != len(set(ids)):
        raise NotFound()  # like every other delete: an unknown id is 404, and nothing is deleted
    await SysJobLog.filter(job_log_id__in=ids).delete()
    return ok()


@api.delete("/monitor/jobLog/clean", need=any_perm("monitor:job:remove"), summary="Empty the job log",
            log=OperLogSpec("调度日志", BusinessType.CLEAN))
async def clean_job_logs() -> web.Response:
    await SysJobLog.all().delete()
    return ok()


@api.post("/monitor/jobLog/export", need=any_perm("monitor:job:export"), summary="The job log as xlsx",
          log=OperLogSpec("调度日志", BusinessType.EXPORT, save_response=False))
async def export_job_logs(request: web.Request, body: JobLogQuery) -> web.StreamResponse:
    batches = keyset_batches(filtered_logs(body), "job_log_id", log_view, newest_first=True)

    columns = [Column("日志序号", "jobLogId"), Column("任务名称", "jobName"), Column("任务组名", "jobGroup"),
               Column("调用目标", "invokeTarget", width=24), Column("日志信息", "jobMessage", width=40),
               Column("执行状态", "status", lambda v: "正常" if v == "0" else "失败"),
               Column("异常信息", "exceptionInfo", width=40), Column("开始时间", "startTime", width=20),
               Column("结束时间", "endTime", width=20)]
    return await xlsx_response(request, "调度日志.xlsx", "调度日志", columns, batches)
