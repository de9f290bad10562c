"""The fault test: the topology under ~90 s of mixed traffic, with faults in the middle, then the checks.

``.venv/bin/python -m ops.faults.scenario [--seconds 90]`` (tests/test_cluster_faults.py runs the same) starts the
topology with demo data (``topology()``: ``ops.cluster.Cluster(web=False)``, whose start fills it with
CONSOLE_DEMO_CONSUMERS consumers), drives ``ops.faults.traffic`` and meanwhile: kills core node 0 and starts it
again, kills worker 0 while an export is running, stops and starts RabbitMQ's application, stops and starts the
standby. Then ``ops.faults.checks``; the figures go to var/test-results/cluster-faults.json (every failed request
to cluster-faults-failures.json) and are printed. Exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sys
import time
from typing import Any

from ops.faults import checks
from ops.faults.cpu import CpuShares
from ops.faults.traffic import Traffic
from ops.stack import ROOT

RESULTS = ROOT / "var" / "test-results" / "cluster-faults.json"
FAILURES = RESULTS.with_name("cluster-faults-failures.json")  # every failed request, times from the load's start
DEMO_CONSUMERS = "3000"  # the consumers' export then takes a few seconds: a worker can be killed in its middle
AFTER = 10  # seconds of load after the last fault, however long the faults took
STEP_LIMIT = 45  # seconds a fault step (a node's restart) may take


def topology() -> Any:
    """The one place where the topology is made. What the nodes inherit from this environment: sign-in without a
    captcha for the test's admin sessions, enough demo consumers for an export that lasts a few seconds."""
    from ops.cluster import Cluster

    for name, value in (("CONSOLE_CAPTCHA_ENABLED", "false"), ("CONSOLE_LOGIN_IP_LIMIT", "1000"),
                        ("CONSOLE_ARGON2_COST", "light"), ("CONSOLE_DEMO_CONSUMERS", DEMO_CONSUMERS)):
        os.environ.setdefault(name, value)
    return Cluster(web=False)


def wallet_key_of(cluster: Any) -> str:
    """The key of the local wallet provider's callbacks, which the nodes derive from the cluster's secret key
    (core_api.platform.settings.Settings.wallet_secret)."""
    from core_api.platform.settings import Settings

    return Settings(secret_key=cluster.secret_key, wallet_key="").wallet_secret


async def step(cluster: Any, method: str, *args: int, began: dict[str, Any] | None = None) -> None:
    """Runs one of the topology's fault methods for at most STEP_LIMIT seconds (a node that does not come back
    fails the checks, it does not hold the test). ``began``: a fault's record, whose "start" is set when the method
    begins to act. wait_for runs it as a task of its own, which a busy loop starts a turn or more later (0.2 s in a
    run beside other suites): a request sent in that turn was in flight at the kill, not sent after it."""
    async def act() -> None:
        if began is not None:
            began["start"] = time.time()
        await getattr(cluster, method)(*args)

    try:
        await asyncio.wait_for(act(), STEP_LIMIT)
    except TimeoutError:
        print(f"fault step {method}{args}: not done within {STEP_LIMIT} s", flush=True)


async def fault(cluster: Any, faults: list[dict[str, Any]], name: str, down: tuple[str, ...], up: tuple[str, ...],
                hold: float, node: str = "") -> None:
    """``node``: the host:port of the node the fault kills (its sockets' calls are checked against it)."""
    entry: dict[str, Any] = {"name": name, "start": time.time(), "node": node}
    faults.append(entry)
    await step(cluster, down[0], *map(int, down[1:]), began=entry)
    await asyncio.sleep(hold)
    await step(cluster, up[0], *map(int, up[1:]))
    entry["end"] = time.time()


async def faults_during(cluster: Any, traffic: Traffic, seconds: float, faults: list[dict[str, Any]]) -> None:
    """The faults spread over the run: a core node at 15 %, a worker in the middle of an export at 35 %,
    RabbitMQ at 55 %, the standby at 75 %. The load goes on until AFTER seconds past the end of the last, however
    long they took."""
    began = time.time()

    async def at(share: float) -> None:
        await asyncio.sleep(max(0.0, began + seconds * share - time.time()))

    traffic.faults_begin()
    try:
        await at(0.15)
        await fault(cluster, faults, "kill core 0", ("kill_core", "0"), ("start_core", "0"), 5,
                    node=cluster.core_urls[0].split("/", 3)[2])
        await at(0.35)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(traffic.export_running.wait(), seconds * 0.1)
        await fault(cluster, faults, "kill worker 0", ("kill_worker", "0"), ("start_worker", "0"), 3)
        await at(0.55)
        await fault(cluster, faults, "rabbitmq stop_app", ("rabbit_stop_app",), ("rabbit_start_app",), 5)
        await at(0.75)
        await fault(cluster, faults, "standby stopped", ("stop_standby",), ("start_standby",), 8)
    finally:
        traffic.faults_over(AFTER)


async def run(seconds: float = 90) -> tuple[list[str], dict[str, Any]]:
    cluster = topology()
    await cluster.start()
    try:
        traffic = Traffic(cluster.proxy_url, list(cluster.core_urls), cluster.primary_url, cluster.partner_key,
                          wallet_key_of(cluster))
        try:
            await traffic.setup()
            before = await checks.snapshot(cluster.primary_url, [s["id"] for s in traffic.rec.goods["skus"]])
            faults: list[dict[str, Any]] = []
            shares, load_over = CpuShares(), asyncio.Event()
            sampling = asyncio.create_task(shares.run(load_over))
            try:
                await asyncio.gather(traffic.run(seconds), faults_during(cluster, traffic, seconds, faults))
            finally:
                load_over.set()
                await sampling
        finally:
            await traffic.close()
        await asyncio.sleep(2)  # the last payments' events are handled
        problems, figures = await checks.check(cluster.primary_url, traffic.rec, faults, before)
    finally:
        await cluster.stop()
    figures["topology"] = type(cluster).__name__
    figures["cpu_during_the_load"] = shares.report()
    figures["problems"] = problems
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(figures, ensure_ascii=False, indent=1))
    failed = [{**vars(c), "start": round(c.start - traffic.rec.began, 2), "end": round(c.end - traffic.rec.began, 2)}
              for c in traffic.rec.calls if not c.ok]
    FAILURES.write_text(json.dumps(failed, ensure_ascii=False, indent=0))
    print(json.dumps(figures, ensure_ascii=False, indent=1))
    return problems, figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=90)
    args = parser.parse_args()
    # Stopped like Ctrl-C (asyncio cancels the run, whose finally takes the topology down).
    signal.signal(signal.SIGTERM, lambda *_: os.kill(os.getpid(), signal.SIGINT))
    problems, _ = asyncio.run(run(args.seconds))
    for line in problems:
        print("FAILED:", line, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()



