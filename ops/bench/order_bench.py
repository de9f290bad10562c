# ruff: noqa: S608 - the SQL built here is the benchmark's own load, with numbers and table names of its own
"""The shop order list at 1,000,000 orders, in PostgreSQL, against the same SQL run straight through asyncpg.

``.venv/bin/python -m ops.bench.order_bench [--load] [--database NAME] [--seconds S] [--concurrency 16] [--only X]``

``--load`` recreates the database (migrated and seeded) and fills it in bulk SQL with 10,000 shops, 900,000 main
orders holding 1,000,000 shop orders (one main in nine has two shops) and their ~1,400,000 lines, placed evenly
over the last 365 days. The shops are skewed as sales are: the shop of an order is ``floor(10000 u³)`` for a
uniform ``u``, so the largest shop holds 4.6 % of the orders (~46,000) and the smallest a few dozen. Orders older
than 30 days are completed (82 %) or closed; the last 30 days hold every status. The data is what the
sweeps leave: no order shipped over 7 days ago is still shipped, none past its after-sale window is unsettled, so
the API's first start does not spend the run completing and settling a backlog. Without ``--load`` the loaded
database is reused (migrated first, so a new index migration applies to it).

Then, with one core_api process (the API and the worker handlers on the in-process bus), the shop order list
(``GET /admin/OrderShop/list``, what the screen order/shop/index calls) filtered by status and a date range at
page 1 and page 500 (by OFFSET, and sought with page 499's cursor), as an operator and as the largest shop's
staff (a console user bound to the shop), beside the page's SELECT and COUNT through asyncpg (the floor). Where
the list's total comes from the shop order tally (a shop given: core_api/platform/tally.py), a second floor runs
the SELECT and the tally's own statement, the SQL the API really sends.

The SQL of the floor is the list's own: built from the shop order declaration (its filters, its shop scope, its
order, its columns, its seek condition) by Tortoise, as the running list builds it, and run with the same
parameters. Before the load phases the statements the API really sends are logged by PostgreSQL (one request per
case with ``log_min_duration_statement = 0`` on this database), printed, and checked to be the floor's. An answer
counts only when its body says ``code`` 200 with the expected total and page size.
Each measurement also prints where the CPU went per answer: the API process, the load client (wrk, or this process)
and the rest of the machine (PostgreSQL, on a quiet machine), all on the same two cores.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import subprocess
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import asyncpg

from ops.bench import paged_list
from ops.bench.business_bench import SIZE, load, login
from ops.bench.common import (
    PG_ADMIN,
    CpuSplit,
    Result,
    Server,
    production,
    start,
    table,
)
from ops.stack import PY, ROOT

SHOPS, MAINS, ORDERS = 10_000, 900_000, 1_000_000
LIST_PATH = "/admin/OrderShop/list"
TABLE = '"order_shop"'
STAFF, STAFF_PASSWORD = "bench_shop_staff", "secret123"
PG_LOG = Path("/var/log/postgresql/postgresql-15-main.log")
# Knuth's multiplicative hashes of the row number: deterministic, evenly spread, a different one per property.
H_SHOP, H_STATUS, H_AMOUNT = 2654435761, 2246822519, 3266489917


@dataclass
class Case(paged_list.ListCase):
    staff: bool = False  # asked by the shop's staff (their data scope), not by an operator
    logged: list[str] = field(default_factory=list)


def _h(column: str, multiplier: int) -> str:
    return f"(({column}::bigint * {multiplier}) % 4294967296)"


async def load_orders(url: str) -> None:
    """Bulk rows, in the order a real history would have them: ids grow with create_time."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "INSERT INTO mall_shop (name, logo, contact, phone, area_code, address, intro, shelf, brand_sale, rate_bp,"
            " sort, create_by, create_time, update_by) SELECT '店铺' || g, '', '店长', '1380000' || lpad((g % 10000)"
            "::text, 4, '0'), '110105', '', '', '1', '0', 500, 0, 'bench', now(), '' FROM generate_series(1, $1) g",
            SHOPS)
        first_shop = await conn.fetchval("SELECT min(id) FROM mall_shop")
        start_at = dt.datetime.now(dt.UTC) - dt.timedelta(days=365)
        step = dt.timedelta(days=365) / MAINS
        u_status = f"({_h('g', H_STATUS)} / 4294967296.0)"
        a = _h("g", H_AMOUNT)
        await conn.execute(
            f"""
            INSERT INTO order_shop (id, order_no, main_id, main_no, shop_id, uid, status, delivery, kind,
                group_team_id, goods_fen, freight_fen, coupon_fen, points_fen, points_used, pay_fen, refunded_fen,
                points_earned, coupon_id, pay_status, refund_status, settle_status, pickup_status, pickup_code,
                receiver_name, receiver_phone, receiver_area, receiver_address, carrier, tracking_no, buyer_remark,
                close_reason, paid_at, shipped_at, completed_at, closed_at, after_sale_until, settled_at, fee_fen,
                payout_fen, version, create_time, update_time)
            SELECT g, 'S' || lpad(g::text, 12, '0'), m, 'M' || lpad(m::text, 12, '0'), shop, 1 + (m * 40503) % 200000,
                   status, delivery, CASE WHEN status = 'grouping' THEN 'group' ELSE 'normal' END, NULL,
                   goods, freight, 0, 0, 0, goods + freight, 0, 0, NULL,
                   CASE status WHEN 'unpaid' THEN 'unpaid' WHEN 'closed' THEN 'closed' ELSE 'paid' END,
                   'none', CASE WHEN status = 'completed' AND age > 11 THEN 'settled'
                                WHEN status = 'completed' THEN 'pending' ELSE 'none' END,
                   CASE WHEN delivery = 'express' THEN 'none' WHEN status = 'completed' THEN 'picked'
                        ELSE 'waiting' END,
                   CASE WHEN delivery = 'pickup' THEN lpad(({a} % 1000000)::text, 6, '0') END,
                   '买家' || (m % 1000), '139' || lpad(({a} % 100000000)::text, 8, '0'), '110105',
                   '建国路' || (g % 1000) || '号', shipped, CASE WHEN shipped = '' THEN '' ELSE 'SF' || g END, '',
                   CASE WHEN status = 'closed' THEN '超时未支付' ELSE '' END,
                   CASE WHEN status NOT IN ('unpaid', 'closed') THEN t + interval '1 minute' END,
                   CASE WHEN shipped <> '' THEN t + interval '1 day' END,
                   CASE WHEN status = 'completed' THEN t + interval '4 days' END,
                   CASE WHEN status = 'closed' THEN t + interval '30 minutes' END,
                   CASE WHEN status = 'completed' THEN t + interval '11 days' END,
                   CASE WHEN status = 'completed' AND age > 11 THEN t + interval '11 days' END,
                   CASE WHEN status = 'completed' AND age > 11 THEN (goods + freight) * 5 / 100 ELSE 0 END,
                   CASE WHEN status = 'completed' AND age > 11 THEN (goods + freight) - (goods + freight) * 5 / 100
                        ELSE 0 END,
                   0, t, NULL
            FROM (
                SELECT g, m, t, age, shop, status, goods, freight, delivery,
                       CASE WHEN delivery = 'express' AND status IN ('shipped', 'completed') THEN 'sf' ELSE '' END
                         AS shipped
                FROM (
                    SELECT g, m, t, age, shop, status, goods, freight,
                           CASE WHEN status = 'to_pickup' OR (status = 'completed' AND {a} % 10 = 0) THEN 'pickup'
                                ELSE 'express' END AS delivery
                    FROM (
                        SELECT g, m, t, age,
                               $1::bigint + floor({SHOPS} * power({_h('g', H_SHOP)} / 4294967296.0, 3))::bigint
                                 AS shop,
                               CASE WHEN age > 30 THEN CASE WHEN {u_status} < 0.82 THEN 'completed' ELSE 'closed' END
                                    WHEN age < 0.02 THEN 'unpaid'
                                    WHEN {u_status} < 0.20 THEN 'to_ship'
                                    WHEN {u_status} < 0.25 THEN 'to_pickup'
                                    WHEN {u_status} < 0.26 THEN 'grouping'
                                    WHEN {u_status} < 0.60 AND age < 7 THEN 'shipped'  -- else completed by now
                                    WHEN {u_status} < 0.92 THEN 'completed'
                                    ELSE 'closed' END AS status,
                               990 + {a} % 49000 AS goods, CASE WHEN {a} % 3 = 0 THEN 800 ELSE 0 END AS freight
                        FROM (
                            SELECT g, m, t, extract(epoch FROM now() - t) / 86400 AS age
                            FROM (
                                SELECT g, m, $2::timestamptz + (m - 1) * $3::interval AS t
                                FROM (SELECT g, ((g - 1) * {MAINS}) / {ORDERS} + 1 AS m
                                      FROM generate_series(1::bigint, {ORDERS}) g) n
                            ) timed
                        ) aged
                    ) x
                ) y
            ) z
            """, first_shop, start_at, step)
        await conn.execute(
            """
            INSERT INTO order_main (id, order_no, uid, request_no, goods_fen, freight_fen, coupon_fen, points_fen,
                points_used, pay_fen, pay_status, pay_way, out_trade_no, trade_no, paid_at, pay_deadline, closed_at,
                shelf, remark, version, create_time, update_time)
            SELECT main_id, min(main_no), min(uid), 'bench-' || main_id, sum(goods_fen), sum(freight_fen), 0, 0, 0,
                   sum(pay_fen), CASE WHEN bool_and(status = 'closed') THEN 'closed'
                                      WHEN bool_and(status = 'unpaid') THEN 'unpaid' ELSE 'paid' END,
                   'wallet', 'BO' || main_id, 'T' || main_id, min(paid_at), min(create_time) + interval '30 minutes',
                   CASE WHEN bool_and(status = 'closed') THEN min(closed_at) END, '1', '', 0, min(create_time), NULL
            FROM order_shop GROUP BY main_id
            """)
        a = _h("s.id", H_AMOUNT)
        await conn.execute(
            f"""
            INSERT INTO order_line (shop_order_id, shop_id, goods_id, sku_id, goods_name, spec, image, price_fen,
                quantity, amount_fen, coupon_fen, points_fen, points_used, pay_fen, refunded_fen, refunded_qty,
                after_sale, commented)
            SELECT s.id, s.shop_id, 1 + (s.id * i) % 100000, 1 + (s.id * i) % 100000, '商品' || ((s.id * i) % 100000),
                   '', '', amount, 1, amount, 0, 0, 0, amount, 0, 0, 'none', false
            FROM order_shop s
            CROSS JOIN LATERAL (SELECT CASE WHEN {a} % 10 < 7 THEN 1 WHEN {a} % 10 < 9 THEN 2 ELSE 3 END AS n) c
            CROSS JOIN LATERAL generate_series(1, c.n) i
            CROSS JOIN LATERAL (SELECT s.goods_fen / c.n + CASE WHEN i = 1 THEN s.goods_fen % c.n ELSE 0 END
                                  AS amount) p
            """)
        for t in ("order_shop", "order_main", "order_line"):
            await conn.execute(f"SELECT setval(pg_get_serial_sequence('{t}', 'id'), (SELECT max(id) FROM {t}))")
    finally:
        await conn.close()


async def staff_principal(url: str, shop: int) -> Any:
    from core_api.platform.security import Authz, DataScope, Principal

    conn = await asyncpg.connect(url)
    try:
        user_id = await conn.fetchval("SELECT user_id FROM sys_user WHERE user_name = $1", STAFF)
    finally:
        await conn.close()
    return Principal(0, "", Authz(user_id, STAFF, None, "", (STAFF,), (), frozenset({"order:shop:list"}),
                                  DataScope(shop_id=shop)))


async def build_sql(url: str, cases: list[Case], shop: int) -> None:
    """Each case's SELECT (OFFSET or sought) and COUNT as the shop order declaration builds them, and its total."""
    from tortoise import Tortoise

    from core_api.business import business_apis
    from core_api.model_index import model_modules
    from core_api.platform.db import tortoise_config
    from core_api.platform.resource import REGISTRY
    from core_api.platform.settings import Settings
    from core_api.platform.tally import tally_statement

    business_apis()
    res = REGISTRY["OrderShop"]
    staff = await staff_principal(url, shop)
    await Tortoise.init(config=tortoise_config(Settings(database_url=url), model_modules()))
    try:
        for case in cases:
            principal = staff if case.staff else paged_list.operator()
            query = paged_list.build_case_sql(res, case, principal)
            asked = res.tally_filter(query, principal)
            if asked is not None:
                case.tally, params = tally_statement(*asked)
                case.tally_params = tuple(params)
        await paged_list.count_totals(url, cases)
    finally:
        await Tortoise.close_connections()


async def largest_shop(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval(
            "SELECT shop_id FROM order_shop GROUP BY shop_id ORDER BY count(*) DESC LIMIT 1"))
    finally:
        await conn.close()


def call(core_url: str, path: str, token: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(core_url + path, data=data, headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        answer = json.load(r)
    assert answer.get("code") == 200, f"{path}: {answer}"
    return answer


def staff_token(core_url: str, admin: str, url: str, shop: int) -> str:
    """A console user bound to ``shop`` holding the shop order list (made through the console once)."""

    async def lookup(sql: str, *args: Any) -> Any:
        conn = await asyncpg.connect(url)
        try:
            return await conn.fetchval(sql, *args)
        finally:
            await conn.close()

    if asyncio.run(lookup("SELECT user_id FROM sys_user WHERE user_name = $1", STAFF)) is None:
        menus = asyncio.run(lookup("SELECT array_agg(menu_id) FROM sys_menu WHERE perms = 'order:shop:list'"))
        call(core_url, "/system/role", admin, {"roleName": STAFF, "roleKey": STAFF, "roleSort": 5, "menuIds": menus})
        role = asyncio.run(lookup("SELECT role_id FROM sys_role WHERE role_key = $1", STAFF))
        call(core_url, "/system/user", admin, {"userName": STAFF, "nickName": STAFF, "password": STAFF_PASSWORD,
                                               "deptId": None, "roleIds": [role]})
    asyncio.run(lookup("UPDATE sys_user SET shop_id = $1 WHERE user_name = $2 RETURNING user_id", shop, STAFF))
    body = json.dumps({"username": STAFF, "password": STAFF_PASSWORD}).encode()
    request = urllib.request.Request(core_url + "/login", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return str(json.load(r)["token"])


def cases_for() -> list[Case]:
    """Completed orders of a quarter (half a year ago): ~200,000 for an operator, ~9,000 for the largest shop."""
    today = dt.date.today()
    window = {"status": "completed", "beginTime": (today - dt.timedelta(days=180)).isoformat(),
              "endTime": (today - dt.timedelta(days=91)).isoformat()}
    out: list[Case] = []
    for who, staff in (("operator", False), ("shop staff", True)):
        out += [Case(f"{who}, page 1", window, 1, staff=staff), Case(f"{who}, page 500", window, 500, staff=staff),
                Case(f"{who}, page 500 sought after page 499", window, 500, staff=staff, sought=True)]
    return out


def log_statements(url: str, database: str, env: dict[str, str], cases: list[Case],
                   tokens: dict[bool, str]) -> None:
    """One request per case with PostgreSQL logging every statement of this database: what the API really sends."""
    admin = PG_ADMIN
    subprocess.run(["psql", admin, "-qc", f'ALTER DATABASE "{database}" SET log_min_duration_statement = 0'],
                   check=True, cwd=ROOT)
    try:
        core = start_api(env)
        try:
            for case in cases:
                mark = PG_LOG.stat().st_size
                with urllib.request.urlopen(urllib.request.Request(
                        core.url + case.target, headers={"Authorization": f"Bearer {tokens[case.staff]}"})) as r:
                    assert json.load(r)["code"] == 200
                time.sleep(0.3)
                with PG_LOG.open("rb") as f:
                    f.seek(mark)
                    text = f.read().decode(errors="replace")
                pattern = rf"@{database} LOG:  duration: [\d.]+ ms  (?:execute|statement)[^:]*: (.*?)(?=\n\S|\Z)"
                case.logged = [m.group(1).strip() for m in re.finditer(pattern, text, re.S)]
        finally:
            core.stop()
    finally:
        subprocess.run(["psql", admin, "-qc", f'ALTER DATABASE "{database}" RESET log_min_duration_statement'],
                       check=True, cwd=ROOT)


def start_api(env: dict[str, str], processes: int = 1) -> Server:
    """The API, tried again when a start does not answer in time (a busy shared machine)."""
    for _ in range(2):
        try:
            return start("core_api", production(env, processes), "/health", processes)
        except RuntimeError:  # it starts in 16-18 s at a load average of 9, against start's 20 s
            time.sleep(5)
    return start("core_api", production(env, processes), "/health", processes)


def main() -> None:
    args = paged_list.arguments("console_bench_order", "1M shop orders", 8)
    levels = args.levels
    url, env = paged_list.open_database(args, load_orders, f"{ORDERS:,} shop orders")
    if args.load:
        subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, cwd=ROOT)
    else:  # a migration added since the load (an index) applies to the loaded data
        subprocess.run([PY, "-m", "core_api", "migrate"], check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
        subprocess.run(["psql", url, "-qc", "ANALYZE order_shop"], check=True, cwd=ROOT)
    shop = asyncio.run(largest_shop(url))
    cases = [c for c in cases_for() if args.only in c.name]
    core = start_api(env, args.processes)
    results: list[list[Result]] = []  # per case and concurrency: the API, then its floors
    try:
        admin = login(core.url)
        tokens = {False: admin, True: staff_token(core.url, admin, url, shop)}
        for case in cases:
            if case.sought:  # the cursor page 499 answers
                after = paged_list.cursor_of(core.url, LIST_PATH, tokens[case.staff], case)
                case.query = {**case.query, "after": after}
            case.target = LIST_PATH + "?" + urllib.parse.urlencode({**case.query, "pageSize": SIZE,
                                                                    "pageNum": case.page})
        asyncio.run(build_sql(url, cases, shop))
    finally:
        core.stop()
    log_statements(url, args.database, env, cases, tokens)
    print(f"the largest shop: {shop}")
    for case in cases:
        print(f"\n{case.name}: total {case.total:,}; the API sent:")
        for statement in case.logged:
            if TABLE in statement or "order_shop_by_" in statement:
                print("  " + statement.replace("\n", "\n  "))
        others = sum(1 for s in case.logged if TABLE not in s and "order_shop_by_" not in s)
        print(f"  (and {others} other statements: the session, the shop names, the job scheduler)")
        sent = " ".join(case.logged)
        for kind, sql in (("SELECT", case.select), ("total", case.tally or case.count)):
            if sql not in sent:
                print(f"!! the floor's {kind} is not among the statements the API sent:\n  {sql}")
    core = start_api(env, args.processes)  # the load phase on --processes API processes
    pids = [p.pid for p in core.procs]
    cpu: dict[tuple[str, int], str] = {}
    try:
        for case in cases:
            target = core.url + case.target
            print(f"{case.name}: total {case.total:,}", flush=True)
            load("warm-up", target, tokens[case.staff], case, 4, 2)  # type: ignore[arg-type]
            for c in levels:
                runs: list[tuple[list[int], Callable[[], Result]]] = [  # (the server's processes, the measurement)
                    (pids, partial(load, f"GET list, {case.name}", target, tokens[case.staff], case, c,  # type: ignore[arg-type]
                                   args.seconds)),
                    ([], partial(asyncio.run, paged_list.floor(url, case, c, args.seconds)))]
                if case.tally:
                    runs.append(([], partial(asyncio.run, paged_list.floor(url, case, c, args.seconds, tally=True))))
                group = []
                for measured, run in runs:
                    with CpuSplit(measured) as spent:
                        group.append(result := run())
                    cpu[result.name, c] = spent.per_answer(result.rps * args.seconds)
                results.append(group)
                print(f"  load average {Path('/proc/loadavg').read_text().split()[0]}", flush=True)
        print(table([r for group in results for r in group]))
        for app, *bases in results:
            for base in bases:
                print(paged_list.compared(app, base, base.name.split(",")[0]))
        print("\nWhere the CPU went (two cores shared by the API, the load client and PostgreSQL):")
        for (name, c), split in cpu.items():
            print(f"  {name} (c{c}): {split}")
        print("\n```\n" + asyncio.run(paged_list.plans(url, cases, "order_shop", "the shop orders")) + "\n```")
    finally:
        core.stop()


if __name__ == "__main__":
    main()
