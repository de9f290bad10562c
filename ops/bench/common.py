"""Shared by the benchmarks: a PostgreSQL database of their own, the stack's processes, and wrk."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import asyncpg

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


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    url: str

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def start(module: str, env: dict[str, str], health: str) -> Server:
    port = free_port()
    command = [module, "serve"]
    if module == "core_api" and not env.get("CONSOLE_AMQP_URL"):
        command = ["workers", "api"]  # the API with the worker handlers on its in-process bus
    proc = subprocess.Popen([PY, "-m", *command, "--port", str(port)], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):  # up to a minute: on a busy shared machine the API takes over 30 s to start
        try:
            urllib.request.urlopen(url + health, timeout=1)
            return Server(proc, url)
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"{module} did not start")


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
    return Result(name, concurrency, rps, p50, p99, errors)


def table(results: list[Result]) -> str:
    lines = ["| call | concurrency | requests/s | p50 ms | p99 ms | errors |", "|---|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| {r.name} | {r.concurrency} | {r.rps:,.0f} | {r.p50_ms:.1f} | {r.p99_ms:.1f} | {r.errors} |")
    return "\n".join(lines)
