"""A list page's statement kept per exact request (core_api/platform/compiled.py): the rows are those Tortoise
reads, converted the same way, for every declared list; the kept statement follows the transaction's
connection; and a new filter value, order or page is a new statement, never another page's."""

from __future__ import annotations

import dataclasses

import orjson
from tortoise.transactions import in_transaction

from core_api import demo
from core_api.platform import compiled
from core_api.platform.compiled import json_values_of, values_of
from core_api.platform.resource import REGISTRY
from core_api.platform.resource.fields import row_view
from core_api.system.post.models import SysPost
from tests.conftest import BACKEND


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


async def test_every_plain_list_page_named_by_postgresql_is_the_view_of_its_rows(admin):
    """Where a list's columns are plain, PostgreSQL names and formats each column as the wire shows it
    (``json_values_of``): each row is exactly what the row's view shows (wire names, local times, numbers, flags,
    nulls, text as sent), in the page's order, and written as the view's JSON is, byte for byte; the records keep the
    ordering's values for the cursor. On SQLite the page is read as rows (None here), and the list views them."""
    await demo.generate(30, seed=3)
    await SysPost.filter(post_code="ceo").update(remark='引号" 反斜杠\\ 换行\n 表情😀 <b>&</b>')
    written = 0
    for res in REGISTRY.values():
        rows_spec = None if res.hand_list else res.plain_rows()
        if rows_spec is None:
            continue
        ordering = list(res.order)

        def build(res=res, ordering=ordering):
            return res.model.all().order_by(*ordering).limit(20).values(*res.columns)

        found = await json_values_of(build, ("test-json", res.name), res.model, rows_spec, ordering)
        if BACKEND != "postgres":
            assert found is None, res.name
            continue
        view = row_view([dataclasses.replace(f, mask=None) for f in res.fields], None)
        read = await build()
        expected = [view(r) for r in read]
        assert found is not None, res.name
        records, shown = found
        assert orjson.dumps(shown) == orjson.dumps(expected), res.name  # what crosses the wire, byte for byte
        for record, row in zip(records, read, strict=True):  # what the cursor reads
            assert all(record[term.lstrip("-")] == row[term.lstrip("-")] for term in ordering), res.name
        sql = compiled._kept[("json", "postgres", ("test-json", res.name))][0]
        assert sql.startswith("SELECT") and ") p ORDER BY" not in sql, res.name  # one table's: its list replaced
        again = await json_values_of(build, ("test-json", res.name), res.model, rows_spec, ordering)
        assert again is not None and orjson.dumps(again[1]) == orjson.dumps(shown), res.name  # kept: the same page
        written += bool(expected)
    assert written >= (30 if BACKEND == "postgres" else 0)


def test_a_page_of_one_table_is_one_select_and_any_other_is_wrapped():
    """The page's select list is replaced where it names exactly the shown columns of one table; a join's (or any
    other select list) is read as a subquery, its own columns under their names, in the page's order again."""
    rows = compiled.JsonRows((("id", "id", "plain"), ("sent_time", "sentTime", "time")))
    ordering = ["-sent_time", "-id"]
    inner = ('SELECT "id" "id","sent_time" "sent_time" FROM "t" WHERE "x"=$1 '
             'ORDER BY "sent_time" DESC,"id" DESC LIMIT $2')
    assert compiled.json_sql(inner, 2, rows, ordering) == (
        'SELECT "id" AS "id",to_char("sent_time" AT TIME ZONE $3,\'YYYY-MM-DD HH24:MI:SS\') AS "sentTime",'
        '"sent_time" FROM "t" WHERE "x"=$1 ORDER BY "sent_time" DESC,"id" DESC LIMIT $2')
    joined = inner.replace('FROM "t"', 'FROM "t" LEFT OUTER JOIN "u" ON "u"."id"="t"."u_id"')
    assert compiled.json_sql(joined, 2, rows, ordering) == (
        'SELECT p."id" AS "id",to_char(p."sent_time" AT TIME ZONE $3,\'YYYY-MM-DD HH24:MI:SS\') AS "sentTime",'
        f'p."sent_time" FROM ({joined}) p ORDER BY p."sent_time" DESC,p."id" DESC')
