"""The app users' background export with 1,000,000 consumers in PostgreSQL: time and the worker's memory.

``.venv/bin/python -m ops.bench.consumer_export_bench [--consumers N] [--amqp URL]`` loads N consumers with
COPY (a tenth with an approved identity, so the ID-number column is filled), starts the core API and a
separate worker process on RabbitMQ (the production shape), asks ``POST
/admin/AccountUserConsumer/download_data`` for the whole list, follows ``/admin/exports/{id}`` until the
file is built, downloads it, and prints Markdown: rows, seconds, rows per second, the file's size, and the
worker's peak RSS (VmHWM) before and after. The worker must stay under 300 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg

from ops.bench.common import bench_env, prepare, recreate_database, start
from ops.stack import PY, ROOT

LIMIT_MB = 300
CHUNK = 100_000
CITIES = ["北京", "上海", "广州", "深圳", "杭州", "成都", "武汉", "西安", "南京", "重庆"]
NAMES = ["小明", "阿强", "张三", "李四", "王五", "晓红", "大伟", "芳芳", "静静", "磊磊"]


async def add_consumers(url: str, count: int) -> None:
    conn = await asyncpg.connect(url)
    try:
        start_uid = 10_000_000
        now = datetime.now(UTC)
        columns = ["id", "uid", "nick_name", "phone", "avatar", "sex", "invite_code", "referrer_uid", "frozen",
                   "muted", "usable", "register_time", "last_login_time", "last_login_ip", "last_login_city",
                   "password_hash", "create_time"]
        for chunk in range(0, count, CHUNK):
            rows = [(i + 1, start_uid + i, f"{NAMES[i % 10]}{i}", f"1{3 + i % 7}{i:09d}", "", str(i % 3),
                     f"B{i:09d}", None, "1" if i % 97 == 0 else "0", "0", "1",
                     now - timedelta(minutes=i), now - timedelta(seconds=i), f"10.{i % 250}.{i % 200}.1",
                     CITIES[i % 10], "", now) for i in range(chunk, min(count, chunk + CHUNK))]
            await conn.copy_records_to_table("account_consumer", records=rows, columns=columns)
        identities = [(start_uid + i, f"用户{i}", f"110101{1990 + i % 30}0101{i % 10000:04d}", "", "", "", "1", "",
                       "bench", "1", "", "", now) for i in range(0, count, 10)]
        for chunk in range(0, len(identities), CHUNK):
            await conn.copy_records_to_table(
                "account_user_auth", records=identities[chunk:chunk + CHUNK],
                columns=["uid", "real_name", "id_number", "front_image", "back_image", "hand_image", "status",
                         "audit_remark", "audit_by", "shelf", "create_by", "update_by", "create_time"])
        await conn.execute("SELECT setval(pg_get_serial_sequence('account_consumer', 'id'), MAX(id)) "
                           "FROM account_consumer")
        await conn.execute("ANALYZE account_consumer")
        await conn.execute("ANALYZE account_user_auth")
    finally:
        await conn.close()


async def wait_for_queue(amqp: str, name: str, timeout: float = 120) -> None:
    """Until the worker has declared its queue (a message published before would have nowhere to go)."""
    import aio_pika

    connection = await aio_pika.connect_robust(amqp)
    try:
        deadline = time.monotonic() + timeout
        while True:
            channel = await connection.channel()
            try:
                await channel.declare_queue(name, passive=True)
                return
            except aio_pika.exceptions.ChannelClosed:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.5)
    finally:
        await connection.close()


async def delete_topology(amqp: str, prefix: str) -> None:
    """The bench's own queues and exchanges go with it."""
    from core_api.platform.bus import RabbitBus
    from workers.handlers import subscribe_all

    bus = RabbitBus(amqp, prefix=prefix)
    subscribe_all(bus)
    await bus.start(consume=False)
    await bus.delete_topology()
    await bus.close()


def call(core_url: str, token: str, path: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(core_url + path, data=data, method="POST" if data else "GET",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.load(r)


def login(core_url: str) -> str:
    body = json.dumps({"username": "admin", "password": "admin123"}).encode()
    request = urllib.request.Request(core_url + "/login", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as r:
        return str(json.load(r)["token"])


def rss_mb(pid: int, key: str = "VmHWM:") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--consumers", type=int, default=1_000_000)
    parser.add_argument("--amqp", default=os.environ.get("CONSOLE_BENCH_AMQP_URL", "amqp://guest:guest@127.0.0.1/"))
    args = parser.parse_args()
    url = asyncio.run(recreate_database("console_bench_consumers"))
    prefix = f"bench{os.getpid()}"
    env = bench_env(url, CONSOLE_AMQP_URL=args.amqp, CONSOLE_BUS_PREFIX=prefix)
    prepare(env)
    began = time.perf_counter()
    asyncio.run(add_consumers(url, args.consumers))
    print(f"loaded {args.consumers:,} consumers in {time.perf_counter() - began:.0f} s")
    core = start("core_api", env, "/health")
    worker = subprocess.Popen([PY, "-m", "workers", "run"], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        asyncio.run(wait_for_queue(args.amqp, f"{prefix}.exports.build"))
        token = login(core.url)
        idle = rss_mb(worker.pid)
        began = time.perf_counter()
        started = call(core.url, token, "/admin/AccountUserConsumer/download_data", {})
        assert started["code"] == 200, started
        job = started["data"]["jobId"]
        samples = []
        while True:
            progress = call(core.url, token, f"/admin/exports/{job}")["data"]
            now_rss = round(rss_mb(worker.pid, "VmRSS:"))
            samples.append((round(time.perf_counter() - began), progress["percent"], now_rss))
            if progress["status"] in ("done", "failed"):
                break
            time.sleep(1)
        built = time.perf_counter() - began
        assert progress["status"] == "done", progress
        request = urllib.request.Request(f"{core.url}/admin/exports/{job}/download",
                                         headers={"Authorization": f"Bearer {token}"})
        size = 0
        with urllib.request.urlopen(request, timeout=600) as r:
            while chunk := r.read(1 << 20):
                size += len(chunk)
        peak = rss_mb(worker.pid)
        print("\n| rows | build s | rows/s | xlsx MB | worker RSS idle MB | worker peak RSS MB | limit |")
        print("|---:|---:|---:|---:|---:|---:|---|")
        print(f"| {progress['done']:,} | {built:.0f} | {progress['done'] / built:,.0f} | {size / 1e6:.0f} | "
              f"{idle:.0f} | {peak:.0f} | {'under' if peak < LIMIT_MB else 'OVER'} {LIMIT_MB} MB |")
        step = max(1, len(samples) // 10)
        print("\nprogress (s, %, worker RSS MB): " + ", ".join(f"{s}/{p}/{m}" for s, p, m in samples[::step]))
        if peak >= LIMIT_MB:
            raise SystemExit(f"worker peak RSS {peak:.0f} MB is over {LIMIT_MB} MB")
    finally:
        worker.terminate()
        try:
            worker.wait(15)
        except subprocess.TimeoutExpired:
            worker.kill()
        core.stop()
        asyncio.run(delete_topology(args.amqp, prefix))


if __name__ == "__main__":
    main()
