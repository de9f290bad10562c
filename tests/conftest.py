"""Test wiring: every test gets its own freshly seeded database (a copy of a migrated, seeded template).

CONSOLE_TEST_BACKEND=sqlite (default): SQLite files and the in-process bus.
CONSOLE_TEST_BACKEND=postgres: PostgreSQL databases cloned from a template, and RabbitMQ for the bus.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from pypika_tortoise import Table

from core_api.platform.settings import ROOT, Settings

BACKEND = os.environ.get("CONSOLE_TEST_BACKEND", "sqlite")
PG_ADMIN_URL = os.environ.get("CONSOLE_TEST_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres")
AMQP_URL = os.environ.get("CONSOLE_TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/")
PASSWORD = "admin123"
_counter = itertools.count()
# A test that reads the code, the documents or the generators and no database: the SQLite run takes it, the
# PostgreSQL run would only repeat it.
code_only = pytest.mark.skipif(BACKEND != "sqlite", reason="one run is enough: it reads the code, not the database")


def _finalise_models_once() -> None:
    """Tortoise finalises every model again at every ``Tortoise.init`` (its filters, field lists and base queries:
    25-48 ms for the console's models on a two-core machine), and this suite inits once a test, thousands of times,
    where a production process inits once. A model's finalised state depends only on the model and its backend's
    executor and query classes, which a session does not change: it is worked out at a model's first init and put
    back at the next (tests/test_test_wiring.py checks it against a fresh one)."""
    from tortoise.apps import Apps

    kept: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    # what MetaInfo.finalise_model and Apps._build_initial_querysets set (tortoise-orm 1.1.9)
    state = ("db_fields", "fields", "fields_db_projection_reverse", "fetch_fields", "generated_db_fields",
             "db_default_db_columns", "_ordering_validated", "filters", "db_native_fields", "db_default_fields",
             "db_complex_fields", "basetable", "basequery", "basequery_all_fields")

    def build_initial_querysets(self: Apps) -> None:
        for app in self.apps.values():
            for model in app.values():
                meta = model._meta
                key = (model, meta.db.executor_class, meta.db.query_class, tuple(meta.fields_map))
                if key in kept:
                    for name, value in zip(state, kept[key], strict=True):
                        setattr(meta, name, value)
                    continue
                finalise(meta)
                kept[key] = tuple(getattr(meta, name) for name in state)

    def finalise(meta: Any) -> None:  # what Apps._build_initial_querysets does for one model
        meta.finalise_model()
        meta.basetable = Table(name=meta.db_table, schema=meta.schema)
        basequery = meta.db.query_class.from_(meta.basetable)
        meta.basequery = basequery
        meta.basequery_all_fields = basequery.select(*meta.db_fields)

    Apps._build_initial_querysets = build_initial_querysets  # type: ignore[method-assign]
    Apps.finalised_state = state  # type: ignore[attr-defined]  # for the wiring's own test


_finalise_models_once()


def pg_url(dbname: str) -> str:
    return PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + dbname


def prepare_database(url: str, var_dir: Path) -> None:
    env = {**os.environ, "CONSOLE_DATABASE_URL": url, "CONSOLE_VAR_DIR": str(var_dir), "CONSOLE_ARGON2_COST": "light"}
    for step in ("migrate", "seed"):
        subprocess.run([sys.executable, "-m", "core_api", step], check=True, env=env, cwd=ROOT,
                       stdout=subprocess.DEVNULL)


async def drop_abandoned_copies() -> None:
    """The databases of a suite whose process is gone (killed before it dropped its copies): console_t_<pid>_<n> and
    console_tpl_<pid>."""
    conn = await asyncpg.connect(PG_ADMIN_URL)
    try:
        names = await conn.fetch("SELECT datname FROM pg_database WHERE datname ~ '^console_(t|tpl)_[0-9]+(_[0-9]+)?$'")
        for (name,) in names:
            pid = int(name.split("_")[2])
            try:
                os.kill(pid, 0)
                continue  # a suite that is running
            except ProcessLookupError:
                pass
            except PermissionError:
                continue
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory):
    """A migrated and seeded database that every test copies."""
    base = tmp_path_factory.mktemp("template")
    if BACKEND == "postgres":
        name = f"console_tpl_{os.getpid()}"

        async def admin(sql: str) -> None:
            conn = await asyncpg.connect(PG_ADMIN_URL)
            try:
                await conn.execute(sql)
            finally:
                await conn.close()

        asyncio.run(drop_abandoned_copies())
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}"'))
        asyncio.run(admin(f'CREATE DATABASE "{name}"'))
        prepare_database(pg_url(name), base)
        yield name
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    else:
        path = base / "template.sqlite3"
        prepare_database(f"sqlite://{path}", base)
        yield path


class DatabaseCopies:
    """PostgreSQL copies of the template made ahead of the tests by one thread, and used ones dropped in batches by
    another. A copy (CREATE DATABASE ... TEMPLATE, 30 MB written through the WAL) costs about 100 ms; a DROP DATABASE
    forces an immediate checkpoint, which writes the dirty buffers of the cluster and syncs the files of every copy
    made since the last one (~1,900 a copy). When one thread did both, each test's copy waited behind the previous
    test's drop: about a second on a busy two-core machine. The sync work itself is the same either way (each copy's
    files once); DROP_BATCH at a time it comes in one checkpoint a batch, the others finding little (the disk holds
    at most two batches of 30 MB copies)."""

    AHEAD = 2
    DROP_BATCH = 25

    def __init__(self, template: str) -> None:
        import queue
        import threading

        self.template = template
        self.ready: queue.Queue[str | BaseException] = queue.Queue()
        self.orders: queue.Queue[str | None] = queue.Queue()
        self.used: queue.Queue[list[str] | None] = queue.Queue()
        self.batch: list[str] = []
        self.maker = threading.Thread(target=asyncio.run, args=(self._make(),), name="test-database-copies",
                                      daemon=True)
        self.dropper = threading.Thread(target=asyncio.run, args=(self._drop(),), name="test-database-drops",
                                        daemon=True)
        self.maker.start()
        self.dropper.start()
        for _ in range(self.AHEAD):
            self._order_copy()

    def _order_copy(self) -> None:
        self.orders.put(f"console_t_{os.getpid()}_{next(_counter)}")

    async def _make(self) -> None:
        conn = await asyncpg.connect(PG_ADMIN_URL)
        try:
            while (name := await asyncio.to_thread(self.orders.get)) is not None:
                try:
                    await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
                    self.ready.put(name)
                except BaseException as exc:  # handed to the test that waits for a copy
                    self.ready.put(exc)
        finally:
            await conn.close()

    async def _drop(self) -> None:
        conn = await asyncpg.connect(PG_ADMIN_URL)
        try:
            while (names := await asyncio.to_thread(self.used.get)) is not None:
                for name in names:
                    try:
                        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                    except Exception as exc:  # noqa: BLE001 - the next suite's start drops what is left
                        print(f"test database {name} not dropped: {exc}", file=sys.stderr)
        finally:
            await conn.close()

    async def take(self) -> str:
        got = await asyncio.to_thread(self.ready.get)
        if isinstance(got, BaseException):
            raise got
        self._order_copy()
        return got

    def give_back(self, name: str) -> None:
        self.batch.append(name)
        if len(self.batch) >= self.DROP_BATCH:
            self.used.put(self.batch)
            self.batch = []

    def close(self) -> None:
        """Drops what is left (the copies made ahead too) before the template goes."""
        self.orders.put(None)
        self.maker.join(60)
        while not self.ready.empty():
            got = self.ready.get()
            if isinstance(got, str):
                self.batch.append(got)
        self.used.put(self.batch)
        self.used.put(None)
        self.dropper.join(300)


@pytest.fixture(scope="session")
def database_copies(template_db):
    if BACKEND != "postgres":
        yield None
        return
    copies = DatabaseCopies(template_db)
    yield copies
    copies.close()


@pytest.fixture
async def database_url(template_db, database_copies, tmp_path: Path) -> AsyncIterator[str]:
    if database_copies is not None:
        name = await database_copies.take()
        yield pg_url(name)
        database_copies.give_back(name)
    else:
        path = tmp_path / "console.sqlite3"
        shutil.copy(template_db, path)
        yield f"sqlite://{path}"


@pytest.fixture
def bus_prefix() -> str:
    return f"test{uuid.uuid4().hex[:10]}"


@pytest.fixture
def make_settings(database_url: str, tmp_path: Path, bus_prefix: str) -> Callable[..., Settings]:
    def build(**overrides: Any) -> Settings:
        values: dict[str, Any] = {
            "database_url": database_url,
            "var_dir": tmp_path / "var",
            "secret_key": "test-secret-" + "x" * 40,
            "captcha_enabled": False,
            "login_ip_limit": 10_000,
            "amqp_url": AMQP_URL if BACKEND == "postgres" else "",
            "bus_retry_delay_ms": 200,
            "bus_prefix": bus_prefix,
            # Argon2 at its smallest cost (passwords.py): a sign-in costs under 1 ms of CPU instead of 0.3 s, and
            # the suite signs in about a thousand times. Production settings keep the standard cost they require.
            "argon2_cost": "standard" if overrides.get("env") == "production" else "light",
        }
        values.update(overrides)
        return Settings(**values)

    return build


@pytest.fixture
async def start_app(aiohttp_client, make_settings):  # after the database: torn down before it is dropped
    """Builds and serves a core_api app; on RabbitMQ a worker consumer runs beside it in this process."""
    from core_api.app import create_app
    from core_api.monitor.job.routes import JOBS_CHANGED
    from core_api.monitor.job.scheduler import Scheduler, leader_lock
    from core_api.platform.bus import RabbitBus, make_bus
    from core_api.platform.clock import Clock
    from workers.handlers import subscribe_all

    workers: list[RabbitBus] = []
    schedulers: list[asyncio.Task] = []
    stop = asyncio.Event()

    async def start(settings: Settings, clock: Clock | None = None, customize: Callable[[Any], None] | None = None,
                    worker: bool = True):
        app = create_app(settings, clock=clock, bus_handlers=[subscribe_all])
        if customize is not None:
            customize(app)
        client = await aiohttp_client(app)
        if settings.amqp_url and worker:
            # What `python -m workers` does, in this process: consume, and schedule as the leader.
            consumer = make_bus(settings)
            assert isinstance(consumer, RabbitBus)
            subscribe_all(consumer)
            scheduler = Scheduler(leader_lock(settings), consumer.publish)

            async def wake(_payload: dict) -> None:
                scheduler.wake()

            consumer.on_broadcast(JOBS_CHANGED, wake)
            await consumer.start(consume=True)
            workers.append(consumer)
            schedulers.append(asyncio.create_task(scheduler.run(stop)))
        return client

    yield start
    stop.set()
    await asyncio.gather(*schedulers)
    for consumer in workers:
        await consumer.delete_topology()
        await consumer.close()


@pytest.fixture
async def client(start_app, make_settings):
    return await start_app(make_settings())


async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 5.0) -> None:
    """Waits for work the bus does after the response (login-log rows, ...)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        if await check():
            return
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.05)


async def login(client, username: str = "admin", password: str = PASSWORD, **extra: Any) -> dict[str, Any]:
    response = await client.post("/login", json={"username": username, "password": password, **extra})
    return await response.json()


async def token_for(client, username: str = "admin", password: str = PASSWORD) -> str:
    body = await login(client, username, password)
    assert body["code"] == 200, body
    return body["token"]


async def app_users(*uids: int) -> None:
    """App users with these uids (a record an operator writes must name an existing app user): a nick name
    ``用户<uid>``, registered now; a uid that exists already is left as it is."""
    from datetime import UTC, datetime

    from core_api.account.consumer.models import AccountConsumer

    have = set(await AccountConsumer.filter(uid__in=list(uids)).values_list("uid", flat=True))
    now = datetime.now(UTC)
    await AccountConsumer.bulk_create([
        AccountConsumer(uid=u, nick_name=f"用户{u}", invite_code=f"T{u}", register_time=now)
        for u in dict.fromkeys(uids) if u not in have])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Caller:
    """A signed-in caller: ``await admin.get("/system/post/list", params=...)`` → the decoded envelope."""

    def __init__(self, client, token: str) -> None:
        self.client = client
        self.token = token

    async def request(self, method: str, path: str, **kw: Any) -> Any:
        headers = {**bearer(self.token), **kw.pop("headers", {})}
        response = await self.client.request(method, path, headers=headers, **kw)
        if response.content_type == "application/json":
            return await response.json()
        return response

    async def get(self, path: str, **kw: Any) -> Any:
        return await self.request("GET", path, **kw)

    async def post(self, path: str, **kw: Any) -> Any:
        return await self.request("POST", path, **kw)

    async def put(self, path: str, **kw: Any) -> Any:
        return await self.request("PUT", path, **kw)

    async def delete(self, path: str, **kw: Any) -> Any:
        return await self.request("DELETE", path, **kw)


@pytest.fixture
async def admin(client) -> Caller:
    return Caller(client, await token_for(client))


@pytest.fixture
async def ry(client) -> Caller:
    return Caller(client, await token_for(client, "ry"))


OK = {"code": 200, "msg": "操作成功"}


def xlsx_rows(data: bytes) -> list[tuple]:
    import io

    from openpyxl import load_workbook

    wb = load_workbook(io.BytesIO(data), read_only=True)
    try:
        return [tuple(r) for r in wb.worksheets[0].iter_rows(values_only=True)]
    finally:
        wb.close()


@pytest.fixture
async def second_node(database_url, make_settings, bus_prefix):
    """Starts another core_api process on the same database and broker (PostgreSQL runs only);
    yields a function returning its base URL."""
    import aiohttp

    procs: list[subprocess.Popen] = []

    async def start(**env_extra: str) -> str:
        settings = make_settings()
        port = 18000 + (os.getpid() + len(procs)) % 1000
        env = {**os.environ, "CONSOLE_DATABASE_URL": database_url, "CONSOLE_AMQP_URL": settings.amqp_url,
               "CONSOLE_BUS_PREFIX": bus_prefix, "CONSOLE_SECRET_KEY": settings.secret_key,
               "CONSOLE_CAPTCHA_ENABLED": "false", "CONSOLE_VAR_DIR": str(settings.var_dir), **env_extra}
        procs.append(subprocess.Popen(  # noqa: ASYNC220 - starts a server and returns at once
            [sys.executable, "-m", "core_api", "serve", "--port", str(port)], env=env, cwd=ROOT,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        base = f"http://127.0.0.1:{port}"
        async with aiohttp.ClientSession() as http:
            for _ in range(150):
                try:
                    async with http.get(base + "/health"):
                        return base
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
        raise RuntimeError("the second core_api process did not start")

    yield start
    for proc in procs:
        proc.terminate()
        proc.wait(10)


class Refused:
    """A refusal as a test expects it: ``{"code": 500, "msg": msg}``, and when the refusal names fields (the form
    shows each message under its field) a ``fields`` member whose every message is part of ``msg``."""

    def __init__(self, msg: str, code: int = 500) -> None:
        self.msg, self.code = msg, code

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, dict) or set(other) - {"code", "msg", "fields"}:
            return False
        fields = other.get("fields", {})
        return (other.get("code") == self.code and other.get("msg") == self.msg and isinstance(fields, dict)
                and all(isinstance(v, str) and v in self.msg for v in fields.values()))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Refused({self.msg!r}, code={self.code})"


def refused(msg: str, code: int = 500) -> Refused:
    return Refused(msg, code)
