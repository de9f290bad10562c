"""Kept reads on PostgreSQL hold their connections (core_api/platform/asyncpg_client.py): a page read again and
again takes no connection from the pool, a cancelled or failed read never leaves a busy connection in the lane, a
connection the server closed is dropped, and closing the client gives every connection back at once."""

from __future__ import annotations

import asyncio
import time

import pytest
from tortoise import connections
from tortoise.backends.base.config_generator import expand_db_url

from core_api.platform import asyncpg_client
from core_api.platform.asyncpg_client import AsyncpgClient
from core_api.platform.compiled import values_of
from core_api.platform.db import _engine, _pg_credentials
from core_api.system.post.models import SysPost
from tests.conftest import BACKEND

postgres_only = pytest.mark.skipif(BACKEND != "postgres", reason="the lane is the PostgreSQL client's")


def _codes() -> object:
    return SysPost.all().order_by("post_id").values("post_code")


async def test_kept_reads_go_through_the_lane_on_postgresql_only(admin):
    db = connections.get("default")
    expected = [r["post_code"] for r in await SysPost.all().order_by("post_id").values("post_code")]
    for _ in range(3):
        assert [r["post_code"] for r in await values_of(_codes, ("lane", "codes"), SysPost)] == expected
    if BACKEND == "postgres":
        assert db.__class__ is AsyncpgClient
        assert db._lane is not None and db._lane.held == 1 and len(db._lane.idle) == 1  # one read at a time: one
    else:
        assert db.__class__ is not AsyncpgClient  # SQLite: Tortoise's own client reads every page


@postgres_only
async def test_concurrent_kept_reads_borrow_at_most_half_the_pool(admin):
    db = connections.get("default")
    expected = [r["post_code"] for r in await SysPost.all().order_by("post_id").values("post_code")]
    pages = await asyncio.gather(*(values_of(_codes, ("lane", "codes"), SysPost) for _ in range(40)))
    assert all([r["post_code"] for r in page] == expected for page in pages)
    lane = db._lane
    assert 1 <= lane.held <= db.pool_maxsize // 2
    assert len(lane.idle) == lane.held  # all put back, none lost
    assert await SysPost.filter(post_code="ceo").exists()  # Tortoise still has the rest of the pool


@postgres_only
async def test_a_cancelled_kept_read_goes_back_to_the_pool_and_the_next_one_answers(admin):
    db = connections.get("default")
    await db.kept_fetch("SELECT 1")
    slow = asyncio.ensure_future(db.kept_fetch("SELECT pg_sleep(5)"))
    await asyncio.sleep(0.3)
    began = time.monotonic()
    slow.cancel()
    with pytest.raises(asyncio.CancelledError):
        await slow
    assert [tuple(r) for r in await db.kept_fetch("SELECT $1::int + 1", 41)] == [(42,)]
    assert time.monotonic() - began < 3  # the statement was cancelled on the server, not waited out
    lane = db._lane
    assert lane.held == len(lane.idle) == 1  # the cancelled connection left the lane; the next read borrowed one
    still = await db.kept_fetch("SELECT count(*) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' "
                                "AND state = 'active'")
    assert still[0][0] == 0  # the pool waited out the cancellation before the task ended


@postgres_only
async def test_a_connection_the_server_closed_is_dropped_from_the_lane(admin):
    db = connections.get("default")
    await db.kept_fetch("SELECT 1")
    (con, _), = db._lane.idle
    pid = con.get_server_pid()
    await SysPost.raw(f"SELECT pg_terminate_backend({int(pid)}) AS post_id")
    for _ in range(100):  # the socket's end reaches the client's loop
        if not asyncpg_client._open(con):
            break
        await asyncio.sleep(0.02)
    assert not asyncpg_client._open(con)
    rows = await db.kept_fetch("SELECT pg_backend_pid()")
    assert rows[0][0] != pid
    assert db._lane.held == 1


@postgres_only
async def test_a_failed_kept_read_leaves_no_connection_behind(admin):
    db = connections.get("default")
    from asyncpg import UndefinedTableError

    await db.kept_fetch("SELECT 1")
    with pytest.raises(UndefinedTableError):
        await db.kept_fetch("SELECT * FROM no_such_table")
    assert db._lane.held == len(db._lane.idle) == 0
    assert [tuple(r) for r in await db.kept_fetch("SELECT 2")] == [(2,)]


@postgres_only
async def test_a_connection_goes_back_to_the_pool_after_its_share_of_statements(admin, monkeypatch):
    db = connections.get("default")
    monkeypatch.setattr(asyncpg_client, "RENEW", 3)
    await db._give_back_lane()
    seen = []
    for _ in range(6):
        await db.kept_fetch("SELECT 1")
        seen.append((db._lane.held, len(db._lane.idle)))
    assert seen == [(1, 1), (1, 1), (0, 0), (1, 1), (1, 1), (0, 0)]


@postgres_only
async def test_closing_the_client_gives_the_lane_back_at_once(database_url):
    info = expand_db_url(database_url)
    assert _engine(info["engine"]) == "core_api.platform.asyncpg_client"
    client = AsyncpgClient(connection_name="lane-test", **{**info["credentials"], **_pg_credentials(6, "lane-test")})
    await client.create_connection(with_db=True)
    results = await asyncio.gather(*(client.kept_fetch("SELECT pg_sleep(0.05), $1::int", n) for n in range(8)))
    assert sorted(r[0][1] for r in results) == list(range(8))
    assert client._lane.held == 3  # half of 6; the other reads went through the pool
    began = time.monotonic()
    await client.close()  # Tortoise waits up to 10 s for connections still taken from the pool
    assert time.monotonic() - began < 2
    assert client._pool is None
