"""Business lists at size, in PostgreSQL, against the same SQL run straight through asyncpg in the same run.

``.venv/bin/python -m ops.bench.business_bench [--load] [--database NAME] [--seconds S] [--concurrency 16]
[--rounds N]``

``--load`` recreates the database and fills it with the demo generator (``python -m core_api demo``):
1,000,000 app users and 10,000,000 single chat records (the rest of the business tables at the demo's
default sizes). Then, with one core_api process (the API and the worker handlers on the in-process bus) or, with
``--processes N``, N of them on RabbitMQ beside a workers process (one per core, as in production):

- the app-user list (``GET /admin/AccountUserConsumer/list_data``) at pages 1 and 500 with a nick-name
  fragment and a registration date range, beside the page's SELECT and COUNT through asyncpg (the floor);
- the single chat records (``GET /admin/NoticeImRecordSingle/list``): one conversation's newest page, and
  one uid's month (sender and a month's date range), beside the same SELECT and COUNT.

The load client is wrk; an answer counts only when its body says ``code`` 200 with the expected total and a full
page. The plans are printed and checked: no sequential scan of the app users, and the month's list touches one
partition.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import re
import statistics
import subprocess
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import asyncpg

from ops.bench.common import (
    Result,
    bench_env,
    checked,
    pg_url,
    prepare,
    production,
    recreate_database,
    start,
    table,
    wrk,
)
from ops.stack import PY, ROOT

SIZE = 10
ZONE = ZoneInfo("Asia/Shanghai")
FRAGMENT = "摄影师"
CONSUMER_COLUMNS = ('"id" "id","uid" "uid","nick_name" "nick_name","phone" "phone","avatar" "avatar","sex" "sex",'
                    '"invite_code" "invite_code","referrer_uid" "referrer_uid","frozen" "frozen","muted" "muted",'
                    '"usable" "usable","register_time" "register_time","last_login_time" "last_login_time",'
                    '"last_login_ip" "last_login_ip","last_login_city" "last_login_city","create_time" "create_time",'
                    '"update_time" "update_time"')
# What the list call runs (Tortoise's SQL for it, printed by QuerySet.sql()), with the same parameters.
CONSUMER_WHERE = ('FROM "account_consumer" WHERE UPPER(CAST("nick_name" AS VARCHAR)) LIKE UPPER($1) ESCAPE \'\\\' '
                  'AND "register_time">=$2 AND "register_time"<$3')
CONSUMER_SELECT = (f'SELECT {CONSUMER_COLUMNS} {CONSUMER_WHERE} '
                   'ORDER BY "register_time" DESC,"id" DESC LIMIT $4 OFFSET $5')
CONSUMER_COUNT = f"SELECT COUNT(*) {CONSUMER_WHERE}"
# The same page sought after the previous page's last row (what `after` runs: no OFFSET).
CONSUMER_SEEK = (f'SELECT {CONSUMER_COLUMNS} {CONSUMER_WHERE} AND "register_time"<=$4 AND ("register_time"<$4 OR '
                 '("register_time"=$4 AND "id"<$5)) ORDER BY "register_time" DESC,"id" DESC LIMIT $6')
CHAT_COLUMNS = ('"id" "id","from_uid" "from_uid","to_uid" "to_uid","msg_type" "msg_type","content" "content",'
                '"sent_time" "sent_time","withdrawn" "withdrawn","shelf" "shelf","read" "read"')
CONV_WHERE = 'FROM "im_record_single" WHERE "conversation"=$1'
CONV_SELECT = f'SELECT {CHAT_COLUMNS} {CONV_WHERE} ORDER BY "sent_time" DESC,"id" DESC LIMIT $2 OFFSET $3'
CONV_COUNT = f"SELECT COUNT(*) {CONV_WHERE}"
NEWEST_FROM = 'FROM "im_record_single"'
NEWEST_SELECT = f'SELECT {CHAT_COLUMNS} {NEWEST_FROM} ORDER BY "sent_time" DESC,"id" DESC LIMIT $1 OFFSET $2'
NEWEST_COUNT = "SELECT SUM(n) FROM biz_row_count WHERE tbl = 'im_record_single'"  # the triggers' count (0045)
# What a chat list without a time range reads once it knows this month and the last hold its page (im/record/routes.py)
WINDOW = ' AND "sent_time">=$WA AND "sent_time"<$WB'
MONTH_WHERE = 'FROM "im_record_single" WHERE "from_uid"=$1 AND "sent_time">=$2 AND "sent_time"<$3'
MONTH_SELECT = f'SELECT {CHAT_COLUMNS} {MONTH_WHERE} ORDER BY "sent_time" DESC,"id" DESC LIMIT $4 OFFSET $5'
MONTH_COUNT = f"SELECT COUNT(*) {MONTH_WHERE}"


@dataclass
class Case:
    name: str
    path: str
    query: dict[str, object]
    select: str
    count: str
    params: tuple
    page: int
    total: int = 0
    seek: str = ""  # sought after the previous page's last row: this SELECT (its values appended) and `after`
    seek_values: tuple = ()
    window: tuple = ()  # the list reads this window of months: its page's SELECT is explained with it too


def summary(name: str, concurrency: int, latencies: list[float], elapsed: float, wrong: int) -> Result:
    latencies.sort()
    if not latencies:
        return Result(name, concurrency, 0, 0, 0, wrong)
    return Result(name, concurrency, len(latencies) / elapsed, statistics.median(latencies) * 1000,
                  latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000, wrong)


async def floor(url: str, case: Case, concurrency: int, seconds: float) -> Result:
    from core_api.platform.db import PG_SERVER_SETTINGS

    pool = await asyncpg.create_pool(url, min_size=concurrency, max_size=concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def worker() -> None:
        async with pool.acquire() as conn:
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                await conn.fetchval(case.count, *case.params)
                if case.seek:
                    await conn.fetch(case.seek, *case.params, *case.seek_values, SIZE)
                else:
                    await conn.fetch(case.select, *case.params, SIZE, (case.page - 1) * SIZE)
                latencies.append(time.perf_counter() - began)

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    return summary(f"asyncpg SELECT + COUNT, {case.name} (floor)", concurrency, latencies, elapsed, 0)


def load(name: str, target: str, token: str, case: Case, concurrency: int, seconds: int) -> Result:
    """wrk on the list call: an answer counts only when its body says code 200, the case's total and a full
    page of rows (its rows' "id" keys counted); the load client is wrk, as light as asyncpg's client is to the
    floor."""
    rows = max(0, min(SIZE, case.total - (case.page - 1) * SIZE))
    script = checked('"code":200', f'"total":{case.total},', times=('"id":', rows))
    return wrk(name, target, concurrency, seconds, headers={"Authorization": f"Bearer {token}"}, script=script)


def answers_as_expected(target: str, token: str, case: Case) -> None:
    """The checks ``load`` makes hold for one answer read here (a needle that never matches would count every
    answer wrong, and a bench with nothing but errors measures nothing)."""
    request = urllib.request.Request(target, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as r:
        body = r.read().decode()
    rows = max(0, min(SIZE, case.total - (case.page - 1) * SIZE))
    if '"code":200' not in body or f'"total":{case.total},' not in body or body.count('"id":') != rows:
        raise SystemExit(f"{case.name}: the answer is not the expected page of {rows} of {case.total}: {body[:300]}")


def _month(day: dt.date, shift: int) -> dt.date:
    index = day.year * 12 + day.month - 1 + shift
    return dt.date(index // 12, index % 12 + 1, 1)


def windowed(select: str, params: int) -> str:
    """``select`` with the window of months after its WHERE (or as its WHERE), its bounds the next parameters."""
    bounds = WINDOW.replace("$WA", f"${params + 1}").replace("$WB", f"${params + 2}")
    if " WHERE " in select:
        return select.replace(" ORDER BY", bounds + " ORDER BY", 1)
    return select.replace(" ORDER BY", " WHERE" + bounds[4:] + " ORDER BY", 1)


def local_day(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=ZONE).astimezone(dt.UTC)


async def build_cases(url: str) -> list[Case]:
    conn = await asyncpg.connect(url)
    try:
        today = dt.datetime.now(ZONE).date()
        begin, end = today - dt.timedelta(days=240), today - dt.timedelta(days=1)
        params = (f"%{FRAGMENT}%", local_day(begin), local_day(end + dt.timedelta(days=1)))
        query = {"nickName": FRAGMENT, "beginRegisterTime": begin.isoformat(), "endRegisterTime": end.isoformat()}
        cases = [Case(f"app users, page {p}, nick fragment + date range", "/admin/AccountUserConsumer/list_data",
                      query, CONSUMER_SELECT, CONSUMER_COUNT, params, p) for p in (1, 500)]
        # page 500 again, asked for with page 499's cursor (the pager turning one page on)
        last = await conn.fetchrow(f"{CONSUMER_SELECT}", *params, 1, 499 * SIZE - 1)
        if last is not None:
            cases.append(Case("app users, page 500 sought after page 499, nick fragment + date range",
                              "/admin/AccountUserConsumer/list_data", query, CONSUMER_SELECT, CONSUMER_COUNT, params,
                              500, seek=CONSUMER_SEEK, seek_values=(last["register_time"], last["id"])))
        # the busiest conversation of the last week (its newest page is full) and a uid of last month
        since = dt.datetime.now(dt.UTC) - dt.timedelta(days=7)
        conversation = await conn.fetchval(
            "SELECT conversation FROM im_record_single WHERE sent_time >= $1 GROUP BY conversation "
            "ORDER BY COUNT(*) DESC LIMIT 1", since)
        window = (local_day(_month(today, -1)), local_day(_month(today, 1)))
        cases.append(Case("single chats, the newest page (no filter)", "/admin/NoticeImRecordSingle/list", {},
                          NEWEST_SELECT, NEWEST_COUNT, (), 1, window=window))
        cases.append(Case("single chats, one conversation's newest page", "/admin/NoticeImRecordSingle/list",
                          {"conversation": conversation}, CONV_SELECT, CONV_COUNT, (conversation,), 1, window=window))
        first = today.replace(day=1)
        last_month_end = first - dt.timedelta(days=1)
        last_month = last_month_end.replace(day=1)
        month = (local_day(last_month), local_day(first))
        uid = await conn.fetchval(
            "SELECT from_uid FROM im_record_single WHERE sent_time >= $1 AND sent_time < $2 GROUP BY from_uid "
            "ORDER BY COUNT(*) DESC LIMIT 1", *month)
        cases.append(Case(f"single chats, one uid's month ({last_month:%Y-%m})", "/admin/NoticeImRecordSingle/list",
                          {"fromUid": uid, "beginSentTime": last_month.isoformat(),
                           "endSentTime": last_month_end.isoformat()}, MONTH_SELECT, MONTH_COUNT, (uid, *month), 1))
        for case in cases:
            case.total = int(await conn.fetchval(case.count, *case.params))  # a SUM is numeric
        return cases
    finally:
        await conn.close()


async def plans(url: str, cases: list[Case]) -> tuple[str, list[str]]:
    conn = await asyncpg.connect(url)
    out, problems = [], []
    try:
        for case in cases:
            paged = (SIZE, (case.page - 1) * SIZE)
            select, extra_select = (case.seek, (*case.seek_values, SIZE)) if case.seek else (case.select, paged)
            shown = [("SELECT", select, (*case.params, *extra_select)), ("COUNT", case.count, case.params)]
            if case.window:
                n = len(case.params)
                page = windowed(case.select.split(" LIMIT ")[0], n) + f" LIMIT ${n + 3} OFFSET ${n + 4}"
                shown.append(("SELECT as the list sends it (this month and the last)", page,
                              (*case.params, *case.window, *paged)))
            for kind, sql, args in shown:
                rows = await conn.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", *args)
                text = "\n".join(r[0] for r in rows)
                out.append(f"{kind}, {case.name}:\n{text}")
                if re.search(r"Seq Scan on account_consumer", text):
                    problems.append(f"{kind}, {case.name}: a sequential scan")
                if re.search(r"Seq Scan on im_record\w* \w+ +\(cost=(?!0\.00\.\.0\.00 )", text):  # an empty month: none
                    problems.append(f"{kind}, {case.name}: a sequential scan")
                parts = set(re.findall(r" on (im_record_single_\w+)", text))
                if ("month" in case.name or "list sends" in kind) and (
                        len(parts) > (1 if "month" in case.name else 2) or "im_record_single_default" in parts):
                    problems.append(f"{kind}, {case.name}: partitions {sorted(parts)}")
        return "\n\n".join(out), problems
    finally:
        await conn.close()


def login(core_url: str) -> str:
    body = json.dumps({"username": "admin", "password": "admin123"}).encode()
    request = urllib.request.Request(core_url + "/login", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return json.load(r)["token"]


def page_cursor(core_url: str, token: str, case: Case) -> str:
    query = urllib.parse.urlencode({**case.query, "pageSize": SIZE, "pageNum": case.page - 1})
    request = urllib.request.Request(f"{core_url}{case.path}?{query}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as r:
        cursor = json.load(r)["data"]["next"]
    assert cursor, "the page before answered no cursor"
    return str(cursor)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="console_bench_business")
    parser.add_argument("--load", action="store_true", help="recreate the database and load the demo")
    parser.add_argument("--consumers", type=int, default=1_000_000)
    parser.add_argument("--chat-records", type=int, default=10_000_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--concurrency", default="16", help="comma-separated, e.g. 1,16")
    parser.add_argument("--processes", type=int, default=1,
                        help="API processes (--reuse-port, on RabbitMQ with a workers process); 1: the embedded way")
    parser.add_argument("--rounds", type=int, default=1,
                        help="list and floor measured this many times each, alternately (each pair's ratio printed)")
    parser.add_argument("--only", default="", help="run the cases whose name contains this (e.g. chats)")
    args = parser.parse_args()
    levels = [int(c) for c in args.concurrency.split(",")]
    url = asyncio.run(recreate_database(args.database)) if args.load else pg_url(args.database)
    env = bench_env(url)
    if args.load:
        prepare(env)
        began = time.perf_counter()
        subprocess.run([PY, "-m", "core_api", "demo", "--consumers", str(args.consumers), "--chat-records",
                        str(args.chat_records), "--size", "sign_ins=200000"], check=True, env=env, cwd=ROOT)
        print(f"loaded the demo in {time.perf_counter() - began:.0f} s")
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True)
    cases = [c for c in asyncio.run(build_cases(url)) if args.only in c.name]
    core = start("core_api", production(env, args.processes), "/health", args.processes)
    served = f" ({args.processes} API processes)" if args.processes > 1 else ""
    results: list[Result] = []
    try:
        token = login(core.url)
        for case in cases:
            query = {**case.query, "pageSize": SIZE, "pageNum": case.page}
            if case.seek:  # the cursor the page before answers
                query["after"] = page_cursor(core.url, token, case)
            target = f"{core.url}{case.path}?" + urllib.parse.urlencode(query)
            print(f"{case.name}: total {case.total:,}", flush=True)
            answers_as_expected(target, token, case)
            load("warm-up", target, token, case, 4, 2)
            for c in levels:
                for _ in range(args.rounds):  # list and floor alternate: a shared machine's speed drifts
                    results.append(load(f"GET {case.path}, {case.name}{served}", target, token, case, c,
                                        args.seconds))
                    results.append(asyncio.run(floor(url, case, c, args.seconds)))
        print(table(results))
        for listed, base in zip(results[::2], results[1::2], strict=True):
            ratio = listed.rps / base.rps if base.rps else 0
            print(f"{listed.name} at concurrency {listed.concurrency}: {ratio:.2f}x its floor's requests/s, "
                  f"p50 {listed.p50_ms / base.p50_ms if base.p50_ms else 0:.2f}x the floor's")
        text, problems = asyncio.run(plans(url, cases))
        print("\n```\n" + text + "\n```")
        print("\nplan checks: " + ("; ".join(problems) if problems else "no sequential scan; the month's list "
                                   "reads one partition, the pages as the lists send them two at most"))
    finally:
        core.stop()


if __name__ == "__main__":
    main()
