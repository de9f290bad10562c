"""List totals kept per filter and data scope while their table is unchanged (core_api/platform/counts.py):
served from memory, forgotten on every node after a write, never shared between filters or scopes, never
kept when the table changed while counting; unfiltered totals read from the triggers' row counts."""

from __future__ import annotations

import asyncio
import importlib

import aiohttp
import pytest
from tortoise import connections

from core_api.platform.counts import COMPACT_AT, ROW_COUNTED, Counts, changed, counted, counts_of, stored_row_count
from core_api.system.post.models import SysPost
from core_api.system.user.models import SysUser
from tests.conftest import BACKEND, Caller, bearer, code_only, eventually, token_for


def app_of(client):
    return client.server.app


async def add_users(count: int, dept_id: int, prefix: str) -> None:
    await SysUser.bulk_create([SysUser(user_name=f"{prefix}{i}", nick_name=f"批量{i}", dept_id=dept_id,
                                       password="x", email=f"{prefix}{i}@example.com", phonenumber="")
                               for i in range(count)])


async def users_total(caller: Caller, **params) -> int:
    body = await caller.get("/system/user/list", params=params)
    assert body["code"] == 200, body
    return body["total"]


async def test_a_total_comes_from_memory_until_its_table_changes(admin):
    app = app_of(admin.client)
    counts = counts_of(app)
    first = await admin.get("/system/post/list", params={"postName": "长"})
    assert first["total"] == 1  # 董事长
    computed = counts.computed
    # A row written behind the application's back (no changed()): the kept total does not see it...
    await SysPost.create(post_code="ghost", post_name="副董事长", post_sort=9)
    again = await admin.get("/system/post/list", params={"postName": "长"})
    assert again["total"] == 1 and len(again["rows"]) == 2 and counts.computed == computed
    # ...a write through the API bumps the stamp, and the next page counts afresh.
    body = await admin.post("/system/post", json={"postCode": "vice2", "postName": "执行董事长", "postSort": 10,
                                                  "status": "0"})
    assert body["code"] == 200, body
    after = await admin.get("/system/post/list", params={"postName": "长"})
    assert after["total"] == 3 and counts.computed == computed + 1
    await admin.get("/system/post/list", params={"postName": "长", "pageNum": 2, "pageSize": 2})
    assert counts.computed == computed + 1  # another page of the same filter: the same total


async def test_concurrent_pages_share_one_count(admin):
    counts = counts_of(app_of(admin.client))
    await admin.post("/system/post", json={"postCode": "p1", "postName": "并发", "postSort": 9, "status": "0"})
    before = counts.computed
    pages = await asyncio.gather(*(admin.get("/system/post/list", params={"postName": "并发", "pageNum": n})
                                   for n in range(1, 9)))
    assert {p["total"] for p in pages} == {1}
    assert counts.computed == before + 1


async def test_filters_and_data_scopes_never_share_a_total(client):
    admin = Caller(client, await token_for(client))
    ry = Caller(client, await token_for(client, "ry"))
    await add_users(30, 103, "scopea")  # outside ry's departments (100, 101, 105)
    await add_users(12, 105, "scopeb")  # inside them
    await changed(app_of(client), "sys_user")
    for _ in range(2):  # the second round is served from memory and must say the same
        assert await users_total(admin) == 44
        assert await users_total(ry) == 13  # ry and the 12
        assert await users_total(admin, userName="scope") == 42
        assert await users_total(ry, userName="scope") == 12
        assert await users_total(admin, userName="scopea") == 30
        assert await users_total(admin, userName="scopea", deptId=105) == 0
        assert await users_total(admin, userName="scope", deptId=105) == 12
        assert await users_total(admin, status="1") == 0
    # The same caller's key with another filter behind it (a caller that forgot part of its key) still
    # gets its own total: the count's SQL is part of the cache key.
    app = app_of(client)
    assert await counted(app, "sys_user", "k", SysUser.filter(user_name__startswith="scopea")) == 30
    assert await counted(app, "sys_user", "k", SysUser.filter(user_name__startswith="scopeb")) == 12


async def test_the_unfiltered_total_is_the_triggers_count_not_a_scan(admin):
    app = app_of(admin.client)
    db = connections.get("default")
    await add_users(25, 103, "bulk")
    assert await stored_row_count(db, "sys_user") == 27 == await SysUser.filter(del_flag="0").count()
    # Prove where the unfiltered total comes from: skew the stored count, and only the unfiltered list sees it.
    mark = "$1" if BACKEND == "postgres" else "?"
    await db.execute_query(f"INSERT INTO biz_row_count (tbl, n) VALUES ({mark}, 1000)", ["sys_user"])
    await changed(app, "sys_user")
    assert await users_total(admin) == 1027
    assert await users_total(admin, userName="bulk") == 25
    await db.execute_query(f"INSERT INTO biz_row_count (tbl, n) VALUES ({mark}, -1000)", ["sys_user"])
    await changed(app, "sys_user")
    assert await users_total(admin) == 27


async def test_the_triggers_count_live_rows_through_every_kind_of_write(client):
    db = connections.get("default")

    async def agree() -> None:
        assert await stored_row_count(db, "sys_user") == await SysUser.filter(del_flag="0").count()
        assert await stored_row_count(db, "sys_post") == await SysPost.all().count()

    await add_users(40, 103, "trig")
    await agree()
    await SysUser.filter(user_name__startswith="trig1").update(del_flag="2")  # soft-deleted: no longer live
    await agree()
    await SysUser.filter(user_name__startswith="trig1").update(nick_name="改")  # not live either way
    await SysUser.filter(user_name="trig10").update(del_flag="0")
    await agree()
    await SysUser.filter(user_name__startswith="trig2").delete()
    await agree()
    for i in range(COMPACT_AT + 6):  # one delta row per statement on PostgreSQL: a read folds them
        await SysPost.create(post_code=f"cnt{i}", post_name=f"岗位{i}", post_sort=i)
    await agree()
    parts = await db.execute_query_dict("SELECT COUNT(*) AS k FROM biz_row_count WHERE tbl = 'sys_post'")
    assert parts[0]["k"] <= 2
    await agree()
    await SysPost.filter(post_code__startswith="cnt").delete()
    await agree()
    if BACKEND == "postgres":
        await SysPost.create(post_code="t", post_name="t", post_sort=1)
        await db.execute_script("TRUNCATE sys_post CASCADE")
        await agree()


def test_the_migration_counts_the_tables_the_code_declares():
    migration = importlib.import_module("core_api.migrations.0012_row_counts")
    for table, live in migration.TABLES.items():
        assert ROW_COUNTED[table] == live


async def test_a_total_counted_across_a_write_is_not_kept(client):
    app = app_of(client)
    counts = counts_of(app)
    gate = asyncio.Event()
    started = asyncio.Event()

    async def slow() -> int:
        total = await SysPost.all().count()  # counted before the write below commits
        started.set()
        await gate.wait()
        return total

    async def fresh() -> int:
        return await SysPost.all().count()

    pending = asyncio.create_task(counts.total("sys_post", "all", slow))
    await started.wait()
    await SysPost.create(post_code="late", post_name="迟到", post_sort=5)
    await changed(app, "sys_post")
    gate.set()
    assert await pending == 4  # the caller that asked before the write gets what was counted...
    assert await counts.total("sys_post", "all", fresh) == 5  # ...but it was not kept for anyone after it
    assert await counts.total("sys_post", "all", slow) == 5  # and now 5 is kept


async def test_a_kept_total_expires_after_max_age():
    now = [0.0]
    counts = Counts(clock=lambda: now[0])
    answers = iter([1, 2])

    async def compute() -> int:
        return next(answers)

    assert await counts.total("t", "k", compute, max_age=10) == 1
    now[0] = 9.0
    assert await counts.total("t", "k", compute, max_age=10) == 1
    now[0] = 11.0
    assert await counts.total("t", "k", compute, max_age=10) == 2


def test_a_memo_lives_while_its_table_stamp_and_age_do():
    now = [0.0]
    counts = Counts(clock=lambda: now[0])
    names = counts.memo("mall_shop", max_age=10)
    names[1] = "甲店"
    assert counts.memo("mall_shop", max_age=10) == {1: "甲店"}
    assert counts.memo("sys_post") == {}  # another table, another memo
    taken = counts.memo("mall_shop", max_age=10)  # a read begins...
    counts.bump("mall_shop")  # ...the table changes...
    taken[2] = "乙店(旧)"  # ...and what it read goes to the old stamp's dict, read by nobody again
    assert counts.memo("mall_shop", max_age=10) == {}
    counts.memo("mall_shop", max_age=10)[1] = "甲店新名"
    now[0] = 11.0
    assert counts.memo("mall_shop", max_age=10) == {}


async def test_the_log_lists_follow_operations_and_sign_ins(client):
    admin = Caller(client, await token_for(client))
    operations = (await admin.get("/monitor/operlog/list"))["total"]
    logins = (await admin.get("/monitor/logininfor/list"))["total"]
    await admin.post("/system/post", json={"postCode": "log1", "postName": "日志", "postSort": 9, "status": "0"})

    async def one_more_operation() -> bool:
        return (await admin.get("/monitor/operlog/list"))["total"] == operations + 1

    await eventually(one_more_operation)
    await token_for(client, "ry")  # the login log is written by a worker, which tells every node

    async def one_more_login() -> bool:
        return (await admin.get("/monitor/logininfor/list"))["total"] == logins + 1

    await eventually(one_more_login, timeout=10)  # a worker, then a broadcast: seconds on a loaded CI machine


@pytest.mark.skipif(BACKEND != "postgres", reason="two nodes share PostgreSQL and RabbitMQ")
async def test_a_write_on_one_node_renews_the_total_on_the_other(start_app, make_settings, second_node):
    client = await start_app(make_settings())
    other = await second_node()
    token = await token_for(client)
    here = Caller(client, token)

    async with aiohttp.ClientSession(headers=bearer(token)) as http:
        async def there_total() -> int:
            async with http.get(f"{other}/system/post/list", params={"postName": "跨"}) as r:
                body = await r.json()
                assert body["code"] == 200, body
                return body["total"]

        assert (await here.get("/system/post/list", params={"postName": "跨"}))["total"] == 0
        assert await there_total() == 0
        # Written on the other node: this node's kept total is renewed by the broadcast.
        async with http.post(f"{other}/system/post", json={"postCode": "x1", "postName": "跨节点一",
                                                            "postSort": 9, "status": "0"}) as r:
            assert (await r.json())["code"] == 200

        async def here_sees_it() -> bool:
            return (await here.get("/system/post/list", params={"postName": "跨"}))["total"] == 1

        await eventually(here_sees_it, timeout=10)
        # Written here: the other node's kept total is renewed.
        assert await there_total() == 1
        await here.post("/system/post", json={"postCode": "x2", "postName": "跨节点二", "postSort": 9,
                                              "status": "0"})

        async def there_sees_it() -> bool:
            return await there_total() == 2

        await eventually(there_sees_it, timeout=10)


@code_only
def test_every_route_that_writes_a_counted_table_announces_it():
    """A static check: each handler in a routes module that creates, updates or deletes rows of a counted
    table's model calls ``changed`` for that table."""
    import ast
    from pathlib import Path

    from core_api.model_index import MODEL_MODULES

    tables = {}
    for module_name in MODEL_MODULES:
        module = importlib.import_module(module_name)
        for value in vars(module).values():
            meta = getattr(value, "_meta", None)
            if isinstance(value, type) and meta is not None and getattr(meta, "db_table", None) in ROW_COUNTED:
                tables[value.__name__] = meta.db_table
    assert {"SysUser", "SysPost", "SysOperLog"} <= set(tables)
    missing = []
    root = Path(__file__).resolve().parent.parent / "core_api"
    for path in root.rglob("routes.py"):
        code = path.read_text()
        for fn in (n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.AsyncFunctionDef)):
            source = ast.get_source_segment(code, fn) or ""
            for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
                text = ast.unparse(call)  # not get_source_segment: it splits the whole file again for each call
                name = text.split(".", 1)[0]
                writes = any(f".{verb}(" in text for verb in ("create", "update", "delete", "bulk_create"))
                if name in tables and writes and f'"{tables[name]}"' not in source.split("changed(", 1)[-1]:
                    missing.append(f"{path.relative_to(root)}:{fn.name} writes {tables[name]}")
    assert not missing, missing


async def test_a_resource_lists_key_names_its_count_whatever_the_filters_and_scopes(admin):
    """The resource lists keep their totals by their filter key alone (``counted(..., exact=True)``, no SQL
    printed per call): for every declared list, every filter alone with two values and every kind of caller
    (all data, a department scope, own records, two shops), one key never stands for two different counts."""
    import datetime as dt

    from core_api.platform.resource import REGISTRY
    from core_api.platform.security import Authz, DataScope, Principal

    def caller(scope: DataScope) -> Principal:
        return Principal(0, "", Authz(1, "t", 100, "", ("r",), (1,), frozenset(), scope))

    callers = [caller(DataScope(all=True)), caller(DataScope(dept_ids=frozenset({101, 103}))),
               caller(DataScope(self_user_id=5)), caller(DataScope(self_user_id=6)),
               caller(DataScope(all=True, shop_id=7)), caller(DataScope(all=True, shop_id=8))]
    checked = 0
    for res in REGISTRY.values():
        if res.hand_list or not res.cached_count:
            continue
        queries: list[dict] = [{}]
        for f in res.fields:
            if f.filter == "range":
                sample = (dt.date(2026, 1, 1), dt.date(2026, 2, 1)) if f.kind in ("datetime", "date") else (1, 2)
                queries += [{f"begin_{f.name}": v} for v in sample] + [{f"end_{f.name}": v} for v in sample]
            elif f.filter:
                numeric = f.kind in ("category", "id", "uid", "shop")
                queries += [{f.name: v} for v in ((3, 4) if numeric else ("3", "4"))]
        seen: dict[str, str] = {}
        for who in callers:
            for values in queries:
                qs, key = res.filtered(res.query_model.model_construct(**values), who)
                sql = qs.count().sql(params_inline=True)
                assert seen.setdefault(key, sql) == sql, (res.name, key, values)
                checked += 1
    assert checked > 500
