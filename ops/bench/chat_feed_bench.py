"""The partner feed of single chat records, in PostgreSQL: records written a second, all of them there once.

``.venv/bin/python -m ops.bench.chat_feed_bench [--database NAME] [--seconds 10] [--concurrency 4] [--batch 500]``

Recreates the database (migrated and seeded) and adds ``--users`` app users through the partner feed. Then, with
one core_api process (the API and the worker handlers on the in-process bus), ``--concurrency`` app servers each
post ``POST /api/partner/v1/im_records_single/batch`` (signed, a new Idempotency-Key each, ``--batch`` records of
random pairs of those users, sent over the last two months so that two partitions are written) one after the
other for ``--seconds``. A batch counts only when its body says ``code`` 200 and ``created`` is its size. At the
end: the table holds exactly the records the accepted batches carried (checked by their contents), and a batch
sent again under its key answers the stored answer and writes nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import random
import statistics
import time

import aiohttp
import asyncpg
import orjson

from ops.bench.common import CpuSplit, Result, bench_env, prepare, recreate_database, start, table
from ops.bench.order_place_bench import KEY, signed, users

PATH = "/api/partner/v1/im_records_single/batch"


def batch(uids: list[int], size: int, tag: str) -> bytes:
    now = dt.datetime.now(dt.UTC)
    records = []
    for n in range(size):
        a, b = random.sample(uids, 2)
        sent = now - dt.timedelta(seconds=random.randrange(60 * 24 * 3600))  # the last two months
        records.append({"fromUid": a, "toUid": b, "content": f"{tag}-{n}", "sentTime": int(sent.timestamp())})
    return orjson.dumps({"records": records})


async def feed(core: str, uids: list[int], size: int, concurrency: int, seconds: float
               ) -> tuple[Result, int, tuple[bytes, dict[str, str], dict]]:
    latencies: list[float] = []
    written = wrong = 0
    kept: list[tuple[bytes, dict[str, str], dict]] = []
    deadline = time.perf_counter() + seconds
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency + 1)) as http:
        async def app_server(k: int) -> None:
            nonlocal written, wrong
            i = 0
            while time.perf_counter() < deadline:
                body, i = batch(uids, size, f"s{k}b{i}"), i + 1
                headers = signed(PATH, body)
                began = time.perf_counter()
                async with http.post(core + PATH, data=body, headers=headers) as r:
                    answer = await r.json()
                if answer.get("code") == 200 and answer["data"]["created"] == size:
                    latencies.append(time.perf_counter() - began)
                    written += size
                    if not kept:
                        kept.append((body, headers, answer))
                else:
                    wrong += 1
                    print("refused:", answer)

        began = time.perf_counter()
        await asyncio.gather(*(app_server(k) for k in range(concurrency)))
        elapsed = time.perf_counter() - began
    latencies.sort()
    result = Result(f"POST {PATH}, {size} records a batch (records/s)", concurrency, written / elapsed,
                    statistics.median(latencies) * 1000 if latencies else 0,
                    latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000 if latencies else 0, wrong)
    return result, written, kept[0]


async def replay(core: str, kept: tuple[bytes, dict[str, str], dict]) -> bool:
    body, headers, first = kept
    async with aiohttp.ClientSession() as http, http.post(core + PATH, data=body, headers=headers) as r:
        return bool(await r.json() == first)


async def stored(url: str) -> tuple[int, int]:
    conn = await asyncpg.connect(url)
    try:
        return (await conn.fetchval("SELECT count(*) FROM im_record_single"),
                await conn.fetchval("SELECT count(DISTINCT content) FROM im_record_single"))
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default="console_bench_chat_feed")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--batch", type=int, default=500)
    parser.add_argument("--users", type=int, default=200)
    args = parser.parse_args()
    url = asyncio.run(recreate_database(args.database))
    env = bench_env(url, CONSOLE_CHAT_PARTNER_KEY=KEY)
    prepare(env)
    core = start("core_api", env, "/health")
    try:
        uids = asyncio.run(users(core.url, args.users))
        with CpuSplit([p.pid for p in core.procs]) as spent:
            result, written, kept = asyncio.run(feed(core.url, uids, args.batch, args.concurrency, args.seconds))
        before = asyncio.run(stored(url))
        replayed = asyncio.run(replay(core.url, kept))
        after = asyncio.run(stored(url))
    finally:
        core.stop()
    print(table([result]))
    print(f"\nCPU per record: {spent.per_answer(written)}")
    print(f"accepted {written:,} records; the table holds {before[0]:,} rows, {before[1]:,} distinct contents; "
          f"a batch sent again under its key: {'the stored answer' if replayed else 'ANOTHER ANSWER'}, "
          f"rows after it {after[0]:,}")
    print("all there once" if before == (written, written) and after == before and replayed else "MISMATCH")


if __name__ == "__main__":
    main()
