"""App users in the console: lists, detail, edits, passwords, flags, referrers, SMS codes, permissions."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from core_api.account.consumer.models import AccountConsumer
from core_api.auth.models import SmsMessage
from core_api.monitor.operlog.models import SysOperLog
from core_api.platform.models import WebhookEvent
from tests.conftest import OK, Caller, token_for
from tests.test_escalation import make_role, make_user, sign_in
from tests.test_partner_api import KEY, register

FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}


async def app_with_users(start_app, make_settings) -> tuple[Caller, Caller]:
    """(admin, ry); three app users 1001-1003 registered through the partner API."""
    client = await start_app(make_settings(chat_partner_key=KEY))
    await register(client, 1001, nickName="张三丰", phone="13800001001", sex="0",
                   registerTime=int(datetime(2026, 1, 5, 4, tzinfo=UTC).timestamp()))
    await register(client, 1002, nickName="李四", phone="13800001002",
                   registerTime=int(datetime(2026, 2, 5, 4, tzinfo=UTC).timestamp()))
    await register(client, 1003, nickName="张小凡", registerTime=int(datetime(2026, 3, 5, 4, tzinfo=UTC).timestamp()))
    return Caller(client, await token_for(client)), Caller(client, await token_for(client, "ry"))


async def test_both_lists_filter_page_sort_and_mask(start_app, make_settings):
    admin, ry = await app_with_users(start_app, make_settings)
    data = await admin.get("/admin/AccountUserConsumer/list_data", params={"pageNo": 1, "pageSize": 2})
    assert data["code"] == 200 and set(data["data"]) == {"pages", "total", "pageNo", "pageSize", "data", "next"}
    assert (data["data"]["total"], data["data"]["pages"], len(data["data"]["data"])) == (3, 2, 2)
    assert [r["uid"] for r in data["data"]["data"]] == [1003, 1002]  # newest registration first
    row = data["data"]["data"][1]
    assert row["phone"] == "13800001002" and row["frozen"] == "0" and row["usable"] == "1"
    assert "passwordHash" not in row and row["registerTime"] == "2026-02-05 12:00:00"
    body = await admin.post("/admin/AccountUserConsumer/list", json={"nickName": "张", "orderByColumn": "uid",
                                                                      "isAsc": "asc"})
    assert body["total"] == 2 and [r["uid"] for r in body["rows"]] == [1001, 1003]
    ranged = await admin.get("/admin/AccountUserConsumer/list_data", params={
        "params[beginRegisterTime]": "2026-02-01", "params[endRegisterTime]": "2026-02-05"})
    assert [r["uid"] for r in ranged["data"]["data"]] == [1002]
    # a picker's time is read as its day; what is no day is refused, naming the box
    timed = await admin.get("/admin/AccountUserConsumer/list_data", params={
        "beginRegisterTime": "2026-02-01 00:00:00", "endRegisterTime": "2026-02-05 23:59:59"})
    assert [r["uid"] for r in timed["data"]["data"]] == [1002]
    assert await admin.get("/admin/AccountUserConsumer/list_data", params={"endRegisterTime": "2月5日"}) == {
        "code": 500, "msg": "注册结束日期格式不正确，应为 yyyy-MM-dd",
        "fields": {"endRegisterTime": "注册结束日期格式不正确，应为 yyyy-MM-dd"}}
    by_phone = await admin.post("/admin/AccountUserConsumer/list", json={"phone": "13800001001"})
    assert [r["uid"] for r in by_phone["rows"]] == [1001]
    # The common role lists too, with phone numbers masked; it lacks account:consumer:personal.
    masked = await ry.post("/admin/AccountUserConsumer/list", json={"uid": 1001})
    assert masked["rows"][0]["phone"] == "138****1001"
    one = await ry.get(f"/admin/AccountUserConsumer/{masked['rows'][0]['id']}")
    assert one["data"]["phone"] == "138****1001" and one["data"]["nickName"] == "张三丰"
    # Bad filters are named, in Chinese.
    assert (await admin.post("/admin/AccountUserConsumer/list", json={"frozen": "x"}))["msg"] == "冻结格式不正确"
    bad_day = await admin.get("/admin/AccountUserConsumer/list_data", params={"beginRegisterTime": "yesterday"})
    assert bad_day["code"] == 500 and "日期" in bad_day["msg"]
    assert (await admin.post("/admin/AccountUserConsumer/list", json={"orderByColumn": "passwordHash"}))["code"] == 500
    assert (await admin.get("/admin/AccountUserConsumer/99999999"))["code"] == 404
    # A total follows writes (the change stamp), not a stale count.
    before = (await admin.post("/admin/AccountUserConsumer/list", json={"frozen": "1"}))["total"]
    assert before == 0 and await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1002}) == OK
    assert (await admin.post("/admin/AccountUserConsumer/list", json={"frozen": "1"}))["total"] == 1


async def test_update_reset_password_and_edit_info(start_app, make_settings):
    admin, _ry = await app_with_users(start_app, make_settings)
    consumer = await AccountConsumer.get(uid=1001)
    assert await admin.post("/admin/AccountUserConsumer/update", json={"id": consumer.id, "nickName": "张真人",
                                                                       "sex": 1, "frozen": "0"}) == OK
    after = await AccountConsumer.get(uid=1001)
    assert (after.nick_name, after.sex) == ("张真人", "1")
    refused = await admin.post("/admin/AccountUserConsumer/update", json={"id": consumer.id, "frozen": "1"})
    assert refused == {"code": 500, "msg": "不允许修改冻结"}
    phone = await admin.post("/admin/AccountUserConsumer/update", json={"id": consumer.id, "phone": "13900000000"})
    assert phone == {"code": 500, "msg": "不允许修改手机号"}
    assert (await admin.post("/admin/AccountUserConsumer/update", json={"id": 0}))["code"] == 500
    assert (await admin.post("/admin/AccountUserConsumer/update", json={"id": 99999, "nickName": "x"}))["code"] == 404
    assert (await AccountConsumer.get(uid=1001)).frozen == "0"

    old_hash = after.password_hash
    short = await admin.post("/admin/AccountUserConsumer/reset_password", json={"uid": 1001, "password": "123"})
    assert short == {"code": 500, "msg": "用户密码长度必须介于 5 和 20 之间"}
    assert (await AccountConsumer.get(uid=1001)).password_hash == old_hash
    reset = await admin.post("/admin/AccountUserConsumer/reset_password", json={"uid": 1001, "password": "new-pass1"})
    assert reset == OK
    assert (await AccountConsumer.get(uid=1001)).password_hash.startswith("$argon2")
    missing = await admin.post("/admin/AccountUserConsumer/reset_password", json={"uid": 4242, "password": "abcdef"})
    assert missing == {"code": 404, "msg": "用户不存在"}

    path = "/admin/account_login_check/edit_user_info"
    assert await admin.post(path, json={"uid": 1003}) == {"code": 500, "msg": "请填写新手机号或新密码"}
    assert (await admin.post(path, json={"uid": 1003, "phone": "123"}))["msg"] == "手机号格式不正确"
    taken = await admin.post(path, json={"uid": 1003, "phone": "13800001001"})
    assert taken == {"code": 500, "msg": "手机号码已被其他用户使用"}
    assert (await AccountConsumer.get(uid=1003)).phone is None
    assert await admin.post(path, json={"uid": 1003, "phone": "13800001003", "password": "pw-12345"}) == OK
    changed = await AccountConsumer.get(uid=1003)
    assert changed.phone == "13800001003" and changed.password_hash.startswith("$argon2")
    # Every write left an operation-log row, passwords scrubbed.
    logs = await SysOperLog.filter(title="用户列表").values_list("oper_param", flat=True)
    assert len(logs) >= 5 and not any("new-pass1" in str(p) or "pw-12345" in str(p) for p in logs)


async def test_flags_change_once_and_are_told(start_app, make_settings):
    admin, _ry = await app_with_users(start_app, make_settings)
    for action, undo, field in (("freeze", "unfreeze", "frozen"), ("mute", "un_mute", "muted")):
        assert await admin.get(f"/admin/AccountUserConsumer/{action}", params={"uid": 1001}) == OK
        assert getattr(await AccountConsumer.get(uid=1001), field) == "1"
        again = await admin.get(f"/admin/AccountUserConsumer/{action}", params={"uid": 1001})
        assert again["code"] == 500 and "已是" in again["msg"]
        assert await admin.get(f"/admin/AccountUserConsumer/{undo}", params={"uid": 1001}) == OK
        assert getattr(await AccountConsumer.get(uid=1001), field) == "0"
        undo_again = await admin.get(f"/admin/AccountUserConsumer/{undo}", params={"uid": 1001})
        assert undo_again["code"] == 500 and "未被" in undo_again["msg"]
    usable = "/admin/account_login_check/usable"
    assert await admin.get(usable, params={"uid": 1002, "usable": "0"}) == OK
    assert (await AccountConsumer.get(uid=1002)).usable == "0"
    assert (await admin.get(usable, params={"uid": 1002, "usable": "0"}))["msg"] == "该用户已是不可用状态"
    assert await admin.get(usable, params={"uid": 1002, "usable": 1}) == OK
    assert (await admin.get(usable, params={"uid": 1002, "usable": "2"}))["msg"] == "可用格式不正确"
    assert (await admin.get(usable, params={"uid": 1002}))["msg"] == "可用不能为空"
    unknown = await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 5555})
    assert unknown == {"code": 404, "msg": "用户不存在"}
    assert (await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": "abc"}))["msg"] == "用户ID必须是整数"
    events = await WebhookEvent.all().order_by("id").values_list("event", flat=True)
    assert events == ["consumer.frozen", "consumer.unfrozen", "consumer.muted", "consumer.unmuted",
                      "consumer.unusable", "consumer.usable"]
    titles = await SysOperLog.filter(title="用户列表", status=0).count()
    assert titles == 6


async def test_permissions_are_checked_and_nothing_changes(start_app, make_settings):
    admin, ry = await app_with_users(start_app, make_settings)
    consumer = await AccountConsumer.get(uid=1001)
    calls = [
        ("GET", "/admin/AccountUserConsumer/freeze", {"params": {"uid": 1001}}),
        ("GET", "/admin/AccountUserConsumer/mute", {"params": {"uid": 1001}}),
        ("GET", "/admin/account_login_check/usable", {"params": {"uid": 1001, "usable": "0"}}),
        ("GET", "/admin/consumer/bind_recommend", {"params": {"uid": 1001, "referrerUid": 1002}}),
        ("POST", "/admin/AccountUserConsumer/update", {"json": {"id": consumer.id, "nickName": "黑客"}}),
        ("POST", "/admin/AccountUserConsumer/reset_password", {"json": {"uid": 1001, "password": "hacked1"}}),
        ("POST", "/admin/account_login_check/edit_user_info", {"json": {"uid": 1001, "phone": "13900000009"}}),
        ("POST", "/admin/open/send_code", {"json": {"uid": 1001}}),
    ]
    for method, path, kw in calls:
        assert await ry.request(method, path, **kw) == FORBIDDEN, path
    # A role with only the list permission cannot open a record either.
    await make_role(admin, "consumer_lister", ("account:consumer:list",))
    from core_api.system.role.models import SysRole

    role = await SysRole.get(role_key="consumer_lister")
    await make_user(admin, "lister", None, [role.role_id])
    lister = await sign_in(admin, "lister")
    assert (await lister.post("/admin/AccountUserConsumer/list", json={}))["total"] == 3
    assert await lister.get(f"/admin/AccountUserConsumer/{consumer.id}") == FORBIDDEN
    nobody = await make_user(admin, "nobody", None, [])
    assert nobody.user_name == "nobody"
    assert await (await sign_in(admin, "nobody")).get("/admin/AccountUserConsumer/list_data") == FORBIDDEN
    after = await AccountConsumer.get(uid=1001)
    assert (after.frozen, after.muted, after.usable, after.nick_name, after.referrer_uid, after.phone) == (
        "0", "0", "1", "张三丰", None, "13800001001")
    assert after.password_hash == consumer.password_hash
    assert not await WebhookEvent.exists() and not await SmsMessage.exists()


async def test_bind_referrer_refuses_self_unknown_and_cycles(start_app, make_settings):
    admin, _ry = await app_with_users(start_app, make_settings)
    path = "/admin/consumer/bind_recommend"
    itself = await admin.get(path, params={"uid": 1001, "referrerUid": 1001})
    assert itself == {"code": 500, "msg": "不能绑定自己为推荐人"}
    assert await admin.get(path, params={"uid": 1001, "referrerUid": 7777}) == {"code": 500, "msg": "推荐人不存在"}
    assert await admin.get(path, params={"uid": 7777, "referrerUid": 1001}) == {"code": 404, "msg": "用户不存在"}
    assert (await admin.get(path, params={"uid": 1001}))["msg"] == "推荐人ID不能为空"
    # 1003 ← 1002 ← 1001 (1002 referred 1003, 1001 referred 1002)
    assert await admin.get(path, params={"uid": 1003, "referrerUid": 1002}) == OK
    assert await admin.get(path, params={"uid": 1002, "referrerUid": 1001}) == OK
    cycle = {"code": 500, "msg": "不能绑定：推荐关系会形成循环"}
    assert await admin.get(path, params={"uid": 1001, "referrerUid": 1003}) == cycle
    assert await admin.get(path, params={"uid": 1002, "referrerUid": 1003}) == cycle
    same = await admin.get(path, params={"uid": 1003, "referrerUid": 1002})
    assert same == {"code": 500, "msg": "该用户已绑定此推荐人"}
    referrers = dict(await AccountConsumer.all().values_list("uid", "referrer_uid"))
    assert referrers == {1001: None, 1002: 1001, 1003: 1002}
    assert await WebhookEvent.filter(event="consumer.referrer_bound").count() == 2


async def test_crossing_bindings_under_concurrency_leave_no_cycle(start_app, make_settings):
    admin, _ry = await app_with_users(start_app, make_settings)
    path = "/admin/consumer/bind_recommend"
    for _ in range(3):
        await AccountConsumer.all().update(referrer_uid=None)
        results = await asyncio.gather(admin.get(path, params={"uid": 1001, "referrerUid": 1002}),
                                       admin.get(path, params={"uid": 1002, "referrerUid": 1001}))
        assert sorted(r["code"] for r in results) == [200, 500]
        referrers = dict(await AccountConsumer.filter(uid__in=[1001, 1002]).values_list("uid", "referrer_uid"))
        assert list(referrers.values()).count(None) == 1


async def test_twenty_parallel_freezes_succeed_exactly_once(start_app, make_settings):
    admin, _ry = await app_with_users(start_app, make_settings)
    results = await asyncio.gather(*(admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1001})
                                     for _ in range(20)))
    assert sum(r == OK for r in results) == 1
    assert all(r == {"code": 500, "msg": "该用户已是冻结状态"} for r in results if r != OK)
    assert await WebhookEvent.filter(event="consumer.frozen").count() == 1


async def test_send_code_to_the_users_phone_is_rate_limited(start_app, make_settings):
    admin, _ry = await app_with_users(start_app, make_settings)
    sent = await admin.post("/admin/open/send_code", json={"uid": 1001})
    assert sent == {"code": 200, "msg": "验证码已发送"}
    message = await SmsMessage.get(phone="13800001001")
    assert "验证码" in message.content
    again = await admin.post("/admin/open/send_code", json={"uid": 1001})
    assert again == {"code": 500, "msg": "验证码发送过于频繁，请稍后再试"}
    assert await admin.post("/admin/open/send_code", json={"uid": 1003}) == {"code": 500, "msg": "该用户未绑定手机号"}
    assert await admin.post("/admin/open/send_code", json={"uid": 4444}) == {"code": 404, "msg": "用户不存在"}
    assert await SmsMessage.filter(phone="13800001001").count() == 1
