"""Feedback (issue 11 §3): replying handles it, ban website (idempotent), list_data, del, idea_submit, bad
input, permissions."""

from __future__ import annotations

import pytest

from core_api.content.feedback.models import BannedSite, CommonFeedback
from tests.conftest import OK, Caller, app_users
from tests.test_escalation import make_role, make_user, sign_in


@pytest.fixture(autouse=True)
async def _app_users(client):
    """The app users this module's records name (an operator's record must name an existing app user)."""
    await app_users(10001, 20000, 20001, 20002, 30000)


FB = {"uid": 10001, "type": "2", "content": "这个网站是诈骗", "website": "https://Bad.Example.com/path?x=1"}


async def create(admin: Caller, **extra) -> int:
    answer = await admin.post("/admin/CommonFeedback", json={**FB, **extra})
    assert answer["code"] == 200, answer
    return answer["data"]["id"]


async def test_reply_handles_and_ban_is_idempotent(admin):
    record_id = await create(admin)
    assert (await CommonFeedback.get(id=record_id)).status == "0"
    assert await admin.put("/admin/CommonFeedback", json={**FB, "id": record_id, "reply": "已处理，谢谢"}) == OK
    row = await CommonFeedback.get(id=record_id)
    assert (row.status, row.handled_by, row.reply) == ("1", "admin", "已处理，谢谢") and row.handled_time is not None
    banned = await admin.get(f"/admin/CommonFeedback/ban_website/{record_id}")
    assert banned == {"code": 200, "msg": "已封禁网站 bad.example.com",
                      "data": {"host": "bad.example.com", "banned": True}}
    other = await create(admin, website="http://bad.example.com/other")
    again = await admin.get(f"/admin/CommonFeedback/ban_website/{other}")
    assert again["code"] == 200 and again["msg"] == "网站 bad.example.com 已在封禁列表中，无需重复封禁"
    assert await BannedSite.all().values_list("host", flat=True) == ["bad.example.com"]
    history = (await admin.get(f"/admin/CommonFeedback/history/{record_id}"))["data"]
    assert history[0]["note"] == "封禁网站 bad.example.com"
    nosite = await create(admin, website="")
    assert await admin.get(f"/admin/CommonFeedback/ban_website/{nosite}") == \
        {"code": 500, "msg": "该反馈没有可封禁的网址"}
    assert (await admin.get("/admin/CommonFeedback/ban_website/999999"))["code"] == 404


async def test_alternate_calls(admin):
    for n in range(3):
        await create(admin, uid=20000 + n)
    submitted = await admin.get("/admin/CommonFeedback/idea_submit",
                                params={"uid": "30000", "content": "希望增加夜间模式", "contact": "13800000000"})
    assert submitted["code"] == 200
    row = await CommonFeedback.get(id=submitted["data"]["id"])
    assert (row.uid, row.type, row.status, row.create_by) == (30000, "0", "0", "admin")
    page = await admin.get("/admin/CommonFeedback/list_data", params={"pageSize": "2"})
    assert page["data"]["total"] == 4 and page["data"]["pages"] == 2 and len(page["data"]["data"]) == 2
    assert page["data"]["data"][0]["uid"] == 30000
    assert (await admin.get("/admin/CommonFeedback/list_data", params={"uid": "20001"}))["data"]["total"] == 1
    assert await admin.get("/admin/CommonFeedback/del", params={"id": str(row.id)}) == OK
    assert (await admin.get("/admin/CommonFeedback/del", params={"id": str(row.id)}))["code"] == 404
    assert await CommonFeedback.all().count() == 3


async def test_bad_input_and_permissions(admin):
    for body, message in [
        ({**FB, "website": "javascript:alert(1)"}, "网址格式不正确"),
        ({**FB, "type": "9"}, "反馈类型的取值不正确"),
        ({**FB, "content": ""}, "反馈内容长度不能少于1个字符"),
        ({**FB, "status": "1"}, "不允许修改处理状态"),
    ]:
        answer = await admin.post("/admin/CommonFeedback", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    for params, message in [({"uid": "10001", "content": " "}, "反馈内容不能为空"), ({"content": "x"}, "用户UID"),
                            ({"uid": "10001", "content": "x", "type": "9"}, "反馈类型的取值不正确"),
                            ({"uid": "40001", "content": "x"}, "用户UID：用户 40001 不存在")]:
        answer = await admin.get("/admin/CommonFeedback/idea_submit", params=params)
        assert answer["code"] == 500 and message in answer["msg"], (params, answer)
    assert await CommonFeedback.all().count() == 0
    record_id = await create(admin)
    role = await make_role(admin, "fb_viewer", ("content:feedback:list", "content:feedback:query"))
    await make_user(admin, "fbviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "fbviewer")
    assert (await viewer.get("/admin/CommonFeedback/list_data"))["data"]["total"] == 1
    denied = {"code": 403, "msg": "当前操作没有权限"}
    assert await viewer.get(f"/admin/CommonFeedback/ban_website/{record_id}") == denied
    assert await viewer.get("/admin/CommonFeedback/del", params={"id": str(record_id)}) == denied
    assert await viewer.get("/admin/CommonFeedback/idea_submit", params={"uid": "1", "content": "x"}) == denied
    assert await BannedSite.all().count() == 0 and await CommonFeedback.all().count() == 1
