"""A list's statement kept per shape, its values bound per call (core_api/platform/compiled.py ``shaped_values``):
the user list's rows and totals follow each filter's value, whatever it holds (LIKE's own characters too), two
shapes never share a statement, a shape Tortoise transforms is kept per exact call, and a write on another node
renews the kept total."""

from __future__ import annotations

import aiohttp
import pytest

from core_api.platform import compiled
from core_api.platform.compiled import shaped_values, where
from core_api.system.user.models import SysUser
from tests.conftest import BACKEND, Caller, bearer, eventually, token_for


async def add(*names: str, dept_id: int = 105, phone: str = "") -> None:
    await SysUser.bulk_create([SysUser(user_name=n, nick_name=n, dept_id=dept_id, password="x", phonenumber=phone,
                                       email=f"{n.replace('%', 'p')}@example.com") for n in names])


async def names(caller: Caller, **params) -> tuple[list[str], int]:
    body = await caller.get("/system/user/list", params=params)
    assert body["code"] == 200, body
    return [r["userName"] for r in body["rows"]], body["total"]


async def test_each_value_of_a_kept_shape_gets_its_own_rows_and_total(admin):
    await add("pct%x", "pctyx", "und_er", "undxer", "Mixed.Case")
    assert await names(admin, userName="pctyx") == (["pctyx"], 1)  # builds the shape's statement
    assert any(v is not None and v[0].count("LIKE") for v in compiled._templates.values())
    assert await names(admin, userName="pct%") == (["pct%x"], 1)  # % is a character, not a wildcard
    assert await names(admin, userName="und_") == (["und_er"], 1)  # _ too
    assert await names(admin, userName="pct") == (["pct%x", "pctyx"], 2)
    assert await names(admin, userName="mixed.c") == (["Mixed.Case"], 1)  # the case is still ignored
    assert await names(admin, userName="nobody-has-this") == ([], 0)
    # The page's offset and size are values too: the next page of the same shape.
    assert await names(admin, userName="pct", pageSize=1, pageNum=2) == (["pctyx"], 2)
    # A department subtree of another size is another statement (a list's length is part of the shape).
    assert (await names(admin, userName="und", deptId=105))[1] == 2
    assert (await names(admin, userName="und", deptId=101))[1] == 2  # 101 and the departments below it
    assert (await names(admin, userName="und", deptId=103))[1] == 0


async def test_two_shapes_never_share_a_statement(admin):
    await add("shape13800", phone="13800000000")
    await add("other", phone="13913800000")
    by_name = await names(admin, userName="138")
    by_phone = await names(admin, phonenumber="138")
    assert by_name == (["shape13800"], 1)
    assert by_phone == (["shape13800", "other"], 2)
    assert await names(admin, userName="138", phonenumber="139") == ([], 0)
    assert await names(admin, userName="138", phonenumber="1380") == (["shape13800"], 1)


async def test_a_shape_whose_values_tortoise_transforms_is_kept_per_call(admin):
    await add("lower-me")

    def build(values):  # the value is changed before Tortoise sees it: no stand-in can say how
        return where(SysUser.all(), (("user_name",),), [values[0].lower()]).values("user_name")

    shape = ("test", "lowered")
    assert [r["user_name"] for r in await shaped_values(build, shape, ["LOWER-ME"], SysUser)] == ["lower-me"]
    assert [v for k, v in compiled._templates.items() if k[1] == shape] == [None]
    assert [r["user_name"] for r in await shaped_values(build, shape, ["Lower-Me"], SysUser)] == ["lower-me"]
    assert await shaped_values(build, shape, ["NOBODY"], SysUser) == []


async def test_a_data_scope_is_part_of_the_shape_and_its_values(client):
    admin = Caller(client, await token_for(client))
    ry = Caller(client, await token_for(client, "ry"))  # departments 100, 101, 105 and the own record
    await add("scopeda", "scopedb", dept_id=103)
    await add("scopedc", dept_id=105)
    for _ in range(2):  # the second round binds the kept statements
        assert (await names(admin, userName="scoped"))[1] == 3
        assert await names(ry, userName="scoped") == (["scopedc"], 1)


@pytest.mark.skipif(BACKEND != "postgres", reason="two nodes share PostgreSQL and RabbitMQ")
async def test_a_write_on_another_node_renews_the_user_lists_total(start_app, make_settings, second_node):
    client = await start_app(make_settings())
    other = await second_node()
    token = await token_for(client)
    here = Caller(client, token)
    assert await names(here, userName="crossnode") == ([], 0)
    async with aiohttp.ClientSession(headers=bearer(token)) as http:
        async with http.post(f"{other}/system/user", json={"userName": "crossnode1", "nickName": "跨节点",
                                                            "password": "Admin@123456", "deptId": 105}) as r:
            assert (await r.json())["code"] == 200

    async def here_sees_it() -> bool:
        return await names(here, userName="crossnode") == (["crossnode1"], 1)

    await eventually(here_sees_it, timeout=10)
