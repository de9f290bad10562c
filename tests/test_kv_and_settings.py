"""The short-lived key store (database table and Redis) and the settings' production guards."""

from __future__ import annotations

import asyncio
import os
import socket
import uuid

import pytest
from pydantic import ValidationError

from core_api.platform.clock import Clock
from core_api.platform.kv import DbKv, RedisKv
from core_api.platform.settings import Settings

REDIS_URL = os.environ.get("CONSOLE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def require_redis() -> None:
    """Redis is part of what the tests run on (./ops/test starts it): its absence fails, never skips."""
    host, port = REDIS_URL.split("//", 1)[1].split("/", 1)[0].split(":")
    with socket.socket() as s:
        s.settimeout(0.5)
        if s.connect_ex((host, int(port))) != 0:
            pytest.fail(f"Redis is not reachable at {REDIS_URL}: start it (./ops/test does)")


@pytest.fixture(params=["db", "redis"])
async def kv(request, client):
    """The app fixture provides the database (and the ORM context) for the table store."""
    if request.param == "db":
        clock = Clock()
        yield DbKv(clock.time), clock
        return
    require_redis()
    store = RedisKv(REDIS_URL)
    yield store, None
    await store.close()


async def test_set_get_and_expiry(kv):
    """A value is there until its time is up, then gone. The table store's time is the clock's, moved forward; its
    lifetime is long enough that a loaded machine's slow write and read stay inside it (0.5 s did not, in a CI run).
    Redis keeps real time: a lifetime of 1.5 s, slept past."""
    store, clock = kv
    key = f"t:{uuid.uuid4().hex}"
    ttl = 60.0 if clock else 1.5
    await store.set(key, "v", ttl)
    assert await store.get(key) == "v"
    if clock:
        clock.advance(ttl + 1)
    else:
        await asyncio.sleep(ttl + 0.1)
    assert await store.get(key) is None


async def test_pop_takes_a_value_once_even_when_concurrent(kv):
    store, _ = kv
    key = f"t:{uuid.uuid4().hex}"
    await store.set(key, "answer", 60)
    taken = await asyncio.gather(*(store.pop(key) for _ in range(10)))
    assert taken.count("answer") == 1
    assert await store.get(key) is None


async def test_add_sets_a_key_once_until_it_expires_even_when_concurrent(kv):
    store, clock = kv
    key = f"t:{uuid.uuid4().hex}"
    ttl = 60.0 if clock else 1.5  # as test_set_get_and_expiry: room for a loaded machine
    added = await asyncio.gather(*(store.add(key, str(i), ttl) for i in range(10)))
    assert added.count(True) == 1
    assert await store.get(key) == str(added.index(True))
    assert await store.add(key, "late", 60) is False
    if clock:
        clock.advance(ttl + 1)
    else:
        await asyncio.sleep(ttl + 0.1)
    assert await store.add(key, "after", 60) is True and await store.get(key) == "after"


async def test_incr_counts_within_a_window(kv):
    store, clock = kv
    key = f"t:{uuid.uuid4().hex}"
    ttl = 60.0 if clock else 1.5  # as test_set_get_and_expiry: room for a loaded machine
    assert [await store.incr(key, ttl) for _ in range(3)] == [1, 2, 3]
    if clock:
        clock.advance(ttl + 1)
    else:
        await asyncio.sleep(ttl + 0.1)
    assert await store.incr(key, ttl) == 1
    counts = await asyncio.gather(*(store.incr(key, 60) for _ in range(20)))
    assert sorted(counts) == list(range(2, 22))


async def test_sign_in_works_with_redis(start_app, make_settings):
    require_redis()
    from core_api.platform.state import KV
    from tests.conftest import login

    client = await start_app(make_settings(redis_url=REDIS_URL, captcha_enabled=True))
    assert isinstance(client.app[KV], RedisKv)
    body = await (await client.get("/captchaImage")).json()
    answer = await client.app[KV].get(f"captcha:{body['uuid']}")
    assert (await login(client, code=answer, uuid=body["uuid"]))["code"] == 200
    assert (await login(client, code=answer, uuid=body["uuid"]))["msg"] == "验证码已失效"


def test_production_refuses_weak_secrets_a_disabled_captcha_and_light_hashing(tmp_path):
    with pytest.raises(ValidationError, match="CONSOLE_SECRET_KEY"):
        Settings(env="production", var_dir=tmp_path)
    with pytest.raises(ValidationError, match="CONSOLE_SECRET_KEY"):
        Settings(env="production", secret_key="changeme", var_dir=tmp_path)
    strong = "k" * 48
    with pytest.raises(ValidationError, match="CONSOLE_CAPTCHA_ENABLED"):
        Settings(env="production", secret_key=strong, captcha_enabled=False, var_dir=tmp_path)
    with pytest.raises(ValidationError, match="CONSOLE_ARGON2_COST=light is refused in production"):
        Settings(env="production", secret_key=strong, argon2_cost="light", var_dir=tmp_path)
    assert Settings(env="production", secret_key=strong, var_dir=tmp_path).secret == strong.encode()


def test_development_generates_and_keeps_a_secret(tmp_path):
    first = Settings(var_dir=tmp_path).secret
    assert len(first) >= 32 and (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert Settings(var_dir=tmp_path).secret == first


def test_settings_read_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("CONSOLE_DATABASE_URL", "postgresql://u@h:5432/db")
    monkeypatch.setenv("CONSOLE_SESSION_TIMEOUT_MINUTES", "5")
    monkeypatch.setenv("CONSOLE_CAPTCHA_ENABLED", "false")
    settings = Settings(var_dir=tmp_path)
    assert settings.db_url == "postgres://u@h:5432/db" and settings.is_postgres
    assert settings.session_timeout_seconds == 300 and settings.captcha_enabled is False
    monkeypatch.setenv("CONSOLE_SESSION_TIMEOUT_MINUTES", "-1")
    with pytest.raises(ValidationError):
        Settings(var_dir=tmp_path)


@pytest.mark.skipif(os.environ.get("CONSOLE_TEST_BACKEND", "sqlite") != "sqlite", reason="SQLite's own setting")
async def test_sqlite_syncs_its_log_at_checkpoints_unless_the_url_asks_for_every_commit(make_settings, database_url):
    """WAL with synchronous NORMAL by default (a sync per commit cost ~1 ms of every write); the URL can ask FULL."""
    from tortoise import connections

    from core_api.model_index import model_modules
    from core_api.platform import db

    for url, expected in ((database_url, 1), (database_url + "?synchronous=FULL", 2)):
        ctx = await db.init_db(make_settings(database_url=url), model_modules())
        try:
            conn = connections.get("default")
            assert (await conn.execute_query_dict("PRAGMA journal_mode"))[0]["journal_mode"] == "wal"
            assert (await conn.execute_query_dict("PRAGMA synchronous"))[0]["synchronous"] == expected
        finally:
            await db.close_db(ctx)
