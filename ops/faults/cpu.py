"""Where the fault test's CPU went: each part of the topology's seconds of CPU during the load, and how busy the
machine was, so that a rate below the one asked can be read as the machine's limit or a part's.

Sampled every second (psutil, every process of the machine): a process first seen after the first sample (a node
started again, a new PostgreSQL backend) counts from zero; one that ended between two samples counts up to its last.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import psutil

from ops.bench.common import machine_cpu

# (part, what its command line holds), the first that matches
PARTS = (("core API nodes", "core_api serve"), ("BFF nodes", "bff serve"), ("workers", "-m workers"),
         ("RabbitMQ", "beam.smp"), ("PostgreSQL", "postgres"), ("HAProxy", "haproxy"), ("Redis", "redis-server"))
LOAD = "the load generator"


class CpuShares:
    def __init__(self, parts: tuple[tuple[str, str], ...] = PARTS) -> None:
        self._parts = parts
        self._first_at = 0.0  # wall time of the first sample: a process created after it counts from zero
        self._seen: dict[int, tuple[str, float, float]] = {}  # pid: (part, CPU at the first sample, at the last)
        # (monotonic time, the machine's busy CPU seconds, its CPU seconds in all) at the first and the last sample
        self._first = True
        self._began = (time.monotonic(), *machine_cpu())
        self._ended = self._began

    def _part(self, pid: int, cmdline: list[str]) -> str:
        if pid == os.getpid():
            return LOAD
        line = " ".join(cmdline)
        return next((part for part, marker in self._parts if marker in line), "other")

    def sample(self) -> None:
        if self._first:
            self._first_at = time.time()
        for proc in psutil.process_iter(["pid", "cmdline", "cpu_times", "create_time"]):
            info = proc.info
            times = info.get("cpu_times")
            if times is None:
                continue
            spent = times.user + times.system
            pid = info["pid"]
            known = self._seen.get(pid)
            if known is None:
                # one that ran before the first sample but was not read then (it could not be) counts from now; a
                # start time is the boot's whole second plus the process's ticks, up to a second off the clock
                new = not self._first and (info.get("create_time") or 0.0) >= self._first_at - 1.0
                self._seen[pid] = (self._part(pid, info.get("cmdline") or []), 0.0 if new else spent, spent)
            else:
                self._seen[pid] = (known[0], known[1], spent)
        self._first = False
        self._ended = (time.monotonic(), *machine_cpu())

    async def run(self, stop: asyncio.Event, every: float = 1.0) -> None:
        self._began = (time.monotonic(), *machine_cpu())
        while True:
            await asyncio.to_thread(self.sample)
            try:
                await asyncio.wait_for(stop.wait(), every)
                await asyncio.to_thread(self.sample)
                return
            except TimeoutError:
                pass

    def report(self) -> dict[str, Any]:
        parts: dict[str, float] = {}
        for part, first, last in self._seen.values():
            parts[part] = parts.get(part, 0.0) + max(last - first, 0.0)
        elapsed = self._ended[0] - self._began[0]
        busy, total = self._ended[1] - self._began[1], self._ended[2] - self._began[2]
        return {"seconds": round(elapsed, 1), "cores": os.cpu_count(),
                "machine_busy_share": round(busy / total, 3) if total else 0.0,
                "cpu_seconds": {k: round(v, 1) for k, v in sorted(parts.items(), key=lambda kv: -kv[1])}}
