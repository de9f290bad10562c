"""Shared by the benchmarks: a PostgreSQL database of their own, the stack's processes, and wrk."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
import urllib.request
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from ops.services import ensure_program
from ops.stack import PY, ROOT, free_port

PG_ADMIN = os.environ.get("CONSOLE_BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")


def pg_url(name: str) -> str:
    return PG_ADMIN.rsplit("/", 1)[0] + "/" + name


async def recreate_database(name: str) -> str:
    conn = await asyncpg.connect(PG_ADMIN)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return pg_url(name)


def bench_env(database_url: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "CONSOLE_DATABASE_URL": database_url,
        "CONSOLE_AMQP_URL": "",
        "CONSOLE_CAPTCHA_ENABLED": "false",
        "CONSOLE_LOGIN_IP_LIMIT": "1000000000",
        "CONSOLE_VAR_DIR": tempfile.mkdtemp(prefix="console-bench-"),
        **extra,
    }


def prepare(env: dict[str, str]) -> None:
    for step in ("migrate", "seed"):
        subprocess.run([PY, "-m", "core_api", step], check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)


AMQP_URL = os.environ.get("CONSOLE_BENCH_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/")


@dataclass
class Server:
    procs: list[subprocess.Popen[bytes]]
    url: str

    @property
    def proc(self) -> subprocess.Popen[bytes]:
        """The (last) API process."""
        return self.procs[-1]

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def production(env: dict[str, str], processes: int) -> dict[str, str]:
    """``env`` for ``processes`` API processes (``--reuse-port``): they need the broker (RabbitMQ), and the
    worker handlers and the scheduler run in a ``workers`` process of their own, as in production."""
    return env if processes <= 1 else {**env, "CONSOLE_AMQP_URL": AMQP_URL}


def _listening(pid: int, port: int) -> bool:
    import psutil

    try:
        return any(c.status == psutil.CONN_LISTEN and c.laddr.port == port
                   for c in psutil.Process(pid).net_connections(kind="tcp"))
    except psutil.Error:
        return False


def start(module: str, env: dict[str, str], health: str, processes: int = 1) -> Server:
    port = free_port()
    commands = [[module, "serve", "--port", str(port)]]
    if module == "core_api" and not env.get("CONSOLE_AMQP_URL"):
        commands = [["workers", "api", "--port", str(port)]]  # the API with the worker handlers on its in-process bus
    elif module == "core_api":  # on the broker: the handlers in a workers process, the API one process per core
        commands = [["workers", "run"]] + [[module, "serve", "--port", str(port), "--reuse-port"]] * processes
    procs = [subprocess.Popen([PY, "-m", *command], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) for command in commands]
    url = f"http://127.0.0.1:{port}"
    server = Server(procs, url)
    serving = [p for p, c in zip(procs, commands, strict=True) if c[0] != "workers" or c[1] == "api"]
    for _ in range(900):  # up to three minutes: on a busy shared machine the API takes over a minute to start
        try:
            if all(_listening(p.pid, port) for p in serving):
                urllib.request.urlopen(url + health, timeout=1)
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"{module} did not start")


def start_bare(bodies: list[bytes]) -> Server:
    """ops/bench/bare.py on a port of its own: GET /0, /1... answer ``bodies`` from memory."""
    port = free_port()
    files = []
    for body in bodies:
        path = Path(tempfile.mkstemp(suffix=".json")[1])
        path.write_bytes(body)
        files.append(str(path))
    proc = subprocess.Popen([PY, "-m", "ops.bench.bare", "--port", str(port), *files], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = Server([proc], f"http://127.0.0.1:{port}")
    for _ in range(300):
        try:
            urllib.request.urlopen(server.url + "/health", timeout=1)
            return server
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise RuntimeError("the bare handler did not start")


def _lua_text(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def checked(*expected: str, times: tuple[str, int] | None = None) -> str:
    """A wrk script that counts an answer as wrong unless its body holds each of ``expected`` (e.g. '"code":200')
    and, with ``times`` (needle, n), that needle exactly n times (a page's rows); ``wrk`` reads the count into the
    result's errors."""
    needles = ", ".join(_lua_text(e) for e in expected)
    needle, n = times or ("", -1)
    return f"""
wrong = 0
local needles = {{{needles}}}
local row, rows = {_lua_text(needle)}, {n}
local threads = {{}}
function setup(thread) table.insert(threads, thread) end
function response(status, headers, body)
  for _, needle in ipairs(needles) do
    if status ~= 200 or not string.find(body, needle, 1, true) then wrong = wrong + 1 return end
  end
  if rows >= 0 then
    local seen, at = 0, 1
    while true do
      local found = string.find(body, row, at, true)
      if not found then break end
      seen, at = seen + 1, found + 1
    end
    if seen ~= rows then wrong = wrong + 1 end
  end
end
function done(summary, latency, requests)
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("wrong") end
  io.write(string.format("wrong answers: %d\\n", n))
end
"""


@dataclass
class Result:
    name: str
    concurrency: int
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int


def _ms(text: str) -> float:
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(value) / 1000 if unit == "us" else float(value) * 1000 if unit == "s" else float(value)


def wrk(name: str, url: str, concurrency: int, seconds: int = 10, headers: dict[str, str] | None = None,
        script: str | None = None) -> Result:
    ensure_program("wrk", "wrk")
    cmd = ["wrk", "-t", str(min(2, concurrency)), "-c", str(concurrency), "-d", f"{seconds}s", "--latency"]
    for key, value in (headers or {}).items():
        cmd += ["-H", f"{key}: {value}"]
    lua = None
    if script:
        lua = Path(tempfile.mkstemp(suffix=".lua")[1])
        lua.write_text(script)
        cmd += ["-s", str(lua)]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    if lua:
        lua.unlink()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = _ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1))  # type: ignore[union-attr]
    p99 = _ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))  # type: ignore[union-attr]
    errors = 0
    if m := re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        errors += int(m.group(1))
    if m := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out):
        errors += sum(int(x) for x in m.groups())
    if m := re.search(r"wrong answers: (\d+)", out):  # a checked() script's count
        errors += int(m.group(1))
    return Result(name, concurrency, rps, p50, p99, errors)


def table(results: list[Result]) -> str:
    lines = ["| call | concurrency | requests/s | p50 ms | p99 ms | errors |", "|---|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| {r.name} | {r.concurrency} | {r.rps:,.0f} | {r.p50_ms:.1f} | {r.p99_ms:.1f} | {r.errors} |")
    return "\n".join(lines)


def machine_cpu() -> tuple[float, float]:
    """Seconds of CPU the whole machine has spent busy (all but idle and iowait) and in all, summed over its cores,
    since it started (/proc/stat). Their two differences over a span give its busy share, at most 1 by
    construction, where dividing by wall time and cores can pass 1 by a clock tick."""
    ticks = list(map(int, Path("/proc/stat").read_text().split()[1:9]))
    user, nice, system, idle, iowait, irq, softirq, steal = ticks
    hz = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq + steal) / hz, sum(ticks) / hz


def machine_busy() -> float:
    """Seconds of CPU the whole machine has spent busy since it started (/proc/stat: all but idle and iowait)."""
    return machine_cpu()[0]


def _process_cpu(pids: list[int]) -> float:
    import psutil

    spent = 0.0
    for pid in pids:
        with suppress(psutil.Error):
            t = psutil.Process(pid).cpu_times()
            spent += t.user + t.system
    return spent


def _client_cpu() -> float:
    """This process's CPU and its ended children's (wrk, the load client of the list benchmarks)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class CpuSplit:
    """Where a measurement's CPU went, per answer: the server processes ``pids``, the load client (this process
    and the wrk it ran), and the rest of the machine (on a quiet machine: PostgreSQL)."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.server = self.client = self.rest = 0.0

    def __enter__(self) -> CpuSplit:
        self._started = (_process_cpu(self.pids), _client_cpu(), machine_busy())
        return self

    def __exit__(self, *_: object) -> None:
        server0, client0, busy0 = self._started
        self.server = _process_cpu(self.pids) - server0
        self.client = _client_cpu() - client0
        self.rest = max(0.0, machine_busy() - busy0 - self.server - self.client)

    def per_answer(self, answers: float) -> str:
        n = max(answers, 1)
        parts = ([f"server {self.server / n * 1000:.2f}"] if self.pids else []) + [
            f"load client {self.client / n * 1000:.2f}", f"PostgreSQL and the rest {self.rest / n * 1000:.2f}"]
        return "CPU ms per answer: " + ", ".join(parts)
