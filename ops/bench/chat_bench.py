"""Chat delivery under load: many connected app users sending to the service desk.

``.venv/bin/python -m ops.bench.chat_bench [--users 5000] [--rate 500] [--seconds 60] [--nodes 1|2]``

App users connect over the plain WebSocket form (light on the load generator), spread over the nodes;
one staff member listens on socket.io on the first node. Every message carries its send time; the
latency is its arrival at the staff socket. Prints p50 / p99 and the CPU and memory of each node.
With --nodes 2 the nodes share PostgreSQL and RabbitMQ.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
import uuid

import aiohttp
import psutil
import socketio

from ops.bench.common import Server, bench_env, prepare, recreate_database, start

KEY = "bench-partner-key-" + "k" * 24
AMQP = os.environ.get("CONSOLE_BENCH_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/")


async def peer_token(http: aiohttp.ClientSession, core: str, peer_id: int) -> str:
    async with http.post(f"{core}/api/chat/v1/peer_token", headers={"X-Partner-Key": KEY},
                         json={"kind": "user", "peerId": peer_id, "name": f"用户{peer_id}"}) as r:
        return (await r.json())["data"]["token"]


async def staff_token(http: aiohttp.ClientSession, core: str) -> str:
    async with http.post(f"{core}/login", json={"username": "admin", "password": "admin123"}) as r:
        session = (await r.json())["token"]
    async with http.get(f"{core}/getInfo", headers={"Authorization": f"Bearer {session}"}) as r:
        return (await r.json())["user"]["token"]


def sample(procs: list[psutil.Process], usage: dict[int, list[tuple[float, float]]]) -> None:
    for p in procs:
        usage.setdefault(p.pid, []).append((p.cpu_percent(None), p.memory_info().rss / 1024 / 1024))


async def run(users: int, rate: float, seconds: float, nodes: list[Server]) -> dict:
    latencies: list[float] = []
    received = 0
    sio = socketio.AsyncClient(reconnection=False)

    async def on_message(data: dict) -> None:
        nonlocal received
        if data.get("messageType") == "friend" and not data.get("self"):
            text = data["content"][0].get("txt", "")
            if text.startswith("t="):
                latencies.append(time.time() - float(text[2:]))
                received += 1

    sio.on("message", on_message)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        await sio.connect(nodes[0].url, auth={"token": await staff_token(http, nodes[0].url)},
                          transports=["websocket"])
        tokens = await asyncio.gather(*(peer_token(http, nodes[i % len(nodes)].url, i + 1) for i in range(users)))
        sockets = []
        for i in range(0, users, 200):  # connect in waves
            batch = [http.ws_connect(f"{nodes[j % len(nodes)].url}/ws/chat/user_token={tokens[j]}",
                                     heartbeat=None) for j in range(i, min(users, i + 200))]
            sockets += await asyncio.gather(*batch)
        for ws in sockets:
            await ws.receive_json()  # the badge on connect

        async def drain(ws: aiohttp.ClientWebSocketResponse) -> None:
            async for _ in ws:  # acks and echoes
                pass

        drains = [asyncio.create_task(drain(ws)) for ws in sockets]
        procs = [psutil.Process(n.proc.pid) for n in nodes]
        usage: dict[int, list[tuple[float, float]]] = {}
        sample(procs, usage)
        interval = 1.0 / rate
        began = time.monotonic()
        sent = 0
        while (elapsed := time.monotonic() - began) < seconds:
            target = int(elapsed / interval)
            while sent < target:
                ws = sockets[sent % users]
                await ws.send_str(json.dumps({"messageType": "friend", "contentType": "txt",
                                              "content": [{"type": "txt", "txt": f"t={time.time()}"}],
                                              "clientMsgId": uuid.uuid4().hex}))
                sent += 1
            if int(elapsed) != int(elapsed - 0.02):
                sample(procs, usage)
            await asyncio.sleep(0.005)
        await asyncio.sleep(3)
        sample(procs, usage)
        for task in drains:
            task.cancel()
        for ws in sockets:
            await ws.close()
        await sio.disconnect()
    latencies.sort()
    per_node = []
    for pid, points in usage.items():
        cpu = [c for c, _ in points[1:]]
        per_node.append({"pid": pid, "cpu_avg": statistics.mean(cpu) if cpu else 0.0,
                         "rss_max": max(m for _, m in points)})
    return {"sent": sent, "received": received, "p50": latencies[len(latencies) // 2] * 1000,
            "p99": latencies[int(len(latencies) * 0.99)] * 1000, "nodes": per_node}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=5000)
    parser.add_argument("--rate", type=float, default=500)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--nodes", type=int, choices=[1, 2], default=1)
    args = parser.parse_args()
    url = asyncio.run(recreate_database("console_bench_chat"))
    extra = {"CONSOLE_CHAT_PARTNER_KEY": KEY}
    if args.nodes == 2:
        extra |= {"CONSOLE_AMQP_URL": AMQP, "CONSOLE_BUS_PREFIX": f"chatbench{uuid.uuid4().hex[:6]}"}
    env = bench_env(url, **extra)
    if args.nodes == 2:
        env["CONSOLE_AMQP_URL"] = AMQP
    prepare(env)
    nodes = [start("core_api", env, "/health") for _ in range(args.nodes)]
    try:
        result = asyncio.run(run(args.users, args.rate, args.seconds, nodes))
    finally:
        for node in nodes:
            node.stop()
    print(f"{args.users:,} app-user sockets, {args.rate:.0f} messages/s for {args.seconds:.0f} s, "
          f"{args.nodes} core_api node(s){' on RabbitMQ' if args.nodes == 2 else ''}")
    print(f"delivered {result['received']:,} of {result['sent']:,}; latency p50 {result['p50']:.1f} ms, "
          f"p99 {result['p99']:.1f} ms")
    for i, node in enumerate(result["nodes"]):
        print(f"node {i + 1}: CPU {node['cpu_avg']:.0f}% of one core on average, peak RSS {node['rss_max']:.0f} MB")


if __name__ == "__main__":
    main()
