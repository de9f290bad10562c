"""Order placement under a steady rate, in PostgreSQL: no oversell, and the reservation SQL straight through asyncpg.

``.venv/bin/python -m ops.bench.order_place_bench [--database NAME] [--rate 200] [--seconds 60] [--users 200]``

Recreates the database (migrated and seeded), one shop, one approved goods item with one SKU whose stock is
80 % of the placements the run will send, and ``--users`` app users (the partner feed). Then, with one core_api
process (the API and the worker handlers on the in-process bus), ``POST /api/partner/v1/orders/place`` (signed,
one line of quantity 1, a new requestNo each) is sent at ``--rate`` per second for ``--seconds`` (open loop: a
call starts every 1/rate s whatever the earlier ones do). An answer counts as placed only when its body says
``code`` 200; a refusal counts only when it is the stock refusal; anything else is wrong. At the end the SKU's
stock must be 0 and the placed answers exactly the starting stock (no oversell, no lost sale).

The floor: the same conditional reservation (``UPDATE mall_sku SET stock = stock - 1 WHERE id = $1 AND stock >=
1`` and the goods' stock/sales) in one transaction per call through an asyncpg pool, at the same rate, on a
second SKU. It has no order rows, coupons, points or HTTP: it shows what the database alone costs.
Both print the CPU spent per answer by the server, the load client (this process) and the rest of the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid

import aiohttp
import asyncpg
import orjson

from ops.bench.common import CpuSplit, Result, bench_env, prepare, production, recreate_database, start, table

PATH = "/api/partner/v1/orders/place"
KEY = "bench-partner-key-" + "k" * 24


def signed(path: str, body: bytes) -> dict[str, str]:
    from core_api.platform.partner import partner_signature

    ts, key = str(int(time.time())), uuid.uuid4().hex
    return {"Content-Type": "application/json", "X-Partner-Timestamp": ts, "Idempotency-Key": key,
            "X-Partner-Signature": partner_signature(KEY, ts, "POST", path, body, key)}


async def setup(url: str, stock: int) -> tuple[int, int, int, int]:
    conn = await asyncpg.connect(url)
    try:
        shop = await conn.fetchval(
            "INSERT INTO mall_shop (name, logo, contact, phone, area_code, address, intro, shelf, brand_sale, "
            "rate_bp, sort, create_by, create_time, update_by) VALUES ('压测店', '', '店长', '13800138000', "
            "'110105', '', '', '1', '0', 600, 0, '', now(), '') RETURNING id")
        cat = await conn.fetchval("INSERT INTO mall_category (parent_id, kind, name, icon, sort, shelf, create_by, "
                                  "create_time, update_by) VALUES (0, 'goods', '压测', '', 0, '1', '', now(), '') "
                                  "RETURNING id")
        ids = []
        for name in ("压测商品", "压测底线"):
            goods = await conn.fetchval(
                "INSERT INTO mall_goods (shop_id, category_id, name, subtitle, pics, detail, price_fen, "
                "market_price_fen, stock, sales, unit, shelf, recommend, review, review_reason, source, sort, version, "
                "create_by, create_time, update_by) VALUES ($1, $2, $3, '', '', '', 990, 0, $4, 0, '件', '1', '0', "
                "'approved', '', 'own', 0, 0, '', now(), '') RETURNING id", shop, cat, name, stock)
            sku = await conn.fetchval(
                "INSERT INTO mall_sku (goods_id, shop_id, spec_key, spec, price_fen, market_price_fen, stock, code, "
                "image) VALUES ($1, $2, '0', '默认', 990, 0, $3, '', '') RETURNING id", goods, shop, stock)
            ids += [goods, sku]
        return shop, ids[1], ids[2], ids[3]
    finally:
        await conn.close()


async def users(core: str, n: int) -> list[int]:
    uids = list(range(7_000_001, 7_000_001 + n))
    async with aiohttp.ClientSession() as http:
        for uid in uids:
            body = orjson.dumps({"uid": uid, "nickName": f"压测{uid}"})
            async with http.post(core + "/api/partner/v1/consumers", data=body,
                                 headers=signed("/api/partner/v1/consumers", body)) as r:
                assert (await r.json())["code"] == 200
    return uids


def summary(name: str, rate: int, latencies: list[float], elapsed: float, wrong: int) -> Result:
    latencies.sort()
    p50 = statistics.median(latencies) * 1000 if latencies else 0
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000 if latencies else 0
    return Result(name, rate, len(latencies) / elapsed, p50, p99, wrong)


async def paced(rate: int, seconds: float, call) -> float:
    began = time.perf_counter()
    tasks = []
    for i in range(int(rate * seconds)):
        delay = began + i / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(call(i)))
    await asyncio.gather(*tasks)
    return time.perf_counter() - began


async def load(core: str, shop: int, sku: int, uids: list[int], rate: int, seconds: float) -> tuple[Result, int, int]:
    latencies: list[float] = []
    placed = sold_out = wrong = 0
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=512)) as http:
        async def call(i: int) -> None:
            nonlocal placed, sold_out, wrong
            body = orjson.dumps({"requestNo": uuid.uuid4().hex, "uid": uids[i % len(uids)],
                                 "address": {"name": "张三", "phone": "13800138000", "area": "北京", "address": "1号"},
                                 "shops": [{"shopId": shop, "delivery": "express",
                                            "items": [{"skuId": sku, "quantity": 1}]}]})
            t0 = time.perf_counter()
            try:
                async with http.post(core + PATH, data=body, headers=signed(PATH, body)) as r:
                    answer = await r.json()
            except (aiohttp.ClientError, TimeoutError):
                wrong += 1
                return
            if answer.get("code") == 200:
                placed += 1
                latencies.append(time.perf_counter() - t0)
            elif "库存不足" in str(answer.get("msg")):
                sold_out += 1
                latencies.append(time.perf_counter() - t0)
            else:
                wrong += 1

        elapsed = await paced(rate, seconds, call)
    return summary(f"POST {PATH} (placed + sold out)", rate, latencies, elapsed, wrong), placed, sold_out


async def floor(url: str, goods: int, sku: int, rate: int, seconds: float) -> tuple[Result, int]:
    pool = await asyncpg.create_pool(url, min_size=16, max_size=32)
    latencies: list[float] = []
    reserved = 0

    async def call(_i: int) -> None:
        nonlocal reserved
        t0 = time.perf_counter()
        async with pool.acquire() as conn, conn.transaction():
            done = await conn.execute("UPDATE mall_sku SET stock = stock - 1 WHERE id = $1 AND stock >= 1", sku)
            if done.endswith(" 1"):
                await conn.execute("UPDATE mall_goods SET stock = stock - 1, sales = sales + 1 WHERE id = $1", goods)
                reserved += 1
        latencies.append(time.perf_counter() - t0)

    elapsed = await paced(rate, seconds, call)
    await pool.close()
    return summary("asyncpg conditional reservation (floor)", rate, latencies, elapsed, 0), reserved


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="console_bench_orders")
    parser.add_argument("--rate", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--processes", type=int, default=1,
                        help="API processes (--reuse-port, on RabbitMQ with a workers process); 1: the embedded way")
    parser.add_argument("--users", type=int, default=200)
    args = parser.parse_args()
    stock = int(args.rate * args.seconds * 0.8)
    url = asyncio.run(recreate_database(args.database))
    env = bench_env(url, CONSOLE_CHAT_PARTNER_KEY=KEY)
    prepare(env)
    shop, sku, floor_goods, floor_sku = asyncio.run(setup(url, stock))
    core = start("core_api", production(env, args.processes), "/health", args.processes)
    try:
        uids = asyncio.run(users(core.url, args.users))
        with CpuSplit([p.pid for p in core.procs]) as spent:
            result, placed, sold_out = asyncio.run(load(core.url, shop, sku, uids, args.rate, args.seconds))
        with CpuSplit([]) as floor_spent:
            base, reserved = asyncio.run(floor(url, floor_goods, floor_sku, args.rate, args.seconds))
    finally:
        core.stop()

    async def left() -> tuple[int, int]:
        conn = await asyncpg.connect(url)
        try:
            return (await conn.fetchval("SELECT stock FROM mall_sku WHERE id = $1", sku),
                    await conn.fetchval("SELECT coalesce(sum(quantity), 0) FROM order_line WHERE sku_id = $1", sku))
        finally:
            await conn.close()

    remaining, lines = asyncio.run(left())
    print(table([result, base]))
    print(f"\nstock {stock}: placed {placed}, sold out {sold_out}, wrong {result.errors}; order lines {lines}, "
          f"stock left {remaining}; floor reserved {reserved}")
    answers = placed + sold_out + result.errors
    print(f"placement: {spent.per_answer(answers)} (the server: {len(core.procs)} process(es), with the workers' "
          f"when on the broker)\nfloor: {floor_spent.per_answer(base.rps * args.seconds)}")
    ok = placed == lines == stock - remaining and remaining >= 0 and (remaining == 0 or sold_out == 0)
    print("no oversell" if ok else "MISMATCH")


if __name__ == "__main__":
    main()
