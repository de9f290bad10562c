"""Chat delivery under load: many connected app users sending to the service desk.

``.venv/bin/python -m ops.bench.chat_bench [--users 5000] [--rate 500] [--seconds 60] [--nodes 1|2]
[--senders 2]``

App users connect over the plain WebSocket form (light on the load generator), spread over the nodes
and over ``--senders`` sender processes; one staff member listens on socket.io on the first node, in
this process, which does nothing else, so that the load generator's own queueing does not count as
delivery latency. Every message carries its send time; the latency is its arrival at the staff socket
(the processes share the machine's clock). Prints p50 / p99 / p99.9 / max overall and per 5 s window,
and the CPU and memory of each node. With --nodes 2 the nodes share PostgreSQL and RabbitMQ.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import time
import uuid
from typing import Any

import aiohttp
import psutil
import socketio

from ops.bench.common import Server, bench_env, prepare, recreate_database, start

KEY = "bench-partner-key-" + "k" * 24
AMQP = os.environ.get("CONSOLE_BENCH_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/")
WINDOW = 5.0


async def peer_token(http: aiohttp.ClientSession, core: str, peer_id: int) -> str:
    async with http.post(f"{core}/api/chat/v1/peer_token", headers={"X-Partner-Key": KEY},
                         json={"kind": "user", "peerId": peer_id, "name": f"用户{peer_id}"}) as r:
        return (await r.json())["data"]["token"]


async def staff_token(http: aiohttp.ClientSession, core: str) -> str:
    async with http.post(f"{core}/login", json={"username": "admin", "password": "admin123"}) as r:
        session = (await r.json())["token"]
    async with http.get(f"{core}/getInfo", headers={"Authorization": f"Bearer {session}"}) as r:
        return (await r.json())["user"]["token"]


# ---- sender processes ------------------------------------------------------------------------------

async def _send(addresses: list[str], rate: float, seconds: float, ready: Any, go: Any, done: Any) -> None:
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        sockets: list[aiohttp.ClientWebSocketResponse] = []
        for i in range(0, len(addresses), 200):  # connect in waves
            sockets += await asyncio.gather(*(http.ws_connect(a, heartbeat=None) for a in addresses[i:i + 200]))
        for ws in sockets:
            await ws.receive_json()  # the badge on connect

        async def drain(ws: aiohttp.ClientWebSocketResponse) -> None:
            async for _ in ws:  # acks and echoes
                pass

        drains = [asyncio.create_task(drain(ws)) for ws in sockets]
        ready.put(len(sockets))
        began_at = await asyncio.get_running_loop().run_in_executor(None, go.get)
        await asyncio.sleep(max(0.0, began_at - time.time()))
        began, sent, interval = time.monotonic(), 0, 1.0 / rate
        while (elapsed := time.monotonic() - began) < seconds:
            while sent < int(elapsed / interval):
                ws = sockets[sent % len(sockets)]
                await ws.send_str(json.dumps({"messageType": "friend", "contentType": "txt",
                                              "content": [{"type": "txt", "txt": f"t={time.time()}"}],
                                              "clientMsgId": uuid.uuid4().hex}))
                sent += 1
            await asyncio.sleep(0.002)
        done.put(sent)
        await asyncio.sleep(5)  # let the last acks arrive before closing
        for task in drains:
            task.cancel()
        for ws in sockets:
            await ws.close()


def sender(addresses: list[str], rate: float, seconds: float, ready: Any, go: Any, done: Any) -> None:
    asyncio.run(_send(addresses, rate, seconds, ready, go, done))


# ---- the staff side and the report -----------------------------------------------------------------

def pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(len(values) * q))] * 1000 if values else float("nan")


async def run(users: int, rate: float, seconds: float, nodes: list[Server], senders: int) -> dict[str, Any]:
    timeline: list[tuple[float, float]] = []  # (sent at, latency)
    sio = socketio.AsyncClient(reconnection=False)

    async def on_message(data: dict[str, Any]) -> None:
        if data.get("messageType") == "friend" and not data.get("self"):
            text = data["content"][0].get("txt", "")
            if text.startswith("t="):
                sent_at = float(text[2:])
                timeline.append((sent_at, time.time() - sent_at))

    sio.on("message", on_message)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        await sio.connect(nodes[0].url, auth={"token": await staff_token(http, nodes[0].url)},
                          transports=["websocket"])
        tokens = await asyncio.gather(*(peer_token(http, nodes[i % len(nodes)].url, i + 1) for i in range(users)))
    addresses = [f"{nodes[j % len(nodes)].url}/ws/chat/user_token={tokens[j]}" for j in range(users)]

    ctx = multiprocessing.get_context("spawn")
    ready, go, done = ctx.Queue(), ctx.Queue(), ctx.Queue()
    procs = [ctx.Process(target=sender, args=(addresses[k::senders], rate / senders, seconds, ready, go, done))
             for k in range(senders)]
    for p in procs:
        p.start()
    loop = asyncio.get_running_loop()
    for _ in procs:
        await loop.run_in_executor(None, ready.get)
    watched = [psutil.Process(n.proc.pid) for n in nodes]
    for w in watched:
        w.cpu_percent(None)
    began_at = time.time() + 1
    for _ in procs:
        go.put(began_at)
    usage: dict[int, list[tuple[float, float]]] = {w.pid: [] for w in watched}
    while time.time() < began_at + seconds:
        await asyncio.sleep(1)
        for w in watched:
            usage[w.pid].append((w.cpu_percent(None), w.memory_info().rss / 1024 / 1024))
    sent = 0
    for _ in procs:
        sent += await loop.run_in_executor(None, done.get)
    await asyncio.sleep(3)
    for p in procs:
        await loop.run_in_executor(None, p.join)
    await sio.disconnect()

    latencies = sorted(lat for _, lat in timeline)
    windows: dict[int, list[float]] = {}
    for t, lat in timeline:
        windows.setdefault(int((t - began_at) // WINDOW), []).append(lat)
    per_window = [(w * WINDOW, len(v), pct(sorted(v), 0.5), pct(sorted(v), 0.99), max(v) * 1000)
                  for w, v in sorted(windows.items())]
    per_node = [{"cpu_avg": statistics.mean(c for c, _ in points), "rss_max": max(m for _, m in points)}
                for points in usage.values()]
    return {"sent": sent, "received": len(timeline), "p50": pct(latencies, 0.5), "p99": pct(latencies, 0.99),
            "p999": pct(latencies, 0.999), "max": latencies[-1] * 1000 if latencies else float("nan"),
            "windows": per_window, "nodes": per_node}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=5000)
    parser.add_argument("--rate", type=float, default=500)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--nodes", type=int, choices=[1, 2], default=1)
    parser.add_argument("--senders", type=int, default=2)
    args = parser.parse_args()
    url = asyncio.run(recreate_database("console_bench_chat"))
    extra = {"CONSOLE_CHAT_PARTNER_KEY": KEY}
    if args.nodes == 2:
        extra |= {"CONSOLE_AMQP_URL": AMQP, "CONSOLE_BUS_PREFIX": f"chatbench{uuid.uuid4().hex[:6]}"}
    env = bench_env(url, **extra)
    prepare(env)
    nodes = [start("core_api", env, "/health") for _ in range(args.nodes)]
    try:
        result = asyncio.run(run(args.users, args.rate, args.seconds, nodes, args.senders))
    finally:
        for node in nodes:
            node.stop()
    print(f"{args.users:,} app-user sockets, {args.rate:.0f} messages/s for {args.seconds:.0f} s, "
          f"{args.nodes} core_api node(s){' on RabbitMQ' if args.nodes == 2 else ''}, {args.senders} sender processes")
    for at, n, p50, p99, top in result["windows"]:
        print(f"  {at:>4.0f} s  {n:>5} msgs  p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  max {top:7.1f} ms")
    print(f"delivered {result['received']:,} of {result['sent']:,}; latency p50 {result['p50']:.1f} ms, "
          f"p99 {result['p99']:.1f} ms, p99.9 {result['p999']:.1f} ms, max {result['max']:.1f} ms")
    for i, node in enumerate(result["nodes"]):
        print(f"node {i + 1}: CPU {node['cpu_avg']:.0f}% of one core on average, peak RSS {node['rss_max']:.0f} MB")


if __name__ == "__main__":
    main()
