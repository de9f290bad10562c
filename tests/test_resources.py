"""The resource mechanism (issue 11 §1), through identity verification (AccountUserAuth): the six calls, the
filters, masking, the shelf toggle, the change history, the export, the metadata and the audit."""

from __future__ import annotations

import asyncio

import pytest

from core_api.account.auth.models import IdentityVerification
from core_api.monitor.operlog.models import SysOperLog
from core_api.platform.models import ChangeLog
from core_api.platform.timefmt import zone
from tests.conftest import OK, Caller, app_users, xlsx_rows
from tests.test_escalation import make_role, make_user, sign_in


@pytest.fixture(autouse=True)
async def _app_users(client):
    """The app users this module's records name (an operator's record must name an existing app user)."""
    await app_users(10001, 10002, 30000, *range(20000, 20010))


SUBMISSION = {"uid": 10001, "realName": "张三丰", "idNumber": "11010119900318123X",
              "frontImage": "/profile/upload/a.png"}


async def create(admin: Caller, **extra) -> int:
    answer = await admin.post("/admin/AccountUserAuth", json={**SUBMISSION, **extra})
    assert answer["code"] == 200, answer
    return answer["data"]["id"]


async def test_six_calls_with_history(admin):
    record_id = await create(admin)
    got = await admin.get(f"/admin/AccountUserAuth/{record_id}")
    assert got["data"]["realName"] == "张三丰" and got["data"]["status"] == "0" and got["data"]["shelf"] == "1"
    # an operator holding every permission sees personal data unmasked
    assert got["data"]["idNumber"] == "11010119900318123X"
    edited = {**got["data"], "realName": "张君宝"}  # the loaded record echoed back with its read-only fields
    assert await admin.put("/admin/AccountUserAuth", json=edited) == OK
    assert (await IdentityVerification.get(id=record_id)).real_name == "张君宝"
    shelf = await admin.get(f"/admin/AccountUserAuth/shelf/{record_id}")
    assert shelf == {"code": 200, "msg": "下架成功", "data": {"shelf": "0"}}
    shelf = await admin.get(f"/admin/AccountUserAuth/shelf/{record_id}")
    assert shelf["data"] == {"shelf": "1"}
    history = (await admin.get(f"/admin/AccountUserAuth/history/{record_id}"))["data"]
    assert [h["action"] for h in history] == ["shelf", "shelf", "update", "create"]
    assert history[2]["changes"] == {"realName": ["张三丰", "张君宝"]} and history[2]["actor"] == "admin"
    assert history[1]["changes"] == {"shelf": ["1", "0"]}
    assert history[3]["changes"]["uid"] == [None, 10001]
    assert await admin.delete(f"/admin/AccountUserAuth/{record_id}") == OK
    assert await admin.get(f"/admin/AccountUserAuth/{record_id}") == {"code": 404, "msg": "访问资源不存在"}
    assert (await ChangeLog.filter(record_id=record_id).order_by("-id").first()).action == "delete"
    titles = await SysOperLog.filter(title="实名认证").values_list("business_type", flat=True)
    assert sorted(titles) == [1, 2, 2, 2, 3]  # type: ignore[type-var]
    # the log names each call as it always has, whichever module of the package now holds the handlers
    methods = await SysOperLog.filter(title="实名认证").values_list("method", flat=True)
    assert set(methods) == {f"core_api.platform.resource.AccountUserAuth_{call}"  # type: ignore[arg-type]
                            for call in ("create", "update", "shelf", "delete")}


async def test_list_filters_pages_and_sorts(admin):
    for n in range(5):
        await create(admin, uid=20000 + n, realName=f"李{n}号")
    await create(admin, uid=30000, realName="王五")
    page = await admin.get("/admin/AccountUserAuth/list", params={"realName": "李", "pageSize": "2"})
    assert page["code"] == 200 and page["total"] == 5 and len(page["rows"]) == 2
    assert [r["uid"] for r in page["rows"]] == [20004, 20003]  # newest first
    page = await admin.get("/admin/AccountUserAuth/list", params={"uid": "30000"})
    assert [r["realName"] for r in page["rows"]] == ["王五"]
    page = await admin.get("/admin/AccountUserAuth/list", params={"orderByColumn": "id", "isAsc": "asc"})
    assert [r["uid"] for r in page["rows"]][:2] == [20000, 20001]
    assert (await admin.get("/admin/AccountUserAuth/list", params={"orderByColumn": "idNumber"}))["code"] == 500
    # the total is kept while the table does not change, and follows a write at once
    assert (await admin.get("/admin/AccountUserAuth/list", params={"realName": "李"}))["total"] == 5
    await create(admin, uid=20009, realName="李九")
    assert (await admin.get("/admin/AccountUserAuth/list", params={"realName": "李"}))["total"] == 6
    # the day in the business zone (after 16:00 UTC it is already tomorrow in Asia/Shanghai)
    today = (await IdentityVerification.first()).create_time.astimezone(zone()).date().isoformat()
    page = await admin.get("/admin/AccountUserAuth/list", params={"params[beginCreateTime]": today,
                                                                   "params[endCreateTime]": today})
    assert page["total"] == 7
    page = await admin.get("/admin/AccountUserAuth/list", params={"beginTime": "2000-01-01", "endTime": "2000-01-02"})
    assert page["total"] == 0


async def test_bad_input_changes_nothing(admin):
    record_id = await create(admin)
    before = await IdentityVerification.get(id=record_id)
    cases = [
        ({**SUBMISSION, "idNumber": "123"}, "身份证号格式不正确"),
        ({**SUBMISSION, "realName": ""}, "真实姓名长度不能少于1个字符"),
        ({**SUBMISSION, "uid": -1}, "用户UID"),
        ({**SUBMISSION, "balance": 100}, "balance是不允许的字段"),
        ({**SUBMISSION, "status": "1"}, "不允许修改审核状态"),
        ({"realName": "x"}, "用户UID不能为空"),
    ]
    for body, message in cases:
        answer = await admin.post("/admin/AccountUserAuth", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    changed = await admin.put("/admin/AccountUserAuth", json={**SUBMISSION, "id": record_id, "uid": 999})
    assert changed == {"code": 500, "msg": "不允许修改用户UID", "fields": {"uid": "不允许修改用户UID"}}
    forged = await admin.put("/admin/AccountUserAuth", json={**SUBMISSION, "id": record_id, "status": "1"})
    assert forged == {"code": 500, "msg": "不允许修改审核状态", "fields": {"status": "不允许修改审核状态"}}
    assert (await admin.put("/admin/AccountUserAuth", json={**SUBMISSION, "id": 999999}))["code"] == 404
    assert (await admin.delete(f"/admin/AccountUserAuth/{record_id},999999"))["code"] == 404
    assert await IdentityVerification.filter(id=record_id).count() == 1
    after = await IdentityVerification.get(id=record_id)
    assert (after.uid, after.status, after.real_name) == (before.uid, before.status, before.real_name)
    assert await IdentityVerification.all().count() == 1


async def test_audit_is_final_and_decided_once(admin):
    record_id = await create(admin)
    no_reason = await admin.post("/admin/AccountUserAuth/audit", json={"id": record_id, "pass": False})
    assert no_reason == {"code": 500, "msg": "驳回时请填写审核意见"}
    answers = await asyncio.gather(*[
        admin.post("/admin/AccountUserAuth/audit", json={"id": record_id, "pass": n % 2 == 0, "remark": "材料"})
        for n in range(20)])
    assert sorted(a["code"] for a in answers) == [200] + [500] * 19
    assert {a["msg"] for a in answers if a["code"] == 500} == {"该认证已审核，审核结果不能更改"}
    row = await IdentityVerification.get(id=record_id)
    assert row.status in ("1", "2") and row.audit_by == "admin" and row.audit_time is not None
    history = (await admin.get(f"/admin/AccountUserAuth/history/{record_id}"))["data"]
    assert history[0]["action"] == "action" and history[0]["changes"]["status"] == ["0", row.status]
    assert (await admin.post("/admin/AccountUserAuth/audit", json={"id": 999999, "pass": True}))["code"] == 404


async def test_permissions_masking_and_export(admin):
    record_id = await create(admin)
    role = await make_role(admin, "auth_viewer", ("account:auth:list", "account:auth:query", "account:auth:export"))
    await make_user(admin, "viewer", 103, [role.role_id])
    viewer = await sign_in(admin, "viewer")
    row = (await viewer.get("/admin/AccountUserAuth/list"))["rows"][0]
    assert row["idNumber"] == "1101**********123X" and row["realName"] == "张**"
    assert (await viewer.get(f"/admin/AccountUserAuth/{record_id}"))["data"]["idNumber"] == "1101**********123X"
    for method, path, body in [
        ("POST", "/admin/AccountUserAuth", SUBMISSION),
        ("PUT", "/admin/AccountUserAuth", {**SUBMISSION, "id": record_id}),
        ("DELETE", f"/admin/AccountUserAuth/{record_id}", None),
        ("GET", f"/admin/AccountUserAuth/shelf/{record_id}", None),
        ("POST", "/admin/AccountUserAuth/audit", {"id": record_id, "pass": True}),
    ]:
        answer = await viewer.request(method, path, json=body)
        assert answer == {"code": 403, "msg": "当前操作没有权限"}, (method, path)
    assert (await IdentityVerification.get(id=record_id)).status == "0"
    response = await viewer.post("/admin/AccountUserAuth/export", json={})
    rows = xlsx_rows(await response.read())
    assert rows[0][:4] == ("编号", "用户UID", "真实姓名", "身份证号")
    assert rows[1][2:4] == ("张**", "1101**********123X") and "待审核" in rows[1]
    response = await admin.post("/admin/AccountUserAuth/export", data={"realName": "张"})
    assert xlsx_rows(await response.read())[1][3] == "11010119900318123X"


async def test_meta_draws_the_screen_in_the_callers_language(admin, client):
    meta = (await admin.get("/admin/resources/meta", params={"view": "account/auth/index"}))["data"]
    assert meta["name"] == "AccountUserAuth" and meta["perm"] == "account:auth" and meta["listMethod"] == "GET"
    fields = {f["name"]: f for f in meta["fields"]}
    assert fields["realName"]["filter"] == "fragment" and fields["realName"]["masked"] is True
    assert fields["status"]["dictType"] == "biz_audit_status" and fields["status"]["edit"] == "never"
    assert [a["key"] for a in meta["actions"]] == ["audit"] and meta["actions"][0]["perm"] == "account:auth:audit"
    assert set(meta["dictTypes"]) == {"biz_audit_status", "biz_shelf", "biz_audit_decision"}
    english = await admin.get("/admin/resources/meta", params={"view": "account/auth/index"},
                              headers={"Accept-Language": "en"})
    assert english["data"]["title"] == "Identity verification"
    assert (await admin.get("/admin/resources/meta", params={"view": "nope/index"}))["code"] == 404
    assert (await admin.get("/admin/resources/meta", params={"view": "../x"}))["code"] == 500
    await make_user(admin, "nobody", 103, [])
    nobody = await sign_in(admin, "nobody")
    assert (await nobody.get("/admin/resources/meta", params={"view": "account/auth/index"}))["code"] == 403


async def test_a_refused_form_names_each_field_under_its_wire_name(admin):
    """A create refused by the declaration's rules says which field, in the envelope's ``fields`` too (issue 28 §3):
    the form shows each problem under its field, in the operator's language, and nothing is written."""
    body = {k: v for k, v in SUBMISSION.items() if k != "uid"} | {"idNumber": "123"}
    zh = await admin.post("/admin/AccountUserAuth", json=body)
    assert zh["code"] == 500 and zh["fields"] == {"uid": "用户UID不能为空", "idNumber": "身份证号格式不正确"}
    assert zh["msg"] == "用户UID不能为空；身份证号格式不正确"
    en = await admin.post("/admin/AccountUserAuth", json=body, headers={"Accept-Language": "en"})
    assert en["code"] == 500
    assert en["fields"] == {"uid": "uid: is required", "idNumber": "idNumber: has the wrong format"}
    assert await IdentityVerification.all().count() == 0
    # a refusal that is no field's (the record does not exist) carries no fields
    missing = await admin.put("/admin/AccountUserAuth", json={**SUBMISSION, "id": 999999})
    assert missing == {"code": 404, "msg": "访问资源不存在"}


async def test_the_meta_says_what_a_confirmation_names(admin):
    """A confirmation names the record by its declared naming field, and an audit asks once more after its form,
    in the operator's language (issue 28 §2)."""
    meta = (await admin.get("/admin/resources/meta", params={"view": "account/auth/index"}))["data"]
    assert meta["labelField"] == "realName"
    audit = next(a for a in meta["actions"] if a["key"] == "audit")
    assert audit["confirm"] == "审核结果提交后不可更改。" and audit["amount"] is None
    english = await admin.get("/admin/resources/meta", params={"view": "account/auth/index"},
                              headers={"Accept-Language": "en"})
    audit = next(a for a in english["data"]["actions"] if a["key"] == "audit")
    assert audit["confirm"] == "A decision cannot be changed."
