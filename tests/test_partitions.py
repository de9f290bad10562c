"""The tables that grow without bound, by month on PostgreSQL (issue 29 §3; core_api/platform/partitions.py):
rows land in their month, the job makes months ahead and applies each table's retention (and says so in the
job log), the ledgers' idempotency stays exact through their key tables, and the lists read the partitions
their time names (EXPLAIN). On SQLite the tables stay plain and everything else holds the same."""

from __future__ import annotations

import asyncio
import datetime as dt
import re

import pytest
from tortoise import connections

from core_api.account.consumer.models import AccountSignIn
from core_api.finance.withdrawal import service as money
from core_api.finance.withdrawal.models import FinanceLedger, FinanceLedgerKey, FinanceWallet
from core_api.monitor.job.models import SysJob, SysJobLog
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.monitor.operlog.models import SysOperLog
from core_api.order.core.models import OrderLog
from core_api.platform import partitions
from core_api.platform.errors import ServiceError
from core_api.platform.timefmt import zone
from core_api.points.ledger import service as points
from core_api.points.ledger.models import PointsLedger, PointsLedgerKey
from core_api.system.config.models import SysConfig
from tests.conftest import BACKEND, eventually
from workers.handlers.auth import record_login

PG = BACKEND == "postgres"
TIMES = {"order_log": "create_time", "sys_oper_log": "oper_time", "sys_logininfor": "login_time",
         "points_ledger": "create_time", "finance_ledger": "create_time", "account_sign_in": "sign_in_time"}


def month(shift: int) -> dt.date:
    return partitions.month(dt.datetime.now(zone()).date(), shift)


def at(first: dt.date, day: int = 15) -> dt.datetime:
    return dt.datetime(first.year, first.month, day, 12, tzinfo=zone())


async def where(table: str, column: str) -> list[tuple[str, dt.datetime]]:
    rows = await connections.get("default").execute_query_dict(
        f"SELECT tableoid::regclass::text AS part, {column} AS t FROM {table} ORDER BY {column}")  # noqa: S608
    return [(r["part"], r["t"]) for r in rows]


async def plan(sql: str) -> str:
    rows = await connections.get("default").execute_query_dict(f"EXPLAIN {sql}")
    return "\n".join(r["QUERY PLAN"] for r in rows)


async def run_job(admin, target: str) -> SysJobLog:
    job = await SysJob.get(invoke_target=target)
    before = await SysJobLog.filter(job_id=job.job_id).count()
    assert (await admin.put("/monitor/job/run", json={"jobId": job.job_id}))["code"] == 200
    await eventually(lambda: _more(job.job_id, before))
    log = await SysJobLog.filter(job_id=job.job_id).order_by("-job_log_id").first()
    assert log is not None and log.status == "0", log and log.exception_info
    return log


async def _more(job_id: int, before: int) -> bool:
    return await SysJobLog.filter(job_id=job_id).count() > before


async def test_rows_land_in_their_month(admin):
    old, now = at(month(-2), 1), at(month(0))
    for when, n in ((old, 1), (now, 2)):
        await points.credit(9001, 10 * n, f"p29:{n}", "credit", when)
        await money.credit(9001, 700 * n, f"p29-{n}", "credit", "", when)
        await record_login({"event_id": f"p29e{n}", "user_name": "p29", "status": "0", "login_time": when.timestamp()})
        await SysOperLog.create(title="p29", oper_time=when)
        await OrderLog.create(shop_order_id=9001, action="place", actor_kind="user", create_time=when)
        await AccountSignIn.create(uid=9001, city="杭州", sign_in_time=when)
    assert await PointsLedger.filter(uid=9001).count() == 2 and await FinanceLedger.filter(uid=9001).count() == 2
    if not PG:
        tables = await connections.get("default").execute_query_dict(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%\\_p2%' ESCAPE '\\'")
        assert tables == []  # plain tables
        return
    for table, column in TIMES.items():
        found = await where(table, column)
        mine = [part for part, t in found if t in (old, now)]
        assert mine == [f"{table}_p{month(-2):%Y%m}", f"{table}_p{month(0):%Y%m}"], (table, found)
    kinds = await connections.get("default").execute_query_dict(
        "SELECT relname, relkind::text AS k FROM pg_class WHERE relname = ANY($1::text[])", [list(TIMES)])
    assert {r["relname"]: r["k"] for r in kinds} == dict.fromkeys(TIMES, "p")
    # the months ahead exist from the migration on: no row of the next months falls in the default partition
    await OrderLog.create(shop_order_id=9001, action="ship", actor_kind="staff", create_time=at(month(3), 28))
    ahead = await where("order_log", "create_time")
    assert ahead[-1][0] == f"order_log_p{month(3):%Y%m}"
    # a redelivered sign-in event (same id, same time) still writes nothing: unique (event_id, login_time)
    await record_login({"event_id": "p29e1", "user_name": "p29", "status": "0", "login_time": old.timestamp()})
    assert await SysLogininfor.filter(event_id="p29e1").count() == 1


async def test_idempotency_stays_exact_through_the_key_tables(admin):
    when = at(month(0))
    entry, applied = await points.credit(9002, 30, "p29:same", "credit", when)
    again, applied_again = await points.credit(9002, 30, "p29:same", "credit", when + dt.timedelta(days=40))
    assert (applied, applied_again, again.id) == (True, False, entry.id)
    with pytest.raises(ServiceError, match="该业务单号已用于另一笔积分变动"):
        await points.credit(9002, 31, "p29:same", "credit", when)
    race = await asyncio.gather(*(points.credit(9003, 10, "p29:race", "credit", when) for _ in range(12)))
    assert [applied for _, applied in race].count(True) == 1 and len({e.id for e, _ in race}) == 1
    assert await points.balance(9003) == 10 and await PointsLedger.filter(uid=9003).count() == 1
    assert await PointsLedgerKey.filter(idem_key="p29:race").count() == 1

    first, _ = await money.credit(9004, 1_000, "p29-same", "credit", "", when)
    replay, applied = await money.credit(9004, 1_000, "p29-same", "credit", "", when + dt.timedelta(days=40))
    assert (replay.id, applied) == (first.id, False)
    race2 = await asyncio.gather(*(money.credit(9005, 500, "p29-race", "credit", "", when) for _ in range(12)))
    assert [applied for _, applied in race2].count(True) == 1
    wallet = await FinanceWallet.get(uid=9005)
    assert wallet.available_fen == 500 and await FinanceLedger.filter(uid=9005).count() == 1
    assert await FinanceLedgerKey.filter(idem_key="credit:p29-race").count() == 1
    # a debit of the points: a movement in a later month is found by its key too (read in its month)
    later = at(month(1))
    taken, _ = await points.debit(9003, 4, "p29:take", "order", later)
    replayed, applied = await points.debit(9003, 4, "p29:take", "order", later)
    assert (replayed.id, applied, await points.balance(9003)) == (taken.id, False, 6)


async def test_the_job_makes_months_ahead_and_detaches_keeps_or_drops_as_configured(admin):
    conn = connections.get("default")
    if not PG:
        log = await run_job(admin, "ensurePartitions")
        assert "SQLite" in log.job_message
        return
    await conn.execute_script(f"DROP TABLE order_log_p{month(2):%Y%m}")
    old = at(month(-4))
    await SysOperLog.create(title="p29-old", oper_time=old)
    await SysLogininfor.create(user_name="p29-old", login_time=old)
    await SysOperLog.create(title="p29-new", oper_time=at(month(-1)))
    await SysConfig.filter(config_key=partitions.keep_key("sys_oper_log")).update(config_value="2")
    await SysConfig.filter(config_key=partitions.keep_key("sys_logininfor")).update(config_value="2,drop")
    await SysConfig.filter(config_key=partitions.keep_key("account_sign_in")).update(config_value="两年")
    log = await run_job(admin, "ensurePartitions")
    said = log.job_message
    assert "本次新建 1 个" in said, said
    first = month(-partitions.MONTHS_BACK)
    assert f"sys_oper_log 分离 {partitions.MONTHS_BACK - 1} 个月分区（{first:%Y%m}–{month(-2):%Y%m}）" in said, said
    assert f"sys_logininfor 删除 {partitions.MONTHS_BACK - 1} 个月分区" in said, said
    assert "参数【sys.partition.account_sign_in.keepMonths】的值“两年”不正确" in said, said
    assert "points_ledger" not in said and "finance_ledger" not in said  # 0: kept forever
    assert await conn.execute_query_dict(f"SELECT 1 FROM pg_class WHERE relname = 'order_log_p{month(2):%Y%m}'")
    # detached: out of the table and its lists, kept as a plain table with its rows
    assert not await SysOperLog.filter(title="p29-old").exists()
    assert await SysOperLog.filter(title="p29-new").exists()
    kept = await conn.execute_query_dict(f"SELECT title FROM sys_oper_log_p{month(-4):%Y%m}")  # noqa: S608
    assert kept == [{"title": "p29-old"}]
    inherits = await conn.execute_query_dict(
        "SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE c.relname = $1",
        [f"sys_oper_log_p{month(-4):%Y%m}"])
    assert inherits == []
    gone = await conn.execute_query_dict(
        "SELECT 1 FROM pg_class WHERE relname = $1", [f"sys_logininfor_p{month(-4):%Y%m}"])
    assert gone == [] and not await SysLogininfor.filter(user_name="p29-old").exists()
    assert await conn.execute_query_dict(f"SELECT 1 FROM pg_class WHERE relname = 'sys_oper_log_p{month(-1):%Y%m}'")
    again = await run_job(admin, "ensurePartitions")
    assert "本次新建 0 个" in again.job_message and "分离" not in again.job_message, again.job_message


async def test_lists_read_the_months_they_name(admin):
    # newest first: the rows of this month and the last one when they fill the page; older ones after them
    await SysOperLog.create(title="p29-a", oper_time=at(month(-5)))
    await SysOperLog.create(title="p29-b", oper_time=at(month(0), 2))
    await SysOperLog.create(title="p29-c", oper_time=at(month(0), 3))
    one = await admin.get("/monitor/operlog/list", params={"title": "p29-", "pageSize": 1})
    assert (one["total"], [r["title"] for r in one["rows"]]) == (3, ["p29-c"])
    page = await admin.get("/monitor/operlog/list", params={"title": "p29-", "pageSize": 10})
    assert [r["title"] for r in page["rows"]] == ["p29-c", "p29-b", "p29-a"]
    second = await admin.get("/monitor/operlog/list", params={"title": "p29-", "pageSize": 2, "pageNum": 2})
    assert [r["title"] for r in second["rows"]] == ["p29-a"]
    ledger = await admin.get("/admin/finance/ledger/list", params={"pageSize": 5})
    assert ledger["code"] == 200
    if not PG:
        return
    # the statements of the three lists' first page (paging.page_of with ``recent``): this month and the last
    # one, the months ahead (empty) and the default partition (rows outside the months made), never older ones
    bound = dt.datetime.combine(month(-1), dt.time.min, tzinfo=zone())
    firsts = {"sys_oper_log": SysOperLog.filter(oper_time__gte=bound).order_by("-oper_time", "-oper_id"),
              "sys_logininfor": SysLogininfor.filter(login_time__gte=bound).order_by("-login_time", "-info_id"),
              "finance_ledger": FinanceLedger.filter(create_time__gte=bound).order_by("-create_time", "-id")}
    for table, qs in firsts.items():
        read = partitions_in(await plan(qs.limit(20).sql(params_inline=True)), table)
        months = {p for p in read if not p.endswith("default")}
        assert {f"{table}_p{month(-1):%Y%m}", f"{table}_p{month(0):%Y%m}"} <= months, (table, read)
        assert min(months) == f"{table}_p{month(-1):%Y%m}", (table, read)
    # a time range (beginTime/endTime, the charts' days) names its months only, on every table
    for table, column in TIMES.items():
        start, end = at(month(-3), 1), at(month(-3), 20)
        ranged = await plan(f"SELECT * FROM {table} WHERE {column} >= '{start.isoformat()}' "  # noqa: S608
                            f"AND {column} < '{end.isoformat()}'")
        assert partitions_in(ranged, table) == {f"{table}_p{month(-3):%Y%m}"}, (table, ranged)


def partitions_in(text: str, table: str) -> set[str]:
    return set(re.findall(rf"\b({table}_(?:p\d{{6}}|default))\b", text))
