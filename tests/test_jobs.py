"""Scheduled jobs: the calls, their refusals, the scheduler's timing and misfire policies, the job log."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import orjson

from core_api.monitor.job.models import SysJob, SysJobLog
from core_api.monitor.job.scheduler import plan
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.monitor.operlog.models import SysOperLog
from core_api.system.dict.models import SysDictData
from tests.conftest import OK, Refused, eventually, xlsx_rows

HEARTBEAT = {"jobName": "心跳", "jobGroup": "DEFAULT", "invokeTarget": "heartbeat", "jobParams": {},
             "cronExpression": "* * * * * ?", "misfirePolicy": "0", "concurrent": "1", "status": "1"}


async def job_id(name: str) -> int:
    return (await SysJob.get(job_name=name)).job_id


async def test_seeded_jobs_and_handlers(admin):
    page = await admin.get("/monitor/job/list")
    assert {r["invokeTarget"] for r in page["rows"]} == {"cleanExpiredSessions", "cleanOldLogs", "refreshCaches",
                                                         "dbStatsSnapshot", "ensurePartitions", "cleanExports",
                                                         "resendStuckMessages", "syncSupplyGoods",
                                                         "closeUnpaidOrders", "completeShippedOrders", "settleOrders",
                                                         "statDailyPeople", "statDailyRebuild",
                                                         "expireGroupTeams", "resendStuckRefunds"}
    handlers = {h["name"]: h for h in (await admin.get("/monitor/job/handlers"))["data"]}
    assert set(handlers) >= {"cleanExpiredSessions", "cleanOldLogs", "refreshCaches", "dbStatsSnapshot", "heartbeat"}
    assert "days" in handlers["cleanOldLogs"]["params"]["properties"]
    preview = await admin.get("/monitor/job/cronPreview", params={"cronExpression": "0 0 2 * * ?"})
    assert len(preview["data"]) == 5 and all(t.endswith("02:00:00") for t in preview["data"])
    bad = await admin.get("/monitor/job/cronPreview", params={"cronExpression": "0 0 2 * *"})
    assert bad["code"] == 500 and bad["msg"].startswith("Cron表达式不正确")


async def test_create_refusals(admin):
    cases = [
        ({"cronExpression": "0 0 25 * * ?"}, "Cron表达式不正确：时字段的值 25 超出范围 0-23"),
        ({"cronExpression": "0 0 0 1 1 ? 2001"}, "Cron表达式不正确：Cron表达式在未来不会再触发"),
        ({"invokeTarget": "os.system('rm -rf /')"}, "调用目标'os.system('rm -rf /')'不在已注册的任务处理器中"),
        ({"invokeTarget": "ryTask.ryParams('ry')"}, "调用目标'ryTask.ryParams('ry')'不在已注册的任务处理器中"),
        ({"jobParams": {"holdSeconds": 9999}}, "任务参数不正确：占用秒数不能大于300"),
        ({"jobParams": {"evil": 1}}, "任务参数不正确：evil是不允许的字段"),
        ({"jobParams": "{not json"}, "任务参数必须是 JSON 对象"),
        ({"jobGroup": "lower"}, "任务分组格式不正确"),
        ({"misfirePolicy": "7"}, "执行策略格式不正确"),
    ]
    for change, message in cases:
        assert await admin.post("/monitor/job", json={**HEARTBEAT, **change}) == Refused(message), change
    assert not await SysJob.filter(job_name="心跳").exists()
    assert await admin.post("/monitor/job", json=HEARTBEAT) == OK
    dup = await admin.post("/monitor/job", json=HEARTBEAT)
    assert dup == {"code": 500, "msg": "新增任务'心跳'失败，同一分组下任务名称已存在"}
    for path in ("/monitor/job/999", "/monitor/jobLog/999"):
        assert (await admin.get(path))["code"] == 404
    assert (await admin.put("/monitor/job/run", json={"jobId": 999}))["code"] == 404
    assert (await admin.delete("/monitor/job/999"))["code"] == 404


async def test_run_once_writes_the_log(admin):
    await admin.post("/monitor/job", json=HEARTBEAT)
    jid = await job_id("心跳")
    assert await admin.put("/monitor/job/run", json={"jobId": jid, "jobGroup": "DEFAULT"}) == OK
    await eventually(lambda: SysJobLog.filter(job_id=jid).exists())
    log = (await admin.get("/monitor/jobLog/list", params={"jobId": str(jid)}))["rows"][0]
    assert log["status"] == "0" and log["jobMessage"] == "心跳正常" and log["invokeTarget"] == "heartbeat"
    assert log["startTime"] and log["endTime"] and log["costTime"] >= 0
    assert (await admin.get(f"/monitor/jobLog/{log['jobLogId']}"))["data"]["jobName"] == "心跳"


async def test_a_job_resumed_or_saved_active_answers_its_next_fire_at_once(start_app, make_settings):
    """Planned by the call itself, not later by the scheduler: the detail opened right after shows it (here on
    PostgreSQL no scheduler runs at all)."""
    from core_api.monitor.job.scheduler import next_fire
    from tests.conftest import Caller, token_for

    client = await start_app(make_settings(), worker=False)
    admin = Caller(client, await token_for(client))
    nightly = {**HEARTBEAT, "jobName": "夜间", "cronExpression": "0 0 3 * * ?", "status": "1"}
    assert await admin.post("/monitor/job", json=nightly) == OK
    jid = await job_id("夜间")
    assert (await admin.get(f"/monitor/job/{jid}"))["data"]["nextValidTime"] is None  # paused: none
    assert await admin.put("/monitor/job/changeStatus", json={"jobId": jid, "status": "0"}) == OK
    shown = (await admin.get(f"/monitor/job/{jid}"))["data"]["nextValidTime"]
    assert shown and shown.endswith("03:00:00"), shown
    planned = (await SysJob.get(job_id=jid)).next_fire_at
    assert planned == next_fire("0 0 3 * * ?", datetime.now(UTC))
    assert await admin.put("/monitor/job/changeStatus", json={"jobId": jid, "status": "1"}) == OK
    assert (await SysJob.get(job_id=jid)).next_fire_at is None
    edited = {**nightly, "jobId": jid, "cronExpression": "0 30 4 * * ?", "status": "0"}
    assert await admin.put("/monitor/job", json=edited) == OK
    assert (await admin.get(f"/monitor/job/{jid}"))["data"]["nextValidTime"].endswith("04:30:00")


async def test_a_job_fires_on_time_and_pausing_stops_it(admin):
    await admin.post("/monitor/job", json={**HEARTBEAT, "status": "0"})
    jid = await job_id("心跳")

    async def three_runs() -> bool:
        return await SysJobLog.filter(job_id=jid).count() >= 3

    await eventually(three_runs, timeout=10)
    logs = await SysJobLog.filter(job_id=jid).order_by("fire_time").values("fire_time", "start_time", "status")
    assert all(r["status"] == "0" for r in logs)
    seconds = [int(r["fire_time"].timestamp()) for r in logs]
    assert seconds == list(range(seconds[0], seconds[0] + len(seconds)))  # every second, none missed
    assert all((r["start_time"] - r["fire_time"]).total_seconds() < 1.0 for r in logs)
    got = (await admin.get(f"/monitor/job/{jid}"))["data"]
    assert got["nextValidTime"] and got["status"] == "0"
    assert await admin.put("/monitor/job/changeStatus", json={"jobId": jid, "status": "1"}) == OK
    await asyncio.sleep(0.5)
    paused_at = await SysJobLog.filter(job_id=jid).count()
    await asyncio.sleep(2)
    assert await SysJobLog.filter(job_id=jid).count() == paused_at


def test_misfire_policies_plan_the_missed_fires():
    now = datetime(2026, 11, 22, 10, 0, 30, tzinfo=UTC)
    job = {"cron_expression": "0 * * * * ?", "next_fire_at": now - timedelta(minutes=5, seconds=30)}
    minutes = [now.replace(second=0) - timedelta(minutes=k) for k in range(5, -1, -1)]
    upcoming = now.replace(second=0) + timedelta(minutes=1)
    assert plan({**job, "misfire_policy": "1"}, now) == (minutes, upcoming)  # every missed time
    assert plan({**job, "misfire_policy": "2"}, now) == ([minutes[-1]], upcoming)  # once
    assert plan({**job, "misfire_policy": "0"}, now) == ([minutes[-1]], upcoming)  # default: once
    assert plan({**job, "misfire_policy": "3"}, now) == ([], upcoming)  # skip
    on_time = {**job, "misfire_policy": "3", "next_fire_at": now - timedelta(seconds=2)}
    assert plan(on_time, now) == ([on_time["next_fire_at"]], next_fire_after(on_time, now))


def next_fire_after(job, now):
    from core_api.monitor.job.scheduler import next_fire

    return next_fire(job["cron_expression"], max(now, job["next_fire_at"]))


async def test_misfires_after_downtime_follow_the_policy(start_app, make_settings):
    """Jobs whose plan lies in the past (the scheduler was down) are handled when it starts."""
    now = datetime.now(UTC)
    planned = (now - timedelta(minutes=3, seconds=20)).replace(second=0, microsecond=0)
    for name, policy in (("all", "1"), ("once", "2"), ("skip", "3"), ("default", "0")):
        await _insert_job(make_settings(), name, policy, planned)
    missed = 1 + sum(1 for t in range(1, 10) if planned + timedelta(minutes=t) <= datetime.now(UTC))
    await start_app(make_settings())  # its scheduler (or, on RabbitMQ, its worker's) finds them late

    async def handled() -> bool:  # at least: a minute boundary may add its ordinary fire before the first look
        return (await SysJobLog.filter(job_name="all").count() >= missed
                and await SysJobLog.filter(job_name="once").count() >= 1
                and await SysJobLog.filter(job_name="default").count() >= 1)

    await eventually(handled, timeout=10)
    await asyncio.sleep(0.5)
    # A minute boundary passing during the test adds one ordinary fire to each live job.
    assert await SysJobLog.filter(job_name="all").count() in (missed, missed + 1)
    assert await SysJobLog.filter(job_name="once").count() in (1, 2)
    assert await SysJobLog.filter(job_name="default").count() in (1, 2)
    assert await SysJobLog.filter(job_name="skip").count() in (0, 1)
    for name in ("all", "once", "skip", "default"):
        nxt = (await SysJob.get(job_name=name)).next_fire_at
        assert nxt is not None and nxt > now


async def _insert_job(settings, name: str, policy: str, planned: datetime) -> None:
    from tortoise import Tortoise

    from core_api.model_index import model_modules
    from core_api.platform.db import tortoise_config

    ctx = await Tortoise.init(config=tortoise_config(settings, model_modules()))
    try:
        await SysJob.create(job_name=name, job_group="DEFAULT", invoke_target="heartbeat", job_params="{}",
                            cron_expression="0 * * * * ?", misfire_policy=policy, status="0", next_fire_at=planned)
    finally:
        await ctx.close_connections()


async def test_built_in_handlers_do_their_work(admin):
    from core_api.auth.models import UserSession

    old = datetime.now(UTC) - timedelta(days=200)
    await SysOperLog.create(title="旧", oper_time=old)
    await SysLogininfor.create(user_name="old", login_time=old)
    await UserSession.create(token_hash="x" * 64, user_id=2, user_name="ry", login_time=old, last_seen=0,
                             expires_at=1)
    for handler, params in (("cleanOldLogs", {"days": 30}), ("cleanExpiredSessions", {}), ("dbStatsSnapshot", {}),
                            ("refreshCaches", {})):
        body = {**HEARTBEAT, "jobName": handler, "invokeTarget": handler, "jobParams": params}
        assert await admin.post("/monitor/job", json=body) == OK
        jid = await job_id(handler)
        await admin.put("/monitor/job/run", json={"jobId": jid})
        await eventually(lambda jid=jid: SysJobLog.filter(job_id=jid).exists())
        log = await SysJobLog.get(job_id=jid)
        assert log.status == "0", (handler, log.exception_info)
    assert not await SysOperLog.filter(title="旧").exists()
    assert not await SysLogininfor.filter(user_name="old").exists()
    assert not await UserSession.filter(token_hash="x" * 64).exists()
    assert "sys_user=2" in (await SysJobLog.get(job_name="dbStatsSnapshot")).job_message


async def test_the_default_retention_comes_from_config(admin):
    await SysOperLog.create(title="八十天前", oper_time=datetime.now(UTC) - timedelta(days=80))
    await SysOperLog.create(title="百天前", oper_time=datetime.now(UTC) - timedelta(days=100))
    jid = (await SysJob.get(invoke_target="cleanOldLogs")).job_id
    assert orjson.loads((await SysJob.get(job_id=jid)).job_params) == {"days": None}
    await admin.put("/monitor/job/run", json={"jobId": jid})
    await eventually(lambda: SysJobLog.filter(job_id=jid).exists())
    assert await SysOperLog.filter(title="八十天前").exists()
    assert not await SysOperLog.filter(title="百天前").exists()


async def test_a_failing_job_is_logged_with_its_error(admin):
    body = {**HEARTBEAT, "jobName": "坏任务", "invokeTarget": "cleanOldLogs", "jobParams": {"days": 1}}
    await admin.post("/monitor/job", json=body)
    jid = await job_id("坏任务")
    await SysJob.filter(job_id=jid).update(job_params='{"days": "many"}')  # broken behind the API's back
    await admin.put("/monitor/job/run", json={"jobId": jid})
    await eventually(lambda: SysJobLog.filter(job_id=jid).exists())
    log = await SysJobLog.get(job_id=jid)
    assert log.status == "1" and log.job_message == "任务配置无效" and "days" in log.exception_info


async def test_update_delete_export_and_log_cleanup(admin):
    await admin.post("/monitor/job", json=HEARTBEAT)
    jid = await job_id("心跳")
    loaded = (await admin.get(f"/monitor/job/{jid}"))["data"]
    assert loaded["jobParams"] == {"holdSeconds": 0.0}
    assert await admin.put("/monitor/job", json={**loaded, "cronExpression": "0 0/5 * * * ?"}) == OK
    assert (await SysJob.get(job_id=jid)).cron_expression == "0 0/5 * * * ?"
    export = await admin.post("/monitor/job/export", data={"jobGroup": "SYSTEM"})
    assert {r[1] for r in xlsx_rows(await export.read())[1:]} == {"清理过期会话", "清理历史日志", "刷新字典和参数缓存",
                                                                  "创建月分区并分离旧月", "清理过期导出文件",
                                                                  "补发未完成的站内消息", "关闭超时未支付订单",
                                                                  "自动确认收货", "订单结算", "拼团超时失败退款",
                                                                  "重发结果未知的退款"}
    await admin.put("/monitor/job/run", json={"jobId": jid})
    await eventually(lambda: SysJobLog.filter(job_id=jid).exists())
    log_export = await admin.post("/monitor/jobLog/export", data={"jobId": str(jid)})
    assert len(xlsx_rows(await log_export.read())) == 2
    assert await admin.delete("/monitor/jobLog/clean") == OK
    assert await SysJobLog.all().count() == 0
    assert await admin.delete(f"/monitor/job/{jid}") == OK
    assert not await SysJob.filter(job_id=jid).exists()


async def test_job_group_dictionary(admin):
    groups = (await admin.get("/system/dict/data/type/sys_job_group"))["data"]
    assert [g["dictValue"] for g in groups] == ["DEFAULT", "SYSTEM"]
    assert await SysDictData.filter(dict_type="sys_job_status").count() == 2


async def test_the_executor_is_a_value_of_its_dictionary(admin, client):
    """Issue 26 §5: the Python RuoYi port fills its executor select from sys_job_executor (ours was empty)."""
    executors = (await admin.get("/system/dict/data/type/sys_job_executor"))["data"]
    assert [(e["dictLabel"], e["dictValue"]) for e in executors] == [("默认", "default"), ("进程池", "processpool")]
    assert await admin.post("/monitor/job", json={**HEARTBEAT, "jobExecutor": "processpool"}) == OK
    jid = await job_id("心跳")
    loaded = (await admin.get(f"/monitor/job/{jid}"))["data"]
    assert loaded["jobExecutor"] == "processpool"
    assert (await admin.get("/monitor/job/list", params={"jobName": "心跳"}))["rows"][0]["jobExecutor"] == "processpool"
    for bad in ("threadpool", "Default", ""):
        assert await admin.put("/monitor/job", json={**loaded, "jobExecutor": bad}) == {"code": 500, "msg": (
            f"任务执行器'{bad}'不存在，请从字典 sys_job_executor 中选择（default、processpool）")}
    assert (await SysJob.get(job_id=jid)).job_executor == "processpool"
    assert await admin.put("/monitor/job", json={**loaded, "jobExecutor": "default"}) == OK
    assert (await SysJob.get(job_id=jid)).job_executor == "default"
    assert await admin.post("/monitor/job", json={**HEARTBEAT, "jobName": "心跳二"}) == OK  # absent: default
    assert (await SysJob.get(job_name="心跳二")).job_executor == "default"

    # an install seeded before the dictionary existed gets it from the seed it runs on upgrade
    from core_api.platform.state import DICT
    from core_api.seed.run import seed
    from core_api.system.dict.models import SysDictType

    await SysDictData.filter(dict_type="sys_job_executor").delete()
    await SysDictType.filter(dict_type="sys_job_executor").delete()
    await seed()
    await client.app[DICT].changed()
    executors = (await admin.get("/system/dict/data/type/sys_job_executor"))["data"]
    assert [e["dictValue"] for e in executors] == ["default", "processpool"]


async def test_the_cron_check_uses_quartz_forms_and_refuses_what_does_not_translate(admin):
    """POST /monitor/job and the screen's check (cronPreview) compute Quartz forms with APScheduler."""
    preview = await admin.get("/monitor/job/cronPreview", params={"cronExpression": "0 0 9 30W * ? 2030"})
    assert preview == {"code": 200, "msg": "操作成功", "data": [
        "2030-01-30 09:00:00", "2030-03-29 09:00:00", "2030-04-30 09:00:00", "2030-05-30 09:00:00",
        "2030-06-28 09:00:00"]}  # Mar 30 a Saturday, Jun 30 a Sunday and the month's last day; no Feb 30
    refused = {"code": 500, "msg": "Cron表达式不正确：日字段的“L,15”无效：“L”“W”不能与其他值组合"}
    assert await admin.get("/monitor/job/cronPreview", params={"cronExpression": "0 0 0 L,15 * ?"}) == refused
    assert await admin.post("/monitor/job", json={**HEARTBEAT, "cronExpression": "0 0 0 L,15 * ?"}) == refused
    assert not await SysJob.filter(job_name="心跳").exists()
    assert await admin.post("/monitor/job", json={**HEARTBEAT, "cronExpression": "0 0 9 ? * 6#3"}) == OK
    jid = await job_id("心跳")
    loaded = (await admin.get(f"/monitor/job/{jid}"))["data"]
    assert await admin.put("/monitor/job", json={**loaded, "cronExpression": "0 0 0 1W,15W * ?"}) == {
        "code": 500, "msg": "Cron表达式不正确：日字段的“1W,15W”无效：“W”前须为一个日期，不能与其他值组合"}
    assert (await SysJob.get(job_id=jid)).cron_expression == "0 0 9 ? * 6#3"


async def test_two_racing_schedulers_publish_each_fire_once(client, tmp_path):
    """Two schedulers that both believe they lead (two locks) tick at the same instant over the same due
    jobs: the conditional move lets one of them write and publish each fire, so the bus carries every
    fire once (counted on the bus and in the outbox, not in the job log, whose unique key would hide a
    second publish)."""
    from collections import Counter

    from core_api.monitor.job.models import SysJobFire
    from core_api.monitor.job.runner import JOB_FIRE
    from core_api.monitor.job.scheduler import FileLeaderLock, Scheduler
    from core_api.platform.bus import InProcessBus

    await SysJob.all().update(status="1")  # only this test's jobs
    planned = (datetime.now(UTC) + timedelta(hours=1)).replace(microsecond=0)  # the app's own scheduler waits
    ids = [(await SysJob.create(job_name=f"race{i}", job_group="DEFAULT", invoke_target="heartbeat",
                                cron_expression="* * * * * ?", misfire_policy="1", status="0",
                                next_fire_at=planned)).job_id for i in range(10)]
    bus = InProcessBus()
    delivered: list[str] = []

    async def count(payload: dict) -> None:
        delivered.append(payload["fireKey"])

    bus.subscribe(JOB_FIRE, "count", count)
    await bus.start()
    later = planned + timedelta(seconds=2)  # three fires due per job: the planned one and two missed

    first = Scheduler(FileLeaderLock(tmp_path / "a.lock"), bus.publish, now=lambda: later)
    second = Scheduler(FileLeaderLock(tmp_path / "b.lock"), bus.publish, now=lambda: later)
    assert await first.lock.acquire() and await second.lock.acquire()  # both lead
    for _ in range(3):
        await asyncio.gather(first.tick(), second.tick(), first.tick(), second.tick())
    await bus.drain()
    await bus.close()
    want = {f"{jid}:{int((planned + timedelta(seconds=s)).timestamp())}" for jid in ids for s in range(3)}
    assert Counter(delivered) == Counter(want)  # every fire, each once
    assert first.fired + second.fired == 30
    rows = await SysJobFire.filter(job_id__in=ids).values_list("fire_key", flat=True)
    assert Counter(rows) == Counter(want)
    assert not await SysJobFire.filter(job_id__in=ids, sent_at__isnull=True).exists()
    upcoming = planned + timedelta(seconds=3)
    assert set(await SysJob.filter(job_id__in=ids).values_list("next_fire_at", flat=True)) == {upcoming}


def test_fires_within_the_misfire_threshold_are_not_misfires():
    """A tick that comes 1.5 s late for an every-second job publishes both fires, whatever the policy:
    only fires older than the threshold (5 s) are misfires."""
    now = datetime(2026, 11, 22, 10, 0, 30, 500_000, tzinfo=UTC)
    job = {"cron_expression": "* * * * * ?", "next_fire_at": datetime(2026, 11, 22, 10, 0, 29, tzinfo=UTC)}
    both = [job["next_fire_at"], job["next_fire_at"] + timedelta(seconds=1)]
    upcoming = both[-1] + timedelta(seconds=1)
    for policy in "0123":
        assert plan({**job, "misfire_policy": policy}, now) == (both, upcoming), policy
    late = {**job, "next_fire_at": now.replace(microsecond=0) - timedelta(seconds=8)}  # :22 to :25 are late
    timely = [now.replace(microsecond=0) - timedelta(seconds=s) for s in (4, 3, 2, 1, 0)]  # :26 to :30
    assert plan({**late, "misfire_policy": "3"}, now) == (timely, upcoming)
    assert plan({**late, "misfire_policy": "2"}, now) == (timely, upcoming)


async def test_the_screens_cron_check_shows_quartz_times_and_refusals(aiohttp_client, start_app, make_settings):
    """The job form's 预览 goes through the BFF to the same check: times for a Quartz form, the reason for
    one that does not translate."""
    from tests.conftest import bearer
    from tests.test_bff import bff_login, start_bff

    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    token = (await bff_login(bff))["data"]["token"]

    async def check(expression: str) -> dict:
        return await (await bff.get("/bff/screens/monitor/job/cron", params={"cronExpression": expression},
                                    headers=bearer(token))).json()

    assert (await check("0 0 10 ? * 6#3 2030"))["data"] == {"valid": True, "message": None, "times": [
        "2030-01-18 10:00:00", "2030-02-15 10:00:00", "2030-03-15 10:00:00", "2030-04-19 10:00:00",
        "2030-05-17 10:00:00"]}  # the third Friday of each month
    assert (await check("0 0 0 L,15 * ?"))["data"] == {
        "valid": False, "times": [], "message": "Cron表达式不正确：日字段的“L,15”无效：“L”“W”不能与其他值组合"}


async def test_the_export_cleanup_deletes_only_old_files(admin, make_settings):
    import os
    import time

    from core_api.monitor.job.models import SysJobLog
    from core_api.platform.exports import export_dir

    folder = export_dir(make_settings())
    old, fresh = folder / "export-1.xlsx", folder / "export-2.xlsx"
    old.write_bytes(b"old")
    fresh.write_bytes(b"fresh")
    eight_days_ago = time.time() - 8 * 86400
    os.utime(old, (eight_days_ago, eight_days_ago))
    job = await SysJob.get(invoke_target="cleanExports")
    assert job.status == "0" and job.job_params == '{"days": 7}'
    assert (await admin.put("/monitor/job/run", json={"jobId": job.job_id}))["code"] == 200
    await eventually(lambda: SysJobLog.filter(job_id=job.job_id).exists())
    log = await SysJobLog.get(job_id=job.job_id)
    assert log.status == "0" and log.job_message == "已删除 1 个超过 7 天的导出文件", log.exception_info
    assert not old.exists() and fresh.read_bytes() == b"fresh"
