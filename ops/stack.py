"""Start the whole console (core_api, bff, workers, web) and stop it cleanly.

``python -m ops.stack up`` runs in the foreground until Ctrl-C (used by ./ops/up);
``python -m ops.stack run -- CMD...`` starts the stack on free ports, runs CMD with E2E_BASE_URL set,
stops the stack and exits with CMD's status (used by ./ops/test for the browser suite).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv" / "bin" / "python")
NEXT = str(ROOT / "node_modules" / ".bin" / "next")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nextauth_secret(env: dict[str, str]) -> str:
    """Derived from the console's secret so that sessions survive restarts without another setting."""
    if env.get("NEXTAUTH_SECRET"):
        return env["NEXTAUTH_SECRET"]
    key = env.get("CONSOLE_SECRET_KEY", "")
    if not key:
        var_dir = Path(env.get("CONSOLE_VAR_DIR", ROOT / "var"))
        path = var_dir / "secret_key"
        if not path.exists():
            subprocess.run([PY, "-c", "from core_api.platform.settings import Settings; Settings().secret"], check=True,
                           env=env, cwd=ROOT)
        key = path.read_text().strip()
    return hashlib.sha256(("nextauth:" + key).encode()).hexdigest()


def wait_http(url: str, name: str, watched: Sequence[tuple[str, subprocess.Popen[bytes]]], timeout: float,
              hint: str = "") -> None:
    """Until ``url`` answers (any status below 500); a watched process that exits meanwhile fails at once. ``hint``
    ends each failure's line (where the log is)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for pname, proc in watched:
            if proc.poll() is not None:
                raise RuntimeError(f"{pname} exited with {proc.returncode} while starting{hint}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{name} did not answer {url} within {timeout:.0f} s{hint}")


@dataclass
class Stack:
    host: str = "127.0.0.1"
    core_port: int = 8010
    bff_port: int = 8020
    web_port: int = 3000
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    log_dir: Path | None = None
    procs: list[tuple[str, subprocess.Popen[bytes]]] = field(default_factory=list)

    @property
    def web_url(self) -> str:
        return f"http://{self.host}:{self.web_port}"

    def _spawn(self, name: str, cmd: list[str], cwd: Path = ROOT, extra: dict[str, str] | None = None) -> None:
        env = {**self.env, **(extra or {})}
        out = None
        if self.log_dir is not None:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            out = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115 - lives as long as the process
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT if out else None,
                                start_new_session=True)
        self.procs.append((name, proc))

    def start(self) -> None:
        core_url = f"http://{self.host}:{self.core_port}"
        bff_url = f"http://{self.host}:{self.bff_port}"
        self.env["CONSOLE_CORE_URL"] = core_url
        # Without a broker the API runs the worker handlers on its in-process bus: `workers api` hands them in.
        serve = ["core_api", "serve"] if self.env.get("CONSOLE_AMQP_URL") else ["workers", "api"]
        self._spawn("core_api", [PY, "-m", *serve, "--host", self.host, "--port", str(self.core_port)])
        self._spawn("bff", [PY, "-m", "bff", "serve", "--host", self.host, "--port", str(self.bff_port)])
        self._spawn("workers", [PY, "-m", "workers"])
        self._wait(f"{core_url}/health", "core_api")
        self._wait(f"{bff_url}/bff/health", "bff")
        self._spawn("web", [NEXT, "start", "-p", str(self.web_port), "-H", self.host], cwd=ROOT / "web", extra={
            "CONSOLE_BFF_URL": bff_url,
            "CONSOLE_PUBLIC_CORE_URL": self.env.get("CONSOLE_PUBLIC_CORE_URL", core_url),  # the chat socket
            "NEXTAUTH_URL": self.web_url,
            "NEXTAUTH_SECRET": nextauth_secret(self.env),
            "NODE_ENV": "production",
        })
        self._wait(f"{self.web_url}/login", "web")

    def _wait(self, url: str, name: str, timeout: float = 90) -> None:
        wait_http(url, name, self.procs, timeout)

    def stop(self) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the shutdown short
        for _, proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 10
        for _, proc in self.procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
        self.procs.clear()

    def wait_any(self) -> str:
        while True:
            for name, proc in self.procs:
                if proc.poll() is not None:
                    return name
            time.sleep(0.5)


DEMO_CONSUMERS = 200  # a small demo: every business screen has rows, loading takes seconds


def prepare(env: dict[str, str]) -> None:
    """Migrates and seeds; in development (and in the browser tests' stack) also loads a small demo once, so
    every business screen shows believable data (CONSOLE_DEMO_CONSUMERS=0 leaves the business tables empty)."""
    for step in ("migrate", "seed"):
        subprocess.run([PY, "-m", "core_api", step], check=True, env=env, cwd=ROOT)
    consumers = int(env.get("CONSOLE_DEMO_CONSUMERS") or DEMO_CONSUMERS)
    if env.get("CONSOLE_ENV", "development") == "development" and consumers > 0:
        subprocess.run([PY, "-m", "core_api", "demo", "--consumers", str(consumers), "--if-empty"], check=True,
                       env=env, cwd=ROOT, stdout=subprocess.DEVNULL)


def up(args: argparse.Namespace) -> int:
    stack = Stack(host=args.host, core_port=args.core_port, bff_port=args.bff_port, web_port=args.web_port)
    prepare(stack.env)

    def on_signal(_sig: int, _frame: object) -> None:
        raise KeyboardInterrupt

    # Installed explicitly: a shell that starts us in the background may have SIGINT ignored.
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        stack.start()
        print(f"\n  Console:  {stack.web_url}\n  Sign in:  admin / admin123   (or ry / admin123)\n"
              f"  Core API: http://{stack.host}:{stack.core_port}/docs\n"
              f"  Chat:     .venv/bin/python -m ops.chat_sim --core http://{stack.host}:{stack.core_port} "
              f"--say 你好\n  Ctrl-C stops everything.\n", flush=True)
        name = stack.wait_any()
        print(f"{name} stopped; stopping the rest", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        stack.stop()


def run(args: argparse.Namespace) -> int:
    stack = Stack(core_port=free_port(), bff_port=free_port(), web_port=free_port(),
                  log_dir=Path(args.log_dir) if args.log_dir else None)
    prepare(stack.env)
    try:
        stack.start()
        env = {**os.environ, "E2E_BASE_URL": stack.web_url, "E2E_CORE_URL": stack.env["CONSOLE_CORE_URL"],
               "E2E_PARTNER_KEY": stack.env.get("CONSOLE_CHAT_PARTNER_KEY", "")}
        return subprocess.call(args.cmd, env=env, cwd=ROOT)
    finally:
        stack.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="ops.stack")
    sub = parser.add_subparsers(dest="command", required=True)
    p_up = sub.add_parser("up")
    p_up.add_argument("--host", default=os.environ.get("CONSOLE_HOST", "127.0.0.1"))
    p_up.add_argument("--core-port", type=int, default=int(os.environ.get("CONSOLE_CORE_PORT", 8010)))
    p_up.add_argument("--bff-port", type=int, default=int(os.environ.get("CONSOLE_BFF_PORT", 8020)))
    p_up.add_argument("--web-port", type=int, default=int(os.environ.get("CONSOLE_WEB_PORT", 3000)))
    p_run = sub.add_parser("run")
    p_run.add_argument("--log-dir", default="")
    p_run.add_argument("cmd", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command == "run" and args.cmd and args.cmd[0] == "--":
        args.cmd = args.cmd[1:]
    sys.exit(up(args) if args.command == "up" else run(args))


if __name__ == "__main__":
    main()
