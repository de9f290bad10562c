"""Make sure PostgreSQL, RabbitMQ and Redis answer before the suites that need them run.

``python -m ops.services check PG_URL AMQP_URL REDIS_URL`` (used by ./ops/test): a service on this machine that
does not answer is installed from Debian's packages when missing, started, and waited for. Exits non-zero with one
line per service that still does not answer, so that the test command fails instead of skipping its suites.

``createdb URL`` / ``dropdb URL`` and ``add-vhost URL`` / ``delete-vhost URL`` make and remove the scratch
database and RabbitMQ virtual host that one browser run uses, so that it starts empty and leaves nothing behind;
``s3-bucket ENDPOINT/BUCKET`` prepares the bucket of the browser run on a local S3 server.

``scratch-postgres start DIR`` starts a PostgreSQL server of the test run's own in DIR (made with the machine's
``initdb``, which is installed from Debian's packages when missing) and prints its URL; ``scratch-postgres stop DIR``
stops it and removes DIR. It keeps nothing across a crash (``fsync`` and ``full_page_writes`` off): the suites make
and drop a database copy per test, and every ``DROP DATABASE`` forces a checkpoint that, on a durable server, syncs
every copy's files to the disk (docs/decisions.md, 2026-11-30). Commits stay synchronous, as in production: after an
asynchronous commit VACUUM cannot mark the new rows' pages all-visible until the WAL is flushed, which changes plans
(an index-only scan becomes a bitmap scan).
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit


def say(text: str) -> None:
    print(f"\033[1m==> {text}\033[0m", file=sys.stderr, flush=True)


def port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host or "127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def is_local(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def apt_install(package: str) -> bool:
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    say(f"installing Debian's {package}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [*sudo, "apt-get", "install", "-y", "-q", package]
    if subprocess.run(install, env=env, capture_output=True).returncode == 0:
        return True
    subprocess.run([*sudo, "apt-get", "update", "-q"], env=env, capture_output=True)
    return subprocess.run(install, env=env).returncode == 0


def ensure_program(program: str, package: str) -> None:
    """A program the commands need (haproxy, wrk): installed from Debian's packages, or a loud stop."""
    if shutil.which(program) is None and not apt_install(package):
        raise SystemExit(f"{program} is missing and apt-get could not install {package}")


PG_BIN = Path("/usr/lib/postgresql")


def pg_bin(name: str) -> str:
    versions = sorted((p for p in PG_BIN.glob("*/bin") if (p / name).exists()), key=lambda p: int(p.parent.name))
    if not versions:
        raise SystemExit(f"PostgreSQL's {name} is not installed (apt-get install postgresql)")
    return str(versions[-1] / name)


def as_postgres(*cmd: str, log: Path | None = None) -> None:
    """PostgreSQL refuses to run as root: as root, its programs run as the postgres OS user."""
    user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - closed below
    try:
        done = subprocess.run([*user, *cmd], stdout=out, stderr=subprocess.STDOUT)
    finally:
        if log:
            out.close()  # type: ignore[union-attr]
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:2])} failed (exit {done.returncode}); see {log}")


def scratch_postgres_start(base: Path) -> str:
    """A server for the test run alone, in base (rebuilt from nothing): its URL."""
    if not any(PG_BIN.glob("*/bin/initdb")) and not apt_install("postgresql"):
        raise SystemExit("PostgreSQL's initdb is missing and apt-get could not install postgresql")
    scratch_postgres_stop(base)
    data = base / "data"
    data.mkdir(parents=True)
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        shutil.chown(data, "postgres")
    from ops.stack import free_port

    port = free_port()
    as_postgres(pg_bin("initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                "--locale=C.UTF-8", log=base / "initdb.log")
    with open(data / "postgresql.conf", "a") as conf:
        conf.write(f"\nport = {port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n"
                   "max_connections = 300\nfsync = off\nfull_page_writes = off\n"
                   "max_wal_size = '512MB'\n")
    with open(data / "pg_hba.conf", "w") as hba:
        hba.write("host all all 127.0.0.1/32 trust\n")
    as_postgres(pg_bin("pg_ctl"), "-D", str(data), "-l", str(base / "postgres.log"), "-w", "-t", "60", "start",
                log=base / "pg_ctl.log")
    return f"postgres://postgres@127.0.0.1:{port}/postgres"


def scratch_postgres_stop(base: Path) -> None:
    data = base / "data"
    if (data / "postmaster.pid").exists():
        as_postgres(pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop", log=base / "pg_ctl.log")
    shutil.rmtree(base, ignore_errors=True)


def start_postgres(port: int, installed_now: bool) -> bool:
    started = False
    listing = subprocess.run(["pg_lsclusters", "-h"], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        version, name, cluster_port = line.split()[:3]
        if int(cluster_port) != port:
            continue
        if installed_now:
            trust_local_postgres(version, name)
        say(f"starting PostgreSQL {version}/{name} on port {port}")
        subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, name, "start"], capture_output=True)
        started = True
    return started


def trust_local_postgres(version: str, name: str) -> None:
    """A cluster we have just installed lets the test suites connect over loopback without a password."""
    hba = Path(f"/etc/postgresql/{version}/{name}/pg_hba.conf")
    text = hba.read_text()
    line = "host all all 127.0.0.1/32 trust\n"
    if line not in text:
        hba.write_text(line + text)
        subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, name, "reload"], capture_output=True)


def start_rabbitmq(port: int, installed_now: bool) -> bool:
    say("starting RabbitMQ")
    env = {**os.environ, "RABBITMQ_NODE_PORT": str(port)}
    subprocess.run(["rabbitmq-server", "-detached"], env=env, capture_output=True)
    return True


def start_redis(port: int, installed_now: bool) -> bool:
    say("starting Redis")
    subprocess.run(["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "--port", str(port),
                    "--save", "", "--appendonly", "no"], capture_output=True)
    return True


def connect_postgres(url: str) -> None:
    import asyncpg

    async def check() -> None:
        conn = await asyncpg.connect(url, timeout=5)
        await conn.close()

    asyncio.run(check())


def connect_amqp(url: str) -> None:
    import aio_pika

    async def check() -> None:
        conn = await aio_pika.connect(url, timeout=5)
        await conn.close()

    asyncio.run(check())


def connect_redis(url: str) -> None:
    import redis

    redis.Redis.from_url(url, socket_timeout=5).ping()


# name, Debian package, program that starts it, default port, how to start it, how to sign in
SERVICES: dict[str, tuple[str, str, str, int, Callable[[int, bool], bool], Callable[[str], None]]] = {
    "postgres": ("PostgreSQL", "postgresql", "pg_ctlcluster", 5432, start_postgres, connect_postgres),
    "amqp": ("RabbitMQ", "rabbitmq-server", "rabbitmq-server", 5672, start_rabbitmq, connect_amqp),
    "redis": ("Redis", "redis-server", "redis-server", 6379, start_redis, connect_redis),
}


def ensure(url: str, wait: float = 90) -> str | None:
    """Returns None when the service at url answers, else the reason it does not."""
    parts = urlsplit(url)
    kind = {"postgresql": "postgres", "amqps": "amqp", "rediss": "redis"}.get(parts.scheme, parts.scheme)
    label, package, program, default_port, start, connect = SERVICES[kind]
    host, port = parts.hostname or "127.0.0.1", parts.port or default_port
    if not port_open(host, port):
        if not is_local(host):
            return f"{label} at {host}:{port} does not answer, and it is not on this machine to start"
        installed_now = False
        if shutil.which(program) is None:
            if not apt_install(package):
                return f"{label} is not installed and apt-get could not install {package}"
            installed_now = True
        if not start(port, installed_now):
            return f"{label} at {host}:{port} does not answer, and no local {label} is set up on port {port} to start"
        deadline = time.monotonic() + wait
        while not port_open(host, port) and time.monotonic() < deadline:
            time.sleep(1)
        if not port_open(host, port):
            return f"{label} at {host}:{port} does not answer and could not be started"
    try:
        connect(url)
    except Exception as exc:  # noqa: BLE001 - any failure to sign in is reported as the reason
        hint = " (give CONSOLE_TEST_PG_URL a password, or trust 127.0.0.1 in pg_hba.conf)" if kind == "postgres" else ""
        return f"{label} at {host}:{port} answers but refuses the connection: {exc}{hint}"
    return None


def pg_admin(url: str, sql: str) -> None:
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(url.rsplit("/", 1)[0] + "/postgres", timeout=5)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


def rabbitmqctl(*args: str) -> None:
    subprocess.run(["rabbitmqctl", "-q", *args], check=True, stdout=subprocess.DEVNULL)


def scratch(command: str, url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    if not name.replace("_", "").isalnum():  # it goes into SQL and a command line: our own names only
        raise SystemExit(f"not a scratch name: {name!r}")
    if command == "createdb":
        pg_admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        pg_admin(url, f'CREATE DATABASE "{name}"')
    elif command == "dropdb":
        pg_admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    elif command == "add-vhost":
        rabbitmqctl("add_vhost", name)
        rabbitmqctl("set_permissions", "-p", name, urlsplit(url).username or "guest", ".*", ".*", ".*")
    elif command == "delete-vhost":
        rabbitmqctl("delete_vhost", name)


def s3_bucket(url: str) -> None:
    """A bucket on a local S3 server (moto) set up as an operator would: objects under file/ readable by anyone
    (chat images, notices), and browsers of any origin may post uploads to it directly."""
    import orjson
    from aiobotocore.session import get_session

    endpoint, bucket = url.rsplit("/", 1)
    host, port = urlsplit(endpoint).hostname or "127.0.0.1", urlsplit(endpoint).port or 80
    deadline = time.monotonic() + 30
    while not port_open(host, port):
        if time.monotonic() > deadline:
            raise SystemExit(f"the S3 server at {endpoint} does not answer")
        time.sleep(0.2)

    async def run() -> None:
        async with get_session().create_client("s3", region_name="us-east-1", endpoint_url=endpoint,
                                               aws_access_key_id="k", aws_secret_access_key="s") as s3:  # noqa: S106 - moto
            await s3.create_bucket(Bucket=bucket)
            policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": "*",
                                                              "Action": "s3:GetObject",
                                                              "Resource": f"arn:aws:s3:::{bucket}/file/*"}]}
            await s3.put_bucket_policy(Bucket=bucket, Policy=orjson.dumps(policy).decode())
            await s3.put_bucket_cors(Bucket=bucket, CORSConfiguration={"CORSRules": [
                {"AllowedOrigins": ["*"], "AllowedMethods": ["GET", "POST"], "AllowedHeaders": ["*"]}]})

    asyncio.run(run())


def main(args: list[str]) -> int:
    command, urls = args[0], args[1:]
    if command == "scratch-postgres":
        if urls[0] == "start":
            try:
                print(scratch_postgres_start(Path(urls[1])))
            except RuntimeError as exc:
                for log in sorted(Path(urls[1]).glob("*.log")):
                    print(f"--- {log}\n{log.read_text(errors='replace')[-2000:]}", file=sys.stderr)
                print(f"FAILED: the scratch PostgreSQL did not start: {exc}", file=sys.stderr)
                return 1
        else:
            scratch_postgres_stop(Path(urls[1]))
        return 0
    if command == "s3-bucket":
        s3_bucket(urls[0])
        return 0
    if command != "check":
        for url in urls:
            scratch(command, url)
        return 0
    failures = [reason for url in urls if (reason := ensure(url))]
    for reason in failures:
        print(f"FAILED: {reason}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
