"""The job handlers: code registered by name, each with a pydantic model for its parameters.

A job row names a handler; nothing evaluates or imports the stored string. Handlers run inside one
database transaction with the job's log row, so a run that dies half-way leaves nothing behind and the
redelivered fire runs it again, once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from pydantic import BaseModel, Field
from tortoise import connections

from core_api.platform.schema import StrictSchema


@dataclass(frozen=True)
class JobContext:
    now: Any  # aware datetime of the run
    services: Any  # what a handler may use: the bus (for broadcasts), settings


@dataclass(frozen=True)
class JobHandler:
    name: str
    title: str
    params: type[BaseModel]
    run: Callable[[Any, JobContext], Awaitable[str]]


REGISTRY: dict[str, JobHandler] = {}


def job_handler(name: str, title: str, params: type[BaseModel]):
    def register(fn: Callable[[Any, JobContext], Awaitable[str]]):
        REGISTRY[name] = JobHandler(name, title, params, fn)
        return fn

    return register


class NoParams(StrictSchema):
    pass


class LogRetention(StrictSchema):
    days: int | None = Field(None, title="保留天数", ge=1, le=3650,
                             description="empty: the config key sys.log.retentionDays (90 by default)")


class Heartbeat(StrictSchema):
    hold_seconds: float = Field(0, title="占用秒数", ge=0, le=300,
                                description="keep the run open this long (to test long runs and hand-overs)")


@job_handler("cleanExpiredSessions", "清理过期会话", NoParams)
async def clean_expired_sessions(_params: NoParams, ctx: JobContext) -> str:
    from core_api.auth.models import UserSession
    from core_api.platform.models import KvEntry

    now = ctx.now.timestamp()
    sessions = await UserSession.filter(expires_at__lte=now).delete()
    keys = await KvEntry.filter(expires_at__lte=now).delete()
    return f"清理过期会话 {sessions} 个，过期缓存键 {keys} 个"


@job_handler("cleanOldLogs", "清理历史日志", LogRetention)
async def clean_old_logs(params: LogRetention, ctx: JobContext) -> str:
    from core_api.monitor.job.models import SysJobLog
    from core_api.monitor.logininfor.models import SysLogininfor
    from core_api.monitor.operlog.models import SysOperLog
    from core_api.platform.counts import broadcast_changed
    from core_api.system.config.models import SysConfig

    days = params.days
    if days is None:
        value = await SysConfig.filter(config_key="sys.log.retentionDays").values_list("config_value", flat=True)
        days = int(value[0]) if value and value[0].isdigit() and int(value[0]) > 0 else 90  # type: ignore[call-overload, attr-defined]
    before = ctx.now - timedelta(days=days)
    oper = await SysOperLog.filter(oper_time__lt=before).delete()
    login = await SysLogininfor.filter(login_time__lt=before).delete()
    jobs = await SysJobLog.filter(start_time__lt=before).delete()
    await broadcast_changed(ctx.services.bus, "sys_oper_log", "sys_logininfor")
    return f"删除 {days} 天前的日志：操作日志 {oper} 条，登录日志 {login} 条，调度日志 {jobs} 条"


@job_handler("refreshCaches", "刷新字典和参数缓存", NoParams)
async def refresh_caches(_params: NoParams, ctx: JobContext) -> str:
    from core_api.system.config.service import CONFIG_CHANGED
    from core_api.system.dict.service import DICT_CHANGED

    await ctx.services.bus.broadcast(DICT_CHANGED, {})
    await ctx.services.bus.broadcast(CONFIG_CHANGED, {})
    return "已通知所有节点刷新字典和参数缓存"


STATS_TABLES = ("sys_user", "sys_role", "sys_dept", "sys_menu", "sys_user_session", "sys_oper_log",
                "sys_logininfor", "sys_job_log", "sys_kv")


@job_handler("dbStatsSnapshot", "数据库统计快照", NoParams)
async def db_stats_snapshot(_params: NoParams, _ctx: JobContext) -> str:
    conn = connections.get("default")
    counts = []
    for table in STATS_TABLES:  # constants only
        rows = await conn.execute_query_dict(f'SELECT COUNT(*) AS n FROM "{table}"')  # noqa: S608
        counts.append(f"{table}={rows[0]['n']}")
    return ("表行数：" + ", ".join(counts))[:500]


class MonthsAhead(StrictSchema):
    ahead: int = Field(3, title="提前月数", ge=1, le=24, description="months after the current one to create")


@job_handler("ensurePartitions", "创建月分区并分离旧月", MonthsAhead)
async def ensure_partitions(params: MonthsAhead, ctx: JobContext) -> str:
    """PostgreSQL: every table registered with core_api/platform/partitions.py has its month partitions this
    month and ``ahead`` after it (so a month's rows never land in the default partition, which would block that
    month's creation), and its months older than its retention parameter detached or dropped; the answer (the
    job log) says what was made and what was detached or dropped, table by table."""
    from core_api.platform import partitions
    from core_api.platform.timefmt import zone
    from core_api.system.config.models import SysConfig

    conn = connections.get("default")
    if conn.capabilities.dialect != "postgres":
        return "SQLite 不分区，无需创建"
    today = ctx.now.astimezone(zone()).date()
    created = await partitions.ensure_months(conn, today, ahead=params.ahead)
    said = [f"月分区已覆盖到 {partitions.month(today, params.ahead):%Y-%m}，本次新建 {created} 个"]
    keys = {partitions.keep_key(t): t for t in partitions.REGISTRY}
    values = dict(await SysConfig.filter(config_key__in=list(keys)).values_list("config_key", "config_value"))
    keep = {}
    for key, table in keys.items():
        value = values.get(key, partitions.REGISTRY[table].keep)
        if (rule := partitions.parse_keep(value)) is None:
            said.append(f"参数【{key}】的值“{value}”不正确（应为月数，如 12 或 12,drop），{table} 未处理旧月")
        else:
            keep[table] = rule
    said += await partitions.retire(conn, today, keep)
    return "；".join(said)[:500]


class KeepDays(StrictSchema):
    days: int = Field(7, title="保留天数", ge=1, le=365, description="days an export file is kept for download")


@job_handler("cleanExports", "清理过期导出文件", KeepDays)
async def clean_exports(params: KeepDays, ctx: JobContext) -> str:
    """The background exports' xlsx files (``<var>/exports``, shared by the core and the workers) older than
    ``days`` are deleted, so the folder does not grow with every export ever asked for."""
    from core_api.platform.exports import purge_exports
    from core_api.platform.settings import Settings

    settings = getattr(ctx.services.bus, "settings", None) or Settings()
    removed = await asyncio.to_thread(purge_exports, settings, ctx.now - timedelta(days=params.days))
    return f"已删除 {removed} 个超过 {params.days} 天的导出文件"


@job_handler("resendStuckMessages", "补发未完成的站内消息", NoParams)
async def resend_stuck_messages(_params: NoParams, ctx: JobContext) -> str:
    """An in-app message whose fan-out event was lost is published again (see stuck_messages)."""
    from core_api.content.message.service import MESSAGE_ADDED, stuck_messages

    ids = await stuck_messages(ctx.now, timedelta(minutes=2), timedelta(minutes=10))
    for message_id in ids:
        await ctx.services.bus.publish(MESSAGE_ADDED, {"messageId": message_id})
    return f"重新派发 {len(ids)} 条站内消息" if ids else "没有未完成的站内消息"


@job_handler("heartbeat", "调度心跳", Heartbeat)
async def heartbeat(params: Heartbeat, _ctx: JobContext) -> str:
    if params.hold_seconds:
        await asyncio.sleep(params.hold_seconds)
    return "心跳正常"


