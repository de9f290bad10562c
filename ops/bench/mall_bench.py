"""The goods list at size, in PostgreSQL, against the same SQL run straight through asyncpg in the same run.

``.venv/bin/python -m ops.bench.mall_bench [--load] [--database NAME] [--seconds S] [--concurrency 16]``

``--load`` recreates the database (migrated and seeded) and fills it with 10,000 shops, 200 leaf categories
and 1,000,000 goods in bulk SQL: one shop in 17 goods belongs to a large shop (about 59,000 goods, so that a
shop has a page 500), the rest spread evenly; one name in 50 holds the fragment. Then, with one core_api
process (the API and the worker handlers on the in-process bus), ``GET /admin/mall/shop/goods/list_data``
filtered by shop, by category and by name fragment (and all three) at page 1 and page 500 (by OFFSET, and
sought with the cursor of page 499), beside the page's SELECT and COUNT through asyncpg.

The SQL of the floor is the list's own: built from the goods declaration (its filters, its order, its
columns, its seek condition) by Tortoise, as the running list builds it, and run with the same parameters.
An answer counts only when its body says ``code`` 200 with the expected total and page size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import subprocess
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

import asyncpg

from ops.bench.business_bench import SIZE, load, login, summary
from ops.bench.common import Result, bench_env, pg_url, prepare, production, recreate_database, start, table
from ops.stack import ROOT

GOODS, SHOPS, BIG_SHOP_EVERY = 1_000_000, 10_000, 17
FRAGMENT = "保温杯"
NOUNS = ["保温杯", "运动鞋", "连衣裙", "蓝牙耳机", "双肩包", "电饭煲", "羽绒服", "护手霜", "机械键盘", "茶叶礼盒"]
ADJECTIVES = ["经典", "轻薄", "加厚", "限量", "新款"]
LIST_PATH = "/admin/mall/shop/goods/list_data"


@dataclass
class Case:
    name: str
    query: dict[str, Any]
    page: int
    sought: bool = False
    select: str = ""
    count: str = ""
    select_params: tuple = ()
    count_params: tuple = ()
    total: int = 0
    target: str = ""


async def load_goods(url: str) -> None:
    """Bulk rows: shops, a two-level category tree (20 × 10), goods named "<adjective><noun> <n>" and one SKU each.
    The fragment's noun goes to one name in ten, and of those only to one adjective in five (the others get
    "水杯"): 20,000 names hold the fragment."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "INSERT INTO mall_shop (name, logo, contact, phone, area_code, address, intro, shelf, brand_sale, rate_bp,"
            " sort, create_by, create_time, update_by) SELECT '店铺' || g, '', '店长', '1380000' || lpad((g % 10000)"
            "::text, 4, '0'), '110105', '', '', '1', '0', 500, 0, 'bench', now(), '' FROM generate_series(1, $1) g",
            SHOPS)
        await conn.execute(
            "INSERT INTO mall_category (parent_id, kind, name, icon, sort, shelf, create_by, create_time, update_by)"
            " SELECT 0, 'goods', '大类' || g, '', g, '1', 'bench', now(), '' FROM generate_series(1, 20) g")
        await conn.execute(
            "INSERT INTO mall_category (parent_id, kind, name, icon, sort, shelf, create_by, create_time, update_by)"
            " SELECT p.id, 'goods', p.name || '-小类' || g, '', g, '1', 'bench', now(), ''"
            " FROM mall_category p CROSS JOIN generate_series(1, 10) g WHERE p.parent_id = 0 AND p.kind = 'goods'")
        leaves = [r["id"] for r in await conn.fetch(
            "SELECT id FROM mall_category WHERE parent_id <> 0 AND kind = 'goods' ORDER BY id")]
        first_shop = await conn.fetchval("SELECT min(id) FROM mall_shop")
        await conn.execute(
            """
            INSERT INTO mall_goods (shop_id, category_id, name, subtitle, pics, detail, price_fen, market_price_fen,
                stock, sales, unit, shelf, recommend, review, review_reason, source, source_ref, sort, version,
                create_by, create_time, update_by)
            SELECT CASE WHEN g % $7 = 0 THEN $1::bigint ELSE $1::bigint + 1 + g % ($2::bigint - 1) END,
                   ($3::bigint[])[1 + (g * 7) % array_length($3::bigint[], 1)],
                   ($4::text[])[1 + (g / 10) % 5] ||
                     CASE WHEN g % 10 = 0 AND (g / 10) % 5 <> 0 THEN '水杯' ELSE ($5::text[])[1 + g % 10] END
                     || ' ' || g,
                   '', '', '', 100 + g % 99900, 0, g % 500, g % 1000, '件',
                   CASE WHEN g % 20 = 0 THEN '0' ELSE '1' END, CASE WHEN g % 100 = 0 THEN '1' ELSE '0' END,
                   CASE WHEN g % 50 = 25 THEN 'pending' ELSE 'approved' END, '', 'own', NULL, 0, 0, 'bench',
                   now() - (g || ' seconds')::interval, ''
            FROM generate_series(1, $6) g
            """, first_shop, SHOPS, leaves, ADJECTIVES, NOUNS, GOODS, BIG_SHOP_EVERY)
        await conn.execute(
            "INSERT INTO mall_sku (goods_id, shop_id, spec_key, spec, price_fen, market_price_fen, stock, code, image)"
            " SELECT id, shop_id, '', '', price_fen, 0, stock, '', '' FROM mall_goods")
    finally:
        await conn.close()


async def build_sql(url: str, cases: list[Case]) -> None:
    """Each case's SELECT (OFFSET or sought) and COUNT as the goods declaration builds them, and its total."""
    from tortoise import Tortoise

    from core_api.business import business_apis
    from core_api.mall.goods.models import MallGoods
    from core_api.model_index import model_modules
    from core_api.platform.db import tortoise_config
    from core_api.platform.resource import REGISTRY
    from core_api.platform.security import Authz, DataScope, Principal
    from core_api.platform.seek import seek_filter
    from core_api.platform.settings import Settings

    business_apis()
    res = next(r for r in REGISTRY.values() if r.model is MallGoods)
    await Tortoise.init(config=tortoise_config(Settings(database_url=url), model_modules()))
    operator = Principal(0, "", Authz(1, "admin", None, "", ("admin",), (), frozenset({"*:*:*"}), DataScope(all=True)))
    try:
        for case in cases:
            query: Any = res.query_model(**{**case.query, "pageNum": case.page, "pageSize": SIZE})
            qs, key = res.filtered(query, operator)
            ordering = query.ordering({f.wire: f.name for f in res.fields if f.sortable}, list(res.order))
            if case.sought:
                seek = seek_filter(res.model, case.query.get("after"), key, ordering, case.page)
                assert seek is not None, "the cursor of page 499 does not seek page 500"
                page_qs = qs.filter(seek)
            else:
                page_qs = qs.offset((case.page - 1) * SIZE)
            values: Any = page_qs.order_by(*ordering).limit(SIZE).values(*res.columns)
            values._make_query()
            case.select, params = values.query.get_parameterized_sql()
            case.select_params = tuple(params)
            counter: Any = qs.count()
            counter._make_query()
            case.count, params = counter.query.get_parameterized_sql()
            case.count_params = tuple(params)
        conn = await asyncpg.connect(url)
        try:
            for case in cases:
                case.total = await conn.fetchval(case.count, *case.count_params)
        finally:
            await conn.close()
    finally:
        await Tortoise.close_connections()


async def floor(url: str, case: Case, concurrency: int, seconds: float) -> Result:
    from core_api.platform.db import PG_SERVER_SETTINGS

    pool = await asyncpg.create_pool(url, min_size=concurrency, max_size=concurrency,
                                     server_settings=PG_SERVER_SETTINGS)
    latencies: list[float] = []
    wrong = 0
    rows = max(0, min(SIZE, case.total - (case.page - 1) * SIZE))
    deadline = time.perf_counter() + seconds

    async def worker() -> None:
        nonlocal wrong
        async with pool.acquire() as conn:
            while time.perf_counter() < deadline:
                began = time.perf_counter()
                total = await conn.fetchval(case.count, *case.count_params)
                page = await conn.fetch(case.select, *case.select_params)
                if total == case.total and len(page) == rows:
                    latencies.append(time.perf_counter() - began)
                else:
                    wrong += 1

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - began
    await pool.close()
    return summary(f"asyncpg SELECT + COUNT, {case.name} (floor)", concurrency, latencies, elapsed, wrong)


async def pick(url: str) -> dict[str, Any]:
    conn = await asyncpg.connect(url)
    try:
        shop = await conn.fetchval("SELECT shop_id FROM mall_goods GROUP BY shop_id ORDER BY count(*) DESC LIMIT 1")
        category = await conn.fetchval("SELECT category_id FROM mall_goods GROUP BY category_id "
                                       "ORDER BY count(*) DESC LIMIT 1")
        return {"shopId": shop, "categoryId": category}
    finally:
        await conn.close()


def cursor_of(core_url: str, token: str, case: Case) -> str:
    query = urllib.parse.urlencode({**case.query, "pageSize": SIZE, "pageNum": case.page - 1})
    request = urllib.request.Request(f"{core_url}{LIST_PATH}?{query}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as r:
        cursor = json.load(r)["next"]
    assert cursor, "the page before answered no cursor"
    return str(cursor)


def cases_for(ids: dict[str, Any]) -> list[Case]:
    shop, category = {"shopId": ids["shopId"]}, {"categoryId": ids["categoryId"]}
    fragment = {"name": FRAGMENT}
    out: list[Case] = []
    for label, query in (("by shop", shop), ("by category", category), ("by name fragment", fragment)):
        out += [Case(f"{label}, page 1", query, 1), Case(f"{label}, page 500", query, 500),
                Case(f"{label}, page 500 sought after page 499", query, 500, sought=True)]
    out.append(Case("by shop + category + name fragment, page 1", {**shop, **category, **fragment}, 1))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="console_bench_mall")
    parser.add_argument("--load", action="store_true", help="recreate the database and load 1M goods")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--processes", type=int, default=1,
                        help="API processes (--reuse-port, on RabbitMQ with a workers process); 1: the embedded way")
    parser.add_argument("--concurrency", default="16", help="comma-separated, e.g. 1,16")
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    args = parser.parse_args()
    levels = [int(c) for c in args.concurrency.split(",")]
    url = asyncio.run(recreate_database(args.database)) if args.load else pg_url(args.database)
    env = bench_env(url)
    if args.load:
        prepare(env)
        began = time.perf_counter()
        asyncio.run(load_goods(url))
        print(f"loaded {GOODS:,} goods in {time.perf_counter() - began:.0f} s", flush=True)
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, cwd=ROOT)
    cases = [c for c in cases_for(asyncio.run(pick(url))) if args.only in c.name]
    core = start("core_api", production(env, args.processes), "/health", args.processes)
    results: list[Result] = []
    try:
        token = login(core.url)
        for case in cases:
            if case.sought:  # the cursor page 499 answers
                case.query = {**case.query, "after": cursor_of(core.url, token, case)}
        asyncio.run(build_sql(url, cases))
        for case in cases:
            query = {**case.query, "pageSize": SIZE, "pageNum": case.page}
            case.target = f"{core.url}{LIST_PATH}?" + urllib.parse.urlencode(query)
            print(f"{case.name}: total {case.total:,}", flush=True)
            asyncio.run(load("warm-up", case.target, token, case, 4, 2))  # type: ignore[arg-type]
            for c in levels:
                results.append(asyncio.run(load(f"GET list_data, {case.name}", case.target, token, case,  # type: ignore[arg-type]
                                                c, args.seconds)))
                results.append(asyncio.run(floor(url, case, c, args.seconds)))
        print(table(results))
        for app, base in zip(results[::2], results[1::2], strict=True):
            ratio = app.p50_ms / base.p50_ms if base.p50_ms else float("inf")
            print(f"{app.name} (c{app.concurrency}): p50 {app.p50_ms:.1f} ms vs {base.p50_ms:.1f} ms = {ratio:.2f}×"
                  + ("" if ratio <= 1.5 else "  ← over 1.5×"))
        conn_plans = asyncio.run(plans(url, cases))
        print("\n```\n" + conn_plans + "\n```")
    finally:
        core.stop()


async def plans(url: str, cases: list[Case]) -> str:
    conn = await asyncpg.connect(url)
    out = []
    try:
        for case in cases:
            for kind, sql, params in (("SELECT", case.select, case.select_params),
                                      ("COUNT", case.count, case.count_params)):
                rows = await conn.fetch(f"EXPLAIN (ANALYZE, BUFFERS) {sql}", *params)
                text = "\n".join(r[0] for r in rows)
                out.append(f"{kind}, {case.name}:\n{text}")
                if re.search(r"Seq Scan on mall_goods", text):
                    out.append(f"!! {kind}, {case.name}: a sequential scan of the goods")
        return "\n\n".join(out)
    finally:
        await conn.close()


if __name__ == "__main__":
    main()
