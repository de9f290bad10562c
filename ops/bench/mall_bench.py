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

import asyncio
import subprocess
import urllib.parse
import urllib.request
from typing import Any

import asyncpg

from ops.bench import paged_list
from ops.bench.business_bench import SIZE, load, login
from ops.bench.common import Result, production, start, table
from ops.stack import ROOT

GOODS, SHOPS, BIG_SHOP_EVERY = 1_000_000, 10_000, 17
FRAGMENT = "保温杯"
NOUNS = ["保温杯", "运动鞋", "连衣裙", "蓝牙耳机", "双肩包", "电饭煲", "羽绒服", "护手霜", "机械键盘", "茶叶礼盒"]
ADJECTIVES = ["经典", "轻薄", "加厚", "限量", "新款"]
LIST_PATH = "/admin/mall/shop/goods/list_data"
Case = paged_list.ListCase


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
    from core_api.platform.settings import Settings

    business_apis()
    res = next(r for r in REGISTRY.values() if r.model is MallGoods)
    await Tortoise.init(config=tortoise_config(Settings(database_url=url), model_modules()))
    try:
        for case in cases:
            paged_list.build_case_sql(res, case, paged_list.operator())
        await paged_list.count_totals(url, cases)
    finally:
        await Tortoise.close_connections()


async def pick(url: str) -> dict[str, Any]:
    conn = await asyncpg.connect(url)
    try:
        shop = await conn.fetchval("SELECT shop_id FROM mall_goods GROUP BY shop_id ORDER BY count(*) DESC LIMIT 1")
        category = await conn.fetchval("SELECT category_id FROM mall_goods GROUP BY category_id "
                                       "ORDER BY count(*) DESC LIMIT 1")
        return {"shopId": shop, "categoryId": category}
    finally:
        await conn.close()


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
    args = paged_list.arguments("console_bench_mall", "1M goods", 10)
    levels = args.levels
    url, env = paged_list.open_database(args, load_goods, f"{GOODS:,} goods")
    subprocess.run(["psql", url, "-qc", "VACUUM ANALYZE"], check=True, cwd=ROOT)
    cases = [c for c in cases_for(asyncio.run(pick(url))) if args.only in c.name]
    core = start("core_api", production(env, args.processes), "/health", args.processes)
    results: list[Result] = []
    try:
        token = login(core.url)
        for case in cases:
            if case.sought:  # the cursor page 499 answers
                case.query = {**case.query, "after": paged_list.cursor_of(core.url, LIST_PATH, token, case)}
        asyncio.run(build_sql(url, cases))
        for case in cases:
            query = {**case.query, "pageSize": SIZE, "pageNum": case.page}
            case.target = f"{core.url}{LIST_PATH}?" + urllib.parse.urlencode(query)
            print(f"{case.name}: total {case.total:,}", flush=True)
            load("warm-up", case.target, token, case, 4, 2)  # type: ignore[arg-type]
            for c in levels:
                results.append(load(f"GET list_data, {case.name}", case.target, token, case,  # type: ignore[arg-type]
                                    c, args.seconds))
                results.append(asyncio.run(paged_list.floor(url, case, c, args.seconds)))
        print(table(results))
        for app, base in zip(results[::2], results[1::2], strict=True):
            print(paged_list.compared(app, base))
        conn_plans = asyncio.run(paged_list.plans(url, cases, "mall_goods", "the goods"))
        print("\n```\n" + conn_plans + "\n```")
    finally:
        core.stop()


if __name__ == "__main__":
    main()
