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


# ---- the calls generated from the declaration (issue 27 §1): /bff/resources/..., the core path from the metadata

AUTH_VIEW = {"view": "account/auth/index"}


async def test_resource_calls_save_act_shelve_tell_history_export_and_delete(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    auth = bearer((await bff_login(bff))["data"]["token"])

    async def call(method: str, path: str, body: dict | None = None, **params: str) -> dict:
        got = await bff.request(method, f"/bff/resources/{path}", params={**AUTH_VIEW, **params}, json=body,
                                headers=auth)
        return await got.json()

    made = await call("POST", "record", SUBMISSION)
    assert made["code"] == 200, made
    rid = made["data"]["id"]
    record = (await call("GET", "record", id=str(rid)))["data"]
    assert record["realName"] == "张三丰" and record["status"] == "0" and record["uid"] == 10001
    edited = await call("PUT", "record", {"id": rid, "realName": "张翠山", "idNumber": SUBMISSION["idNumber"]})
    assert edited["code"] == 200, edited
    assert (await call("GET", "record", id=str(rid)))["data"]["realName"] == "张翠山"

    shelved = await call("POST", "shelf", id=str(rid))
    assert shelved["msg"] in ("上架成功", "下架成功") and set(shelved["data"]) == {"shelf"}
    # the audit action: its path from the declaration, the row's id and the form's values in its body
    audited = await call("POST", "action", {"id": rid, "pass": False, "remark": "照片模糊"}, key="audit")
    assert audited == {"code": 200, "msg": "已驳回"}
    again = await call("POST", "action", {"id": rid, "pass": True}, key="audit")
    assert again["msg"] == "该认证已审核，审核结果不能更改"
    assert await call("POST", "action", {"id": rid}, key="nothing") == {"code": 404, "msg": "访问资源不存在"}

    history = (await call("GET", "history", id=str(rid)))["data"]
    assert [h["action"] for h in history] == ["action", "shelf", "update", "create"]
    assert history[0]["note"] == "审核驳回" and history[2]["changes"]["realName"] == ["张三丰", "张翠山"]

    exported = await bff.post("/bff/resources/export", params=AUTH_VIEW, json={"realName": "张"}, headers=auth)
    assert exported.status == 200 and exported.content_type.endswith("spreadsheetml.sheet")
    assert (await exported.read())[:2] == b"PK"
    # a resource with a background export queues a job; one without refuses the queue
    assert (await call("POST", "export/job", {}))["code"] == 404
    queued = await bff.post("/bff/resources/export/job", params={"view": "account/consumer/index"}, json={},
                            headers=auth)
    assert (await queued.json())["data"]["jobId"] >= 1

    assert (await call("DELETE", "records", ids=str(rid)))["code"] == 200
    assert (await call("GET", "record", id=str(rid)))["code"] == 404


async def test_resource_calls_refuse_what_the_caller_may_not_or_cannot_send(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    auth = bearer((await bff_login(bff))["data"]["token"])
    ry = bearer((await bff_login(bff, "ry"))["data"]["token"])
    made = await (await bff.post("/bff/resources/record", params=AUTH_VIEW, json=SUBMISSION, headers=auth)).json()
    rid = str(made["data"]["id"])
    # ry holds no account:auth permission: the core refuses every call
    for method, path, params in (("GET", "record", {"id": rid}), ("GET", "history", {"id": rid}),
                                 ("DELETE", "records", {"ids": rid}), ("POST", "shelf", {"id": rid})):
        got = await (await bff.request(method, f"/bff/resources/{path}", params={**AUTH_VIEW, **params},
                                       headers=ry)).json()
        assert got["code"] == 403, (path, got)
    bad = [({"view": "../x?", "id": "1"}, "页面"), ({**AUTH_VIEW, "id": "0"}, "编号"),
           ({**AUTH_VIEW, "id": "x"}, "编号")]
    for params, word in bad:
        got = await (await bff.get("/bff/resources/record", params=params, headers=auth)).json()
        assert got["code"] == 500 and word in got["msg"], got
    got = await (await bff.delete("/bff/resources/records", params={**AUTH_VIEW, "ids": "1;2"}, headers=auth)).json()
    assert got["code"] == 500 and "编号" in got["msg"]
    nowhere = await (await bff.get("/bff/resources/record", params={"view": "shop/nothing/index", "id": "1"},
                                   headers=auth)).json()
    assert nowhere == {"code": 404, "msg": "访问资源不存在"}
    assert (await (await bff.get("/bff/resources/record", params={**AUTH_VIEW, "id": rid})).json())["code"] == 401
    # the core's refusal of a form names its fields, and the BFF passes them on for the form (issue 28 §3)
    body = {k: v for k, v in SUBMISSION.items() if k != "uid"} | {"idNumber": "123"}
    refused = await (await bff.post("/bff/resources/record", params=AUTH_VIEW, json=body, headers=auth)).json()
    assert refused["fields"] == {"uid": "用户UID不能为空", "idNumber": "身份证号格式不正确"}, refused
    english = await (await bff.post("/bff/resources/record", params=AUTH_VIEW, json=body,
                                    headers={**auth, "Accept-Language": "en"})).json()
    assert english["fields"] == {"uid": "uid: is required", "idNumber": "idNumber: has the wrong format"}, english


async def test_the_pickers_choices(aiohttp_client, start_app, make_settings):
    from core_api.mall.goods.models import MallCategory
    from tests.mall_support import make_shop
    from tests.order_support import goods_of

    settings = make_settings()
    bff = await start_bff(aiohttp_client, await start_app(settings), settings)
    auth = bearer((await bff_login(bff))["data"]["token"])
    east, _ = await make_shop("东城小店"), await make_shop("西城小店")
    await goods_of(east, "桂花糕")
    food = await MallCategory.create(kind="goods", parent_id=0, name="食品", shelf="1")
    await MallCategory.create(kind="goods", parent_id=food.id, name="糕点", shelf="1")

    async def options(kind: str, **params: str) -> list:
        got = await (await bff.get(f"/bff/resources/options/{kind}", params=params, headers=auth)).json()
        assert got["code"] == 200, got
        return got["data"]

    assert [s["name"] for s in await options("shops", keyword="东城")] == ["东城小店"]
    assert await options("shops", id=str(east.id)) == [{"id": east.id, "name": "东城小店"}]
    hits = await options("goods", name="桂花", shopId=str(east.id))
    assert [(g["name"], g["shopName"]) for g in hits] == [("桂花糕", "东城小店")]
    tree = {c["name"]: [k["name"] for k in c["children"] or []] for c in await options("categories")}
    assert tree["食品"] == ["糕点"]
    ry = bearer((await bff_login(bff, "ry"))["data"]["token"])
    assert (await (await bff.get("/bff/resources/options/shops", headers=ry)).json())["code"] == 403


async def test_a_resources_core_calls_answer_what_they_declare(admin):
    """The list page, one record, create and the shelf toggle of a declared resource, strictly as declared."""
    from core_api.platform.resource.routes import (
        HistoryOut,
        ResourceCreatedOut,
        ResourceRecordOut,
        ResourceShelfOut,
        ResourceTableOut,
    )

    made = await admin.post("/admin/AccountUserAuth", json=SUBMISSION)
    ResourceCreatedOut.model_validate(made, strict=True)
    rid = made["data"]["id"]
    listed = await admin.get("/admin/AccountUserAuth/list", params={"pageSize": "1"})
    ResourceTableOut.model_validate(listed, strict=True)
    assert listed["total"] == 1 and listed["rows"][0]["realName"] == "张三丰" and listed["next"] is not None
    record = await admin.get(f"/admin/AccountUserAuth/{rid}")
    assert ResourceRecordOut.model_validate(record, strict=True).data["uid"] == 10001
    shelved = await admin.get(f"/admin/AccountUserAuth/shelf/{rid}")
    ResourceShelfOut.model_validate(shelved, strict=True)
    history = await admin.get(f"/admin/AccountUserAuth/history/{rid}")
    assert [h.action for h in HistoryOut.model_validate(history, strict=True).data] == ["shelf", "create"]
