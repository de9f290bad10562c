"""A field kind is what a feature registers (core_api/platform/resource/kinds.py): the platform honours a kind it has
never heard of, in a body's rules, a write's check, a list's filter, the rows and the screens' metadata."""

from __future__ import annotations

from typing import Any

from tortoise.expressions import Q

from core_api.mall.keyword.models import MallKeyword
from core_api.platform.errors import ServiceError
from core_api.platform.resource import KINDS, REGISTRY, F, Kind, Resource, register_kind
from tests.conftest import Caller, token_for


async def test_a_kind_registered_by_a_feature_is_honoured(start_app, make_settings):
    async def even(request: Any, f: F, value: Any, before: dict[str, Any] | None) -> Any:
        if value is not None and value % 2:
            raise ServiceError(f"{f.label}：{value} 不是偶数")
        return value

    async def halves(fields, rows, app) -> None:
        for r in rows:
            for f in fields:
                r[f"{f.name}_half"] = r[f.name] // 2

    # "at least": a filter by 4 lists the rows of 4 and more (not only those of 4)
    kind = register_kind(Kind("even", base="id", picker="even-picker", check=even, carry=halves,
                              condition=lambda name, value: Q(**{f"{name}__gte": value})))
    res = Resource(name="TestEvenKeyword", model=MallKeyword, perm="test:even", title="偶数关键词",
                   title_en="Even keywords", view="test/even/index", shelf=None, fields=[
                       F("keyword", "关键词", "Keyword", required=True, filter="fragment"),
                       F("sort", "排序", "Sort", kind, max=100, filter="exact"),
                   ])
    try:
        assert res.buttons() == ["query", "add", "edit", "remove", "export"]  # its menu entry's, derived
        client = await start_app(make_settings())
        admin = Caller(client, await token_for(client))
        refused = await admin.post("/admin/TestEvenKeyword", json={"keyword": "奇数", "sort": 3})
        assert refused == {"code": 500, "msg": "排序：3 不是偶数"}
        assert (await admin.post("/admin/TestEvenKeyword", json={"keyword": "太大", "sort": 102}))["code"] == 500
        assert (await admin.post("/admin/TestEvenKeyword", json={"keyword": "负数", "sort": -2}))["code"] == 500
        for word, sort in (("二", 2), ("四", 4), ("六", 6)):
            assert (await admin.post("/admin/TestEvenKeyword", json={"keyword": word, "sort": sort}))["code"] == 200
        listed = await admin.get("/admin/TestEvenKeyword/list", params={"sort": 4, "keyword": "", "pageSize": 50})
        mine = [(r["keyword"], r["sort"], r["sortHalf"]) for r in listed["rows"] if r["keyword"] in "二四六"]
        assert sorted(mine) == [("六", 6, 3), ("四", 4, 2)]
        meta = (await admin.get("/admin/resources/meta", params={"view": "test/even/index"}))["data"]
        sort = next(f for f in meta["fields"] if f["name"] == "sort")
        assert (sort["kind"], sort["picker"]) == ("even", "even-picker")
    finally:
        REGISTRY.pop("TestEvenKeyword", None)
        KINDS.pop("even", None)


def test_a_declaration_of_a_kind_nobody_registered_is_refused():
    try:
        Resource(name="TestUnknownKind", model=MallKeyword, perm="test:unknown", title="x", title_en="x",
                 view="test/unknown/index", fields=[F("sort", "排序", "Sort", "nobody")])
    except ValueError as e:
        assert "nobody" in str(e)
    else:
        raise AssertionError("declared")
    finally:
        REGISTRY.pop("TestUnknownKind", None)
