"""The account records declared in core_api/account/records and the referral lists (issue 11 §3): each through
its spec path, with the rules that differ from the mechanism's (one figure per day, confirm once)."""

from __future__ import annotations

import asyncio

import pytest

from core_api.account.referral.models import Referral, ReleasePermission, Replenishment
from tests.conftest import OK, app_users
from tests.test_escalation import make_role, make_user, sign_in


@pytest.fixture(autouse=True)
async def _app_users(client):
    """The app users this module's records name (an operator's record must name an existing app user)."""
    await app_users(1, 7, 8, 100)


STANDARD = {
    "AccountUserCollect": {"uid": 7, "targetType": "2", "targetId": 55, "title": "保温杯"},
    "AccountUserRelease": {"uid": 7, "content": "今天天气不错", "city": "杭州", "visibility": "0"},
    "AccountUserReleaseComment": {"releaseId": 1, "uid": 8, "content": "同感"},
    "AccountUserToken": {"uid": 7, "device": "iPhone 15", "platform": "ios", "status": "0"},
    "AccountLoginCheck": {"uid": 7, "checkType": "1", "result": "1", "reason": "验证码错误"},
    "AccountChartLogin": {"statDate": "2026-11-20", "platform": "android", "loginUsers": 120, "newUsers": 8,
                          "loginTimes": 300},
}


async def test_each_standard_record_takes_the_six_calls(admin):
    for name, body in STANDARD.items():
        created = await admin.post(f"/admin/{name}", json=body)
        assert created["code"] == 200, (name, created)
        record_id = created["data"]["id"]
        page = await admin.get(f"/admin/{name}/list")
        assert page["total"] == 1 and page["rows"][0]["id"] == record_id, name
        assert (await admin.get(f"/admin/{name}/shelf/{record_id}"))["data"] == {"shelf": "0"}
        one = (await admin.get(f"/admin/{name}/{record_id}"))["data"]
        assert one["shelf"] == "0", name
        assert await admin.delete(f"/admin/{name}/{record_id}") == OK
        assert (await admin.get(f"/admin/{name}/list"))["total"] == 0


async def test_record_rules(admin):
    body = STANDARD["AccountUserCollect"]
    assert (await admin.post("/admin/AccountUserCollect", json=body))["code"] == 200
    assert await admin.post("/admin/AccountUserCollect", json=body) == {"code": 500, "msg": "该用户已收藏此内容"}
    bad_kind = await admin.post("/admin/AccountUserCollect", json={**body, "targetType": "9", "targetId": 56})
    assert bad_kind == {"code": 500, "msg": "收藏类型的取值不正确"}
    chart = STANDARD["AccountChartLogin"]
    assert (await admin.post("/admin/AccountChartLogin", json=chart))["code"] == 200
    again = await admin.post("/admin/AccountChartLogin", json={**chart, "loginUsers": 1})
    assert again == {"code": 500, "msg": "2026-11-20 的android统计已存在"}
    page = await admin.get("/admin/AccountChartLogin/list", params={"beginStatDate": "2026-11-20",
                                                                     "endStatDate": "2026-11-20"})
    assert page["total"] == 1 and page["rows"][0]["statDate"] == "2026-11-20"
    page = await admin.get("/admin/AccountChartLogin/list", params={"beginStatDate": "2026-11-21"})
    assert page["total"] == 0
    negative = await admin.post("/admin/AccountChartLogin", json={**chart, "statDate": "2026-11-21", "loginUsers": -1})
    assert negative["code"] == 500 and "登录人数" in negative["msg"]


async def test_referral_and_replenishment_confirm_exactly_once(admin):
    referral = await Referral.create(uid=101, referrer_uid=100)
    page = await admin.post("/admin/account_recommend/list_data", json={"referrerUid": 100})
    assert page["data"]["total"] == 1 and page["data"]["data"][0]["status"] == "0"
    answers = await asyncio.gather(*[admin.get("/admin/account_recommend/v1/sure_relationship",
                                               params={"id": str(referral.id)}) for _ in range(20)])
    assert sorted(a["code"] for a in answers) == [200] + [500] * 19
    assert {a["msg"] for a in answers if a["code"] == 500} == {"该记录已确认，不能重复确认"}
    row = await Referral.get(id=referral.id)
    assert row.status == "1" and row.confirmed_by == "admin"
    extra = await Replenishment.create(uid=101, referrer_uid=100, order_no="M20261120001", amount=1250)
    page = await admin.post("/admin/account_recommend/list_replenishment", json={"status": "0"})
    assert page["rows"][0]["amount"] == 1250 and page["rows"][0]["orderNo"] == "M20261120001"
    answers = await asyncio.gather(*[admin.get("/admin/account_recommend/v1/sure_replenishment",
                                               params={"id": str(extra.id)}) for _ in range(20)])
    assert sorted(a["code"] for a in answers) == [200] + [500] * 19
    assert (await admin.get("/admin/account_recommend/v1/sure_replenishment", params={"id": "x"}))["code"] == 500
    assert (await admin.get("/admin/account_recommend/v1/sure_replenishment", params={"id": "999"}))["code"] == 404
    history = (await admin.get(f"/admin/account_replenishment/history/{extra.id}"))["data"]
    assert history[0]["note"] == "确认" and history[0]["changes"]["status"] == ["0", "1"]
    # the lists take no create, edit or delete
    assert (await admin.post("/admin/account_recommend", json={"uid": 1}))["code"] == 404


async def test_release_permission_operate(admin):
    row = await ReleasePermission.create(uid=555)
    page = await admin.post("/admin/release_permission/v1/list", json={"allowed": "1"})
    assert page["total"] == 1
    same = await admin.get("/admin/release_permission/v1/operate", params={"uid": "555", "allowed": "1"})
    assert same == {"code": 500, "msg": "发布权限已是该状态"}
    assert await admin.get("/admin/release_permission/v1/operate",
                           params={"uid": "555", "allowed": "0", "reason": "违规发布"}) == OK
    changed = await ReleasePermission.get(id=row.id)
    assert (changed.allowed, changed.reason, changed.update_by) == ("0", "违规发布", "admin")
    bad = await admin.get("/admin/release_permission/v1/operate", params={"uid": "555", "allowed": "7"})
    assert bad["code"] == 500 and "允许发布" in bad["msg"]
    role = await make_role(admin, "perm_viewer", ("account:releasePermission:list",))
    await make_user(admin, "pviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "pviewer")
    assert (await viewer.post("/admin/release_permission/v1/list", json={}))["total"] == 1
    refused = await viewer.get("/admin/release_permission/v1/operate", params={"uid": "555", "allowed": "1"})
    assert refused == {"code": 403, "msg": "当前操作没有权限"}
    assert (await ReleasePermission.get(id=row.id)).allowed == "0"
