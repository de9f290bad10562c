"""Reads from a hot standby (CONSOLE_DATABASE_REPLICA_URL) with read-your-writes, on a real streaming standby.

The PostgreSQL test: a primary of its own (initdb) and a standby made from it with pg_basebackup -R, both on free
ports in a temporary directory and run as the postgres OS user (ops/cluster.py's code, the same that
`./ops/cluster up` runs). Replay is paused on the standby so that what it serves is visibly behind the primary.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import asyncpg
import pytest

from core_api.platform.db import tortoise_config
from core_api.platform.state import REPLICA as REPLICA_STATE
from tests.conftest import BACKEND, prepare_database, token_for

NEW_POST = {"postCode": "night", "postName": "夜班值守", "postSort": 9, "status": "0"}


def test_without_a_standby_everything_uses_the_one_database(make_settings):
    settings = make_settings(database_replica_url="")
    assert settings.replica_url == "" and tortoise_config(settings, [])["routers"] == []
    if BACKEND != "postgres":  # SQLite has no standby: the setting is ignored
        with_setting = make_settings(database_replica_url="postgres://postgres@127.0.0.1:1/x")
        assert with_setting.replica_url == "" and tortoise_config(with_setting, [])["routers"] == []


@pytest.fixture(scope="module")
def pg_pair():
    if BACKEND != "postgres":
        pytest.skip("a streaming standby needs PostgreSQL (CONSOLE_TEST_BACKEND=postgres)")
    # on PostgreSQL the test runs or fails, never skips: the standby runs as the postgres user through runuser
    assert shutil.which("runuser") is not None, "runuser (util-linux) is needed to start the standby"
    from ops.cluster import Cluster

    base = Path(tempfile.mkdtemp(prefix="console-replica-"))
    base.chmod(0o755)  # the postgres OS user works in it
    pair = Cluster(web=False, base=base / "pg")
    pair.logs.mkdir(parents=True)
    try:
        pair._start_postgres()
        prepare_database(pair.primary_url, base / "var")
        yield pair
    finally:
        for name in ("pg-standby", "pg-primary"):
            try:
                pair._pg_stop(name)
            except RuntimeError:
                pass
        shutil.rmtree(base, ignore_errors=True)


async def _standby(pair, sql: str) -> None:
    conn = await asyncpg.connect(pair.standby_url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _caught_up(pair) -> None:
    for _ in range(100):
        lag = await pair.standby_lag_bytes()
        if lag == 0:
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the standby did not catch up")


async def _post_codes(client, token: str) -> set[str]:
    response = await client.get("/system/post/list", params={"pageSize": "100"},
                                headers={"Authorization": f"Bearer {token}"})
    body = await response.json()
    assert body["code"] == 200, body
    return {row["postCode"] for row in body["rows"]}


async def test_lists_read_the_standby_except_for_the_operator_who_just_wrote(pg_pair, start_app, make_settings):
    client = await start_app(make_settings(database_url=pg_pair.primary_url,
                                           database_replica_url=pg_pair.standby_url))
    replica = client.server.app[REPLICA_STATE]
    admin, ry = await token_for(client, "admin"), await token_for(client, "ry")
    await _caught_up(pg_pair)
    await _standby(pg_pair, "SELECT pg_wal_replay_pause()")
    try:
        created = await client.post("/system/post", json=NEW_POST, headers={"Authorization": f"Bearer {admin}"})
        assert (await created.json())["code"] == 200
        # The operator who wrote sees the write at once, although the standby has not replayed it ...
        assert "night" in await _post_codes(client, admin)
        # ... another operator's list is served by the standby, where the post does not exist yet.
        before = replica.standby_reads
        assert "night" not in await _post_codes(client, ry)
        assert replica.standby_reads == before + 1
    finally:
        await _standby(pg_pair, "SELECT pg_wal_replay_resume()")
    await _caught_up(pg_pair)
    await asyncio.sleep(0.15)  # the replayed position a process knows is at most 100 ms old
    assert "night" in await _post_codes(client, ry)
    standby_reads = replica.standby_reads
    assert "night" in await _post_codes(client, admin)  # caught up: the writer reads the standby again
    assert replica.standby_reads == standby_reads + 1

    # The standby stops: lists still answer, from the primary, and the fall-back is counted.
    await pg_pair.stop_standby()
    try:
        fallbacks = replica.fallbacks
        await asyncio.sleep(0.15)
        assert "night" in await _post_codes(client, ry)
        assert "night" in await _post_codes(client, admin)
        assert replica.fallbacks > fallbacks
    finally:
        await pg_pair.start_standby()


async def test_the_replica_connection_is_the_standby(pg_pair, start_app, make_settings):
    client = await start_app(make_settings(database_url=pg_pair.primary_url, database_replica_url=pg_pair.standby_url))
    replica = client.server.app[REPLICA_STATE]
    rows = await replica.client.execute_query_dict("SELECT pg_is_in_recovery() AS standby")
    assert rows == [{"standby": True}]
