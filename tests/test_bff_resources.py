"""The BFF's one screen for every declared business resource (issue 11 §1): metadata, a page of the list
with the caller's filters, and the dictionaries, in one call; mutations through the pass-through."""

from __future__ import annotations

import pytest

from tests.conftest import app_users, bearer
from tests.test_bff import bff_login, start_bff


@pytest.fixture(autouse=True)
async def _app_users(client):
    """The app users this module's records name (an operator's record must name an existing app user)."""
    await app_users(10001, 10002, 10003)


SUBMISSION = {"uid": 10001, "realName": "张三丰", "idNumber": "11010119900318123X"}


async def test_resource_screen_lists_filters_and_speaks_the_callers_language(aiohttp_client, start_app,
                                                                            make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    auth = bearer((await bff_login(bff))["data"]["token"])
    for n, name in enumerate(["张三丰", "张无忌", "李寻欢"]):
        made = await (await bff.post("/bff/api/admin/AccountUserAuth", headers=auth,
                                     json={**SUBMISSION, "uid": 10001 + n, "realName": name})).json()
        assert made["code"] == 200, made

    async def screen(**params: str) -> dict:
        got = await bff.get("/bff/screens/resource", params={"view": "account/auth/index", **params}, headers=auth)
        return await got.json()

    whole = await screen()
    assert whole["code"] == 200, whole
    data = whole["data"]
    assert data["meta"]["name"] == "AccountUserAuth" and data["meta"]["title"] == "实名认证"
    assert data["meta"]["listMethod"] == "GET" and data["meta"]["shelf"] == "shelf"
    assert [a["key"] for a in data["meta"]["actions"]] == ["audit"]
    assert data["page"]["total"] == 3
    assert [r["realName"] for r in data["page"]["rows"]] == ["李寻欢", "张无忌", "张三丰"]
    assert [d["dictLabel"] for d in data["dicts"]["biz_audit_status"]][:2] == ["待审核", "已通过"]
    assert set(data["dicts"]) == {"biz_audit_decision", "biz_audit_status", "biz_shelf"}

    # the caller's filters, paging and sorting reach the core's list; an empty box is no filter
    some = (await screen(realName="张", pageSize="1", status=""))["data"]["page"]
    assert some["total"] == 2 and [r["realName"] for r in some["rows"]] == ["张无忌"]
    ordered = (await screen(orderByColumn="id", isAsc="asc", pageSize="2"))["data"]["page"]
    assert [r["realName"] for r in ordered["rows"]] == ["张三丰", "张无忌"]
    dated = (await screen(**{"params[beginCreateTime]": "2000-01-01", "endCreateTime": "2000-01-02"}))
    assert dated["data"]["page"] == {"rows": [], "total": 0, "next": None}
    # a full page leads on by its cursor: the next page is sought after its last row
    first = (await screen(pageSize="2"))["data"]["page"]
    assert first["next"] and [r["realName"] for r in first["rows"]] == ["李寻欢", "张无忌"]
    second = (await screen(pageSize="2", pageNum="2", after=first["next"]))["data"]["page"]
    assert [r["realName"] for r in second["rows"]] == ["张三丰"] and second["next"] is None
    # the core's validation, unchanged
    assert (await screen(orderByColumn="idNumber")) == {"code": 500, "msg": "不支持按 idNumber 排序"}
    assert (await screen(pageSize="9999"))["code"] == 500

    # the labels in the caller's language (the metadata is kept per language)
    english = await (await bff.get("/bff/screens/resource", params={"view": "account/auth/index"},
                                   headers={**auth, "Accept-Language": "en"})).json()
    assert english["data"]["meta"]["title"] == "Identity verification"
    assert {f["name"]: f["label"] for f in english["data"]["meta"]["fields"]}["realName"] == "Real name"
    assert (await screen())["data"]["meta"]["title"] == "实名认证"


async def test_resource_screen_refusals(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    auth = bearer((await bff_login(bff))["data"]["token"])
    missing = await (await bff.get("/bff/screens/resource", params={"view": "shop/nothing/index"},
                                   headers=auth)).json()
    assert missing == {"code": 404, "msg": "访问资源不存在"}
    bad = await (await bff.get("/bff/screens/resource", params={"view": "../x?"}, headers=auth)).json()
    assert bad["code"] == 500 and "页面" in bad["msg"]
    assert (await (await bff.get("/bff/screens/resource", params={"view": "account/auth/index"})).json())["code"] == 401
    # ry holds no account:auth permission: the core refuses, also once the metadata is kept
    ry = bearer((await bff_login(bff, "ry"))["data"]["token"])
    assert (await (await bff.get("/bff/screens/resource", params={"view": "account/auth/index"},
                                 headers=auth)).json())["code"] == 200
    refused = await (await bff.get("/bff/screens/resource", params={"view": "account/auth/index"},
                                   headers=ry)).json()
    assert refused["code"] == 403


async def test_a_list_data_resource_reads_the_same_screen_page(aiohttp_client, start_app, make_settings):
    """A resource whose list is a list_data call answers the business page (issue 26 §4); its screen's page has
    the same rows, total and cursor as a table list's."""
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    auth = bearer((await bff_login(bff))["data"]["token"])
    for word in ("苹果", "香蕉", "橙子"):
        made = await (await bff.post("/bff/api/admin/search_keyword/add_edit", headers=auth,
                                     json={"keyword": word, "sort": 1})).json()
        assert made["code"] == 200, made

    async def screen(**params: str) -> dict:
        got = await bff.get("/bff/screens/resource", params={"view": "mall/keyword/index", **params}, headers=auth)
        return (await got.json())["data"]

    first = await screen(pageSize="2")
    assert first["meta"]["listPath"] == "admin/search_keyword/list_data"
    assert first["page"]["total"] == 3 and len(first["page"]["rows"]) == 2 and first["page"]["next"]
    second = (await screen(pageSize="2", pageNum="2", after=first["page"]["next"]))["page"]
    words = {r["keyword"] for r in first["page"]["rows"] + second["rows"]}
    assert words == {"苹果", "香蕉", "橙子"} and second["total"] == 3 and second["next"] is None
