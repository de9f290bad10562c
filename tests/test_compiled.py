"""A list page's statement kept per exact request (core_api/platform/compiled.py): the rows are those Tortoise
reads, converted the same way, for every declared list; the kept statement follows the transaction's
connection; and a new filter value, order or page is a new statement, never another page's."""

from __future__ import annotations

from tortoise.transactions import in_transaction

from core_api import demo
from core_api.platform import compiled
from core_api.platform.compiled import values_of
from core_api.platform.resource import REGISTRY
from core_api.system.post.models import SysPost


async def test_every_list_reads_the_same_rows_as_tortoise_first_and_kept(admin):
    await demo.generate(30, seed=3)
    compared = 0
    for res in REGISTRY.values():
        if res.hand_list:
            continue
        qs = res.model.all().order_by(*res.order).limit(20)
        expected = await qs.values(*res.columns)
        first = await values_of(qs.values(*res.columns), ("test", res.name))
        kept = await values_of(qs.values(*res.columns), ("test", res.name))
        assert first == expected, res.name
        assert kept == expected, res.name
        compared += bool(expected)
    assert compared >= 40  # lists with rows: the conversions (booleans, decimals, JSON, enums) were exercised


async def test_a_new_value_order_or_page_is_a_new_statement(admin):
    posts = SysPost.all()
    assert [r["post_code"] for r in await values_of(posts.filter(post_code="ceo").values("post_code"),
                                                    ("posts", "code=ceo"))] == ["ceo"]
    assert [r["post_code"] for r in await values_of(posts.filter(post_code="hr").values("post_code"),
                                                    ("posts", "code=hr"))] == ["hr"]
    ordered = await values_of(posts.order_by("post_sort").limit(2).values("post_sort"), ("posts", "sort", 1))
    second = await values_of(posts.order_by("post_sort").offset(2).limit(2).values("post_sort"), ("posts", "sort", 2))
    assert [r["post_sort"] for r in ordered] == [1, 2]
    assert [r["post_sort"] for r in second] == [3, 4]


async def test_a_kept_statement_reads_inside_the_callers_transaction(admin):
    key = ("posts", "all-codes")
    before = await values_of(SysPost.all().order_by("post_id").values("post_code"), key)
    try:
        async with in_transaction():
            await SysPost.create(post_code="zz-temp", post_name="临时岗位", post_sort=99, status="0")
            inside = await values_of(SysPost.all().order_by("post_id").values("post_code"), key)
            assert [r["post_code"] for r in inside] == [r["post_code"] for r in before] + ["zz-temp"]
            raise RuntimeError("roll back")
    except RuntimeError:
        pass
    after = await values_of(SysPost.all().order_by("post_id").values("post_code"), key)
    assert after == before
    assert len(compiled._kept) <= compiled.KEEP


async def test_a_kept_statement_builds_no_query(admin):
    built: list[int] = []

    def build():  # what a list call passes: its page's query, built only when the statement is not kept
        built.append(1)
        return SysPost.all().order_by("post_id").values("post_code", "create_time")

    expected = await SysPost.all().order_by("post_id").values("post_code", "create_time")
    first = await values_of(build, ("posts", "built"), SysPost)
    again = await values_of(build, ("posts", "built"), SysPost)
    assert first == again == expected
    assert built == [1]
    assert all(r["create_time"] is None or r["create_time"].utcoffset() is not None for r in again)  # aware times
