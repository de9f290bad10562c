"""The production topology on one machine: ``./ops/cluster up`` (foreground until Ctrl-C) and ``./ops/cluster down``.

Everything it starts is its own, on free ports, with its data under var/cluster (made afresh at each start: migrate,
seed and the demo run once per start), so that the machine's PostgreSQL, RabbitMQ and Redis (which the test suites
use) are never touched:

- HAProxy (Debian's) with three frontends: the core API (``proxy_url``: what the BFF, the partner API and the chat
  socket call), the BFF (what the web nodes call) and the web (the operators' address); each checks its nodes'
  health every 300 ms and takes a node that fails twice out of rotation;
- two core API nodes, two BFF nodes, two web nodes (``Cluster(web=False)`` leaves the web out), two workers;
- PostgreSQL: a primary (wal_level replica, a physical replication slot) and a hot standby made with
  pg_basebackup -R, streaming from it; the nodes read lists from the standby (CONSOLE_DATABASE_REPLICA_URL);
- RabbitMQ (a node of its own name, ports and directories; the bus's queues are quorum queues), Redis (no
  persistence).

The fault test (ops/faults) drives it through the Python API: ``Cluster``'s ``start``/``stop`` and every method
acting on a part are coroutines.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from ops.services import as_postgres, ensure_program, pg_bin, say
from ops.stack import NEXT, PY, ROOT, free_port, prepare, wait_http

RABBIT_BIN = Path("/usr/lib/rabbitmq/bin")  # run as root directly: Debian's wrappers switch to the rabbitmq user
HEALTH = {"core": "/health", "bff": "/bff/health", "web": "/login"}


class Cluster:
    def __init__(self, web: bool = True, base: Path | None = None, settings: dict[str, str] | None = None) -> None:
        """``settings``: CONSOLE_* values every node gets besides the cluster's own (a test's
        {"CONSOLE_CAPTCHA_ENABLED": "false", ...})."""
        self.web = web
        self.settings = settings or {}
        self.base = base or ROOT / "var" / "cluster"
        self.logs = self.base / "logs"
        self.host = "127.0.0.1"
        self.ports = {name: free_port() for name in (
            "proxy_core", "proxy_bff", "proxy_web", "core0", "core1", "bff0", "bff1", "web0", "web1",
            "pg_primary", "pg_standby", "amqp", "amqp_dist", "redis")}
        self.rabbit_node = f"console-cluster-{self.ports['amqp']}@localhost"
        self.partner_key = secrets.token_urlsafe(32)
        self.secret_key = secrets.token_urlsafe(48)
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.env: dict[str, str] = {}

    # ---- addresses
    def _url(self, port_name: str) -> str:
        return f"http://{self.host}:{self.ports[port_name]}"

    @property
    def proxy_url(self) -> str:
        """The core API behind HAProxy."""
        return self._url("proxy_core")

    @property
    def proxy_bff_url(self) -> str:
        return self._url("proxy_bff")

    @property
    def proxy_web_url(self) -> str:
        return self._url("proxy_web")

    @property
    def core_urls(self) -> list[str]:
        return [self._url("core0"), self._url("core1")]

    @property
    def bff_urls(self) -> list[str]:
        return [self._url("bff0"), self._url("bff1")]

    @property
    def web_urls(self) -> list[str]:
        return [self._url("web0"), self._url("web1")] if self.web else []

    @property
    def primary_url(self) -> str:
        return f"postgres://postgres@{self.host}:{self.ports['pg_primary']}/console"

    @property
    def standby_url(self) -> str:
        return f"postgres://postgres@{self.host}:{self.ports['pg_standby']}/console"

    @property
    def amqp_url(self) -> str:
        return f"amqp://guest:guest@{self.host}:{self.ports['amqp']}/"

    @property
    def redis_url(self) -> str:
        return f"redis://{self.host}:{self.ports['redis']}/0"

    # ---- processes
    def _spawn(self, name: str, cmd: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
        self.logs.mkdir(parents=True, exist_ok=True)
        with open(self.logs / f"{name}.log", "ab") as out:
            self.procs[name] = subprocess.Popen(cmd, cwd=cwd, env=env or self.env, stdout=out,
                                                stderr=subprocess.STDOUT, start_new_session=True)
        self._write_pids()

    def _write_pids(self) -> None:
        """Every process group started, so that `down` ends them even when the process that started them died."""
        alive = [str(p.pid) for p in self.procs.values() if p.poll() is None]
        (self.base / "pids").write_text("\n".join(alive) + "\n")

    def _kill(self, name: str, sig: signal.Signals = signal.SIGTERM, timeout: float = 10) -> None:
        proc = self.procs.pop(name, None)
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        except ProcessLookupError:
            pass
        self._write_pids()

    def _wait_http(self, url: str, name: str, timeout: float = 120) -> None:
        proc = self.procs.get(name)
        wait_http(url, name, [] if proc is None else [(name, proc)], timeout, f"; see {self.logs}/{name}.log")

    # ---- PostgreSQL
    def _pg_start(self, name: str) -> None:
        as_postgres(pg_bin("pg_ctl"), "-D", str(self.base / name), "-l", str(self.logs / f"{name}.log"), "-w",
                    "-t", "60", "start", log=self.logs / "pg_ctl.log")

    def _pg_stop(self, name: str) -> None:
        if (self.base / name / "postmaster.pid").exists():
            as_postgres(pg_bin("pg_ctl"), "-D", str(self.base / name), "-m", "fast", "-w", "stop",
                        log=self.logs / "pg_ctl.log")

    def _psql(self, port_name: str, sql: str, db: str = "postgres") -> str:
        out = subprocess.run([pg_bin("psql"), "-h", self.host, "-p", str(self.ports[port_name]), "-U", "postgres",
                              "-d", db, "-Atqc", sql], capture_output=True, text=True, check=True)
        return out.stdout.strip()

    def _start_postgres(self) -> None:
        primary, standby = self.base / "pg-primary", self.base / "pg-standby"
        primary.mkdir(parents=True)
        shutil.chown(self.base, "postgres")
        shutil.chown(primary, "postgres")
        shutil.chown(self.logs, "postgres")  # pg_ctl -l writes the servers' logs as postgres
        say(f"PostgreSQL primary on port {self.ports['pg_primary']}")
        as_postgres(pg_bin("initdb"), "-D", str(primary), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                    "--locale=C.UTF-8", log=self.logs / "initdb.log")
        with open(primary / "postgresql.conf", "a") as conf:
            conf.write(f"\nport = {self.ports['pg_primary']}\nlisten_addresses = '{self.host}'\n"
                       f"unix_socket_directories = ''\nwal_level = replica\nmax_wal_senders = 5\n"
                       "max_replication_slots = 5\nhot_standby = on\nhot_standby_feedback = on\n"
                       "max_connections = 300\nwal_keep_size = '256MB'\n")
        with open(primary / "pg_hba.conf", "w") as hba:
            hba.write(f"host all all {self.host}/32 trust\nhost replication all {self.host}/32 trust\n")
        self._pg_start("pg-primary")
        self._psql("pg_primary", "CREATE DATABASE console")
        self._psql("pg_primary", "SELECT pg_create_physical_replication_slot('console_standby')")
        say(f"PostgreSQL standby on port {self.ports['pg_standby']} (pg_basebackup -R)")
        as_postgres(pg_bin("pg_basebackup"), "-h", self.host, "-p", str(self.ports["pg_primary"]), "-U", "postgres",
                    "-D", str(standby), "-R", "-S", "console_standby", "-X", "stream", "-c", "fast",
                    log=self.logs / "basebackup.log")
        with open(standby / "postgresql.conf", "a") as conf:
            conf.write(f"\nport = {self.ports['pg_standby']}\n")
        self._pg_start("pg-standby")

    # ---- RabbitMQ, Redis, HAProxy
    def _rabbit_env(self) -> dict[str, str]:
        rabbit = self.base / "rabbit"
        return {**os.environ, "RABBITMQ_NODENAME": self.rabbit_node, "RABBITMQ_NODE_IP_ADDRESS": self.host,
                "RABBITMQ_NODE_PORT": str(self.ports["amqp"]), "RABBITMQ_DIST_PORT": str(self.ports["amqp_dist"]),
                "RABBITMQ_MNESIA_BASE": str(rabbit / "mnesia"), "RABBITMQ_LOG_BASE": str(self.logs / "rabbit"),
                "RABBITMQ_PID_FILE": str(rabbit / "rabbit.pid"),
                "RABBITMQ_CONFIG_FILE": str(rabbit / "rabbitmq.conf"),  # not /etc's: it names port 5672
                "RABBITMQ_CONF_ENV_FILE": str(rabbit / "rabbitmq-env.conf"),
                "RABBITMQ_ENABLED_PLUGINS_FILE": str(rabbit / "enabled_plugins"),  # no management port to clash
                "ERL_EPMD_ADDRESS": self.host}

    def _rabbitmqctl(self, *args: str) -> None:
        subprocess.run([str(RABBIT_BIN / "rabbitmqctl"), "-q", "-n", self.rabbit_node, *args], check=True,
                       env=self._rabbit_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    def _start_rabbit(self) -> None:
        rabbit = self.base / "rabbit"
        rabbit.mkdir(parents=True)
        (rabbit / "rabbitmq.conf").write_text(f"listeners.tcp.1 = {self.host}:{self.ports['amqp']}\n"
                                              "loopback_users = none\n")
        (rabbit / "rabbitmq-env.conf").write_text("")
        (rabbit / "enabled_plugins").write_text("[].\n")
        say(f"RabbitMQ node {self.rabbit_node} on port {self.ports['amqp']}")
        self._spawn("rabbitmq", [str(RABBIT_BIN / "rabbitmq-server")], env=self._rabbit_env())
        deadline = time.monotonic() + 180
        while True:  # await_startup fails at once while the node has not registered its name yet
            try:
                self._rabbitmqctl("await_startup", "--timeout", "60")
                return
            except subprocess.CalledProcessError:
                if time.monotonic() > deadline or self.procs["rabbitmq"].poll() is not None:
                    raise RuntimeError(f"RabbitMQ did not start; see {self.logs}/rabbitmq.log") from None
                time.sleep(1)

    def _haproxy_config(self) -> str:
        # A killed node refuses connections: its checks fail at once (out of rotation within ~0.6 s) and a request
        # sent to it meanwhile is retried on the other node (redispatch on every retry, no wait on the dead one).
        # A node that is only slow (a loaded machine) answers its check within 'timeout check' and stays in.
        lines = ["global", "  maxconn 4000", "defaults", "  mode http", "  timeout connect 1s",
                 "  timeout client 120s", "  timeout server 120s", "  timeout tunnel 1h", "  timeout check 3s",
                 "  retries 3", "  option redispatch 1",
                 "  default-server inter 1s fastinter 200ms downinter 500ms fall 3 rise 2"]
        parts = [("core", "proxy_core"), ("bff", "proxy_bff")] + ([("web", "proxy_web")] if self.web else [])
        for part, front in parts:
            lines += [f"frontend {part}_in", f"  bind {self.host}:{self.ports[front]}", f"  default_backend {part}",
                      f"backend {part}", "  balance roundrobin", f"  option httpchk GET {HEALTH[part]}",
                      "  http-check expect status 200-399"]
            lines += [f"  server {part}{i} {self.host}:{self.ports[f'{part}{i}']} check" for i in range(2)]
        return "\n".join(lines) + "\n"

    # ---- the console's nodes
    def _console_env(self) -> dict[str, str]:
        keep = {k: v for k, v in os.environ.items() if not k.startswith("CONSOLE_")}
        return {**keep, "CONSOLE_DATABASE_URL": self.primary_url, "CONSOLE_DATABASE_REPLICA_URL": self.standby_url,
                "CONSOLE_AMQP_URL": self.amqp_url, "CONSOLE_REDIS_URL": self.redis_url,
                "CONSOLE_VAR_DIR": str(self.base / "var"), "CONSOLE_SECRET_KEY": self.secret_key,
                "CONSOLE_CHAT_PARTNER_KEY": self.partner_key, "CONSOLE_CORE_URL": self.proxy_url,
                "CONSOLE_TRUSTED_PROXIES": "127.0.0.1,::1", "CONSOLE_OUTBOUND_ALLOW": "127.0.0.1",
                # Quorum queues for every bus queue (events, retries, delays, parking): what must not be lost
                # (issue 29 §1); the delays and retries dead-letter at least once through a broker restart.
                "CONSOLE_BUS_QUORUM": "true",
                **{k: v for k, v in os.environ.items() if k in ("CONSOLE_ENV", "CONSOLE_DEMO_CONSUMERS",
                                                                 "CONSOLE_ARGON2_COST", "CONSOLE_CAPTCHA_ENABLED",
                                                                 "CONSOLE_LOGIN_IP_LIMIT", "CONSOLE_LOG_LEVEL")},
                **self.settings}

    def _start_core_sync(self, i: int) -> None:
        self._spawn(f"core{i}", [PY, "-m", "core_api", "serve", "--host", self.host,
                                 "--port", str(self.ports[f"core{i}"])])
        self._wait_http(self.core_urls[i] + HEALTH["core"], f"core{i}")

    def _start_worker_sync(self, i: int) -> None:
        self._spawn(f"worker{i}", [PY, "-m", "workers"])

    def _start_sync(self) -> None:
        if (self.base / "cluster.pid").exists() and _alive(int((self.base / "cluster.pid").read_text())):
            raise SystemExit(f"a cluster is already running from {self.base} (./ops/cluster down stops it)")
        for program, package in (("haproxy", "haproxy"), ("rabbitmq-server", "rabbitmq-server"),
                                 ("redis-server", "redis-server")):
            ensure_program(program, package)
        pg_bin("initdb")
        if self.base.exists():
            _end_groups(self.base)
            shutil.rmtree(self.base)
        self.logs.mkdir(parents=True)
        (self.base / "cluster.pid").write_text(str(os.getpid()))
        self.env = self._console_env()
        self._start_postgres()
        self._spawn("redis", ["redis-server", "--bind", self.host, "--port", str(self.ports["redis"]), "--save", "",
                              "--appendonly", "no"])
        self._start_rabbit()
        (self.base / "haproxy.cfg").write_text(self._haproxy_config())
        self._spawn("haproxy", [shutil.which("haproxy") or "haproxy", "-db", "-f", str(self.base / "haproxy.cfg")])
        say("migrate, seed and demo")
        prepare(self.env)
        for i in range(2):
            self._spawn(f"core{i}", [PY, "-m", "core_api", "serve", "--host", self.host,
                                     "--port", str(self.ports[f"core{i}"])])
        for i in range(2):
            self._wait_http(self.core_urls[i] + HEALTH["core"], f"core{i}")
            self._spawn(f"bff{i}", [PY, "-m", "bff", "serve", "--host", self.host, "--port",
                                    str(self.ports[f"bff{i}"])])
            self._start_worker_sync(i)
        for i in range(2):
            self._wait_http(self.bff_urls[i] + HEALTH["bff"], f"bff{i}")
        if self.web:
            from ops.stack import nextauth_secret

            web_env = {**self.env, "CONSOLE_BFF_URL": self.proxy_bff_url, "CONSOLE_PUBLIC_CORE_URL": self.proxy_url,
                       "NEXTAUTH_URL": self.proxy_web_url, "NEXTAUTH_SECRET": nextauth_secret(self.env),
                       "NODE_ENV": "production"}
            for i in range(2):
                self._spawn(f"web{i}", [NEXT, "start", "-p", str(self.ports[f"web{i}"]), "-H", self.host],
                            cwd=ROOT / "web", env=web_env)
            for i in range(2):
                self._wait_http(self.web_urls[i] + HEALTH["web"], f"web{i}")
        # Through the proxy: it has seen the nodes healthy.
        self._wait_http(self.proxy_url + HEALTH["core"], "haproxy", timeout=10)

    def _stop_sync(self) -> None:
        for name in [n for n in self.procs if n.startswith(("web", "bff", "core", "worker"))]:
            self._kill(name)
        for name in ("haproxy", "redis"):
            self._kill(name)
        if "rabbitmq" in self.procs:
            try:
                self._rabbitmqctl("stop")
            except (subprocess.SubprocessError, OSError):
                pass
            self._kill("rabbitmq")
        for name in ("pg-standby", "pg-primary"):
            try:
                self._pg_stop(name)
            except RuntimeError as exc:
                print(exc, file=sys.stderr)
        (self.base / "cluster.pid").unlink(missing_ok=True)
        (self.base / "pids").unlink(missing_ok=True)

    # ---- the Python API (every method a coroutine)
    async def start(self) -> None:
        try:
            await asyncio.to_thread(self._start_sync)
        except BaseException:
            await asyncio.to_thread(self._stop_sync)
            raise

    async def stop(self) -> None:
        await asyncio.to_thread(self._stop_sync)

    async def kill_core(self, i: int) -> None:
        """SIGKILL: requests in flight on it fail; HAProxy takes it out of rotation within ~0.6 s."""
        self._kill(f"core{i}", signal.SIGKILL)

    async def start_core(self, i: int) -> None:
        await asyncio.to_thread(self._start_core_sync, i)

    async def kill_worker(self, i: int) -> None:
        self._kill(f"worker{i}", signal.SIGKILL)

    async def start_worker(self, i: int) -> None:
        await asyncio.to_thread(self._start_worker_sync, i)

    async def rabbit_stop_app(self) -> None:
        await asyncio.to_thread(self._rabbitmqctl, "stop_app")

    async def rabbit_start_app(self) -> None:
        await asyncio.to_thread(self._rabbitmqctl, "start_app")

    async def stop_standby(self) -> None:
        await asyncio.to_thread(self._pg_stop, "pg-standby")

    async def start_standby(self) -> None:
        await asyncio.to_thread(self._pg_start, "pg-standby")

    async def standby_lag_bytes(self) -> int | None:
        """How far the standby's replay is behind the primary's WAL (None: the standby does not stream)."""
        sql = ("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint FROM pg_stat_replication "
               "WHERE application_name <> '' LIMIT 1")
        out = await asyncio.to_thread(self._psql, "pg_primary", sql)
        return int(out) if out else None

    def describe(self) -> str:
        rows = [("Console (proxy)", self.proxy_web_url if self.web else "(no web nodes)"),
                ("Core API (proxy)", self.proxy_url), ("BFF (proxy)", self.proxy_bff_url),
                *((f"core node {i}", u) for i, u in enumerate(self.core_urls)),
                *((f"BFF node {i}", u) for i, u in enumerate(self.bff_urls)),
                *((f"web node {i}", u) for i, u in enumerate(self.web_urls)),
                ("PostgreSQL primary", self.primary_url), ("PostgreSQL standby", self.standby_url),
                ("RabbitMQ", f"{self.amqp_url}  (rabbitmqctl -n {self.rabbit_node})"), ("Redis", self.redis_url),
                ("Partner key", self.partner_key), ("Logs", str(self.logs))]
        return "\n".join(f"  {k + ':':20} {v}" for k, v in rows)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except (ProcessLookupError, ValueError):
        return False


def _end_groups(base: Path) -> None:
    """What a cluster that died without stopping left running: its process groups and PostgreSQL servers."""
    pids = base / "pids"
    for line in (pids.read_text().split() if pids.exists() else []):
        try:
            os.killpg(int(line), signal.SIGKILL)
        except (ProcessLookupError, ValueError):
            pass
    for name in ("pg-standby", "pg-primary"):
        if (base / name / "postmaster.pid").exists():
            subprocess.run(["runuser", "-u", "postgres", "--", pg_bin("pg_ctl"), "-D", str(base / name), "-m",
                            "immediate", "stop"], capture_output=True)


def up(args: argparse.Namespace) -> int:
    cluster = Cluster(web=not args.no_web)

    def on_signal(_sig: int, _frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        cluster._start_sync()  # in this thread: Ctrl-C interrupts a step that waits
        print(f"\n{cluster.describe()}\n  Sign in: admin / admin123.  Ctrl-C or ./ops/cluster down stops everything.\n",
              flush=True)
        while True:
            for name, proc in list(cluster.procs.items()):
                if proc.poll() is not None and name in ("haproxy", "redis", "rabbitmq"):
                    print(f"{name} stopped (see {cluster.logs}/{name}.log); stopping the rest", file=sys.stderr)
                    return 1
            time.sleep(1)
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the shutdown short
        cluster._stop_sync()


def down(_args: argparse.Namespace) -> int:
    base = ROOT / "var" / "cluster"
    pid_file = base / "cluster.pid"
    if pid_file.exists() and _alive(pid := int(pid_file.read_text())):
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 60
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.3)
    if base.exists():
        _end_groups(base)  # whatever is left (the starter was killed)
    print("cluster stopped")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(prog="ops.cluster")
    sub = parser.add_subparsers(dest="command", required=True)
    p_up = sub.add_parser("up")
    p_up.add_argument("--no-web", action="store_true", help="no web nodes (the core API and BFF only)")
    sub.add_parser("down")
    args = parser.parse_args()
    sys.exit(up(args) if args.command == "up" else down(args))


if __name__ == "__main__":
    main()
