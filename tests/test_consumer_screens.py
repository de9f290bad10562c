"""App users' screens (issue 11 §3): the list drawn from its declaration, the friend list sub-page, the
background export (progress, message centre, owner-only download, masking), a login token's end told to
the app server, and the webhook URL an operator sets."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from openpyxl import load_workbook

from core_api.account.auth.models import IdentityVerification
from core_api.account.consumer.models import AccountUserFriend
from core_api.account.records.models import LoginToken
from core_api.platform.models import ExportJob, WebhookEvent
from tests.conftest import OK, Caller, eventually, token_for
from tests.test_escalation import make_role, make_user, sign_in
from tests.test_partner_api import KEY, register
from tests.test_webhook import app_server  # noqa: F401 - the fixture

FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}
AT = datetime(2026, 3, 1, 4, tzinfo=UTC)


async def users(start_app, make_settings, **settings) -> Caller:
    client = await start_app(make_settings(chat_partner_key=KEY, **settings))
    await register(client, 1001, nickName="张三丰", phone="13800001001", sex="0")
    await register(client, 1002, nickName="李四", phone="13800001002")
    await register(client, 1003, nickName="张小凡", phone="13800001003")
    await IdentityVerification.create(uid=1001, real_name="张三丰", id_number="110101199001061234", status="1")
    return Caller(client, await token_for(client))


async def operator(admin: Caller, name: str, perms: tuple[str, ...]) -> Caller:
    role = await make_role(admin, f"r_{name}", perms)
    await make_user(admin, name, 103, [role.role_id])
    return await sign_in(admin, name)


async def test_the_consumer_screen_is_drawn_from_its_declaration(start_app, make_settings):
    admin = await users(start_app, make_settings)
    meta = (await admin.get("/admin/resources/meta", params={"view": "account/consumer/index"}))["data"]
    assert (meta["name"], meta["listPath"], meta["listMethod"]) == (
        "AccountUserConsumer", "admin/AccountUserConsumer/list", "POST")
    assert meta["exportPath"] == "admin/AccountUserConsumer/download_data"
    assert not meta["creatable"] and not meta["editable"] and not meta["removable"] and meta["shelf"] is None
    assert {a["key"] for a in meta["actions"]} == {"edit", "resetPwd", "editInfo", "freeze", "unfreeze", "mute",
                                                   "unMute", "usable", "bindReferrer", "friends"}
    friends = next(a for a in meta["actions"] if a["key"] == "friends")
    assert friends["method"] == "LINK" and friends["path"] == "account/consumer/friends"
    assert friends["params"] == {"uid": "uid"}
    assert next(f for f in meta["fields"] if f["name"] == "phone")["masked"]
    assert {"biz_yes_no", "sys_user_sex"} <= set(meta["dictTypes"])
    # the declaration adds no second list or export beside the hand-written calls
    assert (await admin.get("/admin/AccountUserConsumer/list"))["code"] != 200
    assert (await admin.post("/admin/AccountUserConsumer/export", json={}))["code"] != 200
    listed = await admin.post("/admin/AccountUserConsumer/list", json={"nickName": "张"})
    assert listed["total"] == 2
    # each action's call answers as the screen sends it
    row = next(r for r in listed["rows"] if r["uid"] == 1001)
    assert await admin.post("/admin/AccountUserConsumer/update", json={"id": row["id"], "nickName": "张真人",
                                                                       "sex": "0"}) == OK
    assert await admin.get("/admin/account_login_check/usable", params={"uid": 1001, "usable": "0"}) == OK
    assert await admin.get("/admin/consumer/bind_recommend", params={"uid": 1001, "referrerUid": 1002}) == OK


async def test_friend_list_sub_page(start_app, make_settings):
    admin = await users(start_app, make_settings)
    await AccountUserFriend.create(uid=1001, friend_uid=1002, remark="老李", source="1", create_time=AT)
    await AccountUserFriend.create(uid=1002, friend_uid=1001, remark="", source="1", create_time=AT)
    await AccountUserFriend.create(uid=1001, friend_uid=1003, remark="小凡", source="2", blocked="1", create_time=AT)
    page = await admin.get("/admin/AccountUserFriend/list", params={"uid": 1001})
    assert page["total"] == 2
    assert [(r["friendUid"], r["friendNickName"], r["remark"], r["blocked"]) for r in page["rows"]] == [
        (1003, "张小凡", "小凡", "1"), (1002, "李四", "老李", "0")]
    one = await admin.get(f"/admin/AccountUserFriend/{page['rows'][0]['id']}")
    assert one["data"]["friendNickName"] == "张小凡"
    assert (await admin.get("/admin/AccountUserFriend/list", params={"uid": "x"}))["code"] == 500
    assert (await admin.get("/admin/AccountUserFriend/list", params={"source": "9" * 40}))["code"] == 500
    meta = (await admin.get("/admin/resources/meta", params={"view": "account/consumer/friends"}))["data"]
    assert not meta["creatable"] and not meta["exportable"]
    # no writes: the app server owns friendships
    assert (await admin.post("/admin/AccountUserFriend", json={"uid": 1, "friendUid": 2}))["code"] != 200
    # the sub-page's permission is account:consumer:query
    lister = await operator(admin, "lister", ("account:consumer:list",))
    assert await lister.get("/admin/AccountUserFriend/list", params={"uid": 1001}) == FORBIDDEN
    reader = await operator(admin, "reader", ("account:consumer:list", "account:consumer:query"))
    assert (await reader.get("/admin/AccountUserFriend/list", params={"uid": 1001}))["total"] == 2


async def _finished(admin: Caller, job_id: int) -> dict:
    async def done() -> bool:
        return (await ExportJob.get(id=job_id)).status in ("done", "failed")

    await eventually(done, timeout=20)
    return (await admin.get(f"/admin/exports/{job_id}"))["data"]


async def _cells(caller: Caller, job_id: int) -> list[tuple]:
    response = await caller.get(f"/admin/exports/{job_id}/download")
    assert response.status == 200, await response.text()
    assert "attachment" in response.headers["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(await response.read()), read_only=True).worksheets[0]
    return [tuple(r) for r in sheet.iter_rows(values_only=True)]


async def test_export_runs_in_the_background_and_is_the_owners(start_app, make_settings):
    admin = await users(start_app, make_settings)
    started = await admin.post("/admin/AccountUserConsumer/download_data", json={"nickName": "张"})
    assert started["code"] == 200, started
    job_id = started["data"]["jobId"]
    progress = await _finished(admin, job_id)
    assert (progress["status"], progress["total"], progress["done"], progress["percent"]) == ("done", 2, 2, 100)
    rows = await _cells(admin, job_id)
    header = rows[0]
    assert header[:6] == ("用户ID", "昵称", "手机号", "性别", "真实姓名", "身份证号")
    by_uid = {r[0]: r for r in rows[1:]}
    assert set(by_uid) == {1001, 1003}  # the filtered list, not every user
    # the super administrator holds the personal-data permission: unmasked
    assert by_uid[1001][2:6] == ("13800001001", "男", "张三丰", "110101199001061234")
    # the message centre tells the owner, with the download
    messages = await admin.post("/api/msg/v1/list", json={})
    notice = messages["data"]["data"][0]
    assert notice["messageType"] == 1801 and notice["typeNo"] == str(job_id)
    assert f"/admin/exports/{job_id}/download" in notice["content"] and "共 2 条" in notice["content"]

    # An exporter without the personal-data permission gets masked phones, names and ID numbers.
    exporter = await operator(admin, "exporter", ("account:consumer:list", "account:consumer:export"))
    mine = (await exporter.post("/admin/AccountUserConsumer/download_data", json={"uid": 1001}))["data"]["jobId"]
    await _finished(exporter, mine)
    masked = await _cells(exporter, mine)
    assert masked[1][:6] == (1001, "张三丰", "138****1001", "男", "张**", "1101**********1234")
    # ... and cannot see or download another operator's export
    assert (await exporter.get(f"/admin/exports/{job_id}"))["code"] == 404
    assert (await exporter.get(f"/admin/exports/{job_id}/download"))["code"] == 404

    # Without account:consumer:export: no export, and nothing queued.
    before = await ExportJob.all().count()
    lister = await operator(admin, "lister", ("account:consumer:list",))
    assert await lister.post("/admin/AccountUserConsumer/download_data", json={}) == FORBIDDEN
    # Bad filters: a clear error, nothing queued.
    bad = await admin.post("/admin/AccountUserConsumer/download_data", json={"frozen": "x"})
    assert bad == {"code": 500, "msg": "冻结格式不正确", "fields": {"frozen": "冻结格式不正确"}}
    bad_day = await admin.post("/admin/AccountUserConsumer/download_data", json={"beginRegisterTime": "yesterday"})
    assert bad_day["code"] == 500 and "日期" in bad_day["msg"]
    assert await ExportJob.all().count() == before
    # One export at a time per operator.
    await ExportJob.filter(id=mine).update(status="running")
    busy = await exporter.post("/admin/AccountUserConsumer/download_data", json={})
    assert busy == {"code": 500, "msg": "已有导出任务正在进行，请等待完成后再导出"}
    # An operator who lost the export permission no longer downloads.
    await ExportJob.filter(id=mine).update(status="done")
    reader = await operator(admin, "reader", ("account:consumer:list",))
    own = await ExportJob.create(kind="AccountUserConsumer", owner_id=await _user_id(reader), filters="{}",
                                 status="done", path=f"export_{job_id}.xlsx", created_at=AT, file_name="x.xlsx")
    assert await reader.get(f"/admin/exports/{own.id}/download") == FORBIDDEN
    assert (await admin.get("/admin/exports/99999"))["code"] == 404


async def _user_id(caller: Caller) -> int:
    return int((await caller.get("/getInfo"))["user"]["userId"])


async def test_ending_a_login_token_signs_the_user_out(start_app, make_settings, app_server):  # noqa: F811
    hooks = await app_server()
    admin = await users(start_app, make_settings, app_webhook_url=hooks.url)
    live = await LoginToken.create(uid=1001, device="iPhone", platform="ios", status="0")
    other = await LoginToken.create(uid=1002, device="Pixel", platform="android", status="0")
    ended = await LoginToken.create(uid=1003, device="old", status="1")
    third = await LoginToken.create(uid=1003, device="iPad", status="0")
    assert (await admin.get(f"/admin/AccountUserToken/shelf/{live.id}"))["code"] == 200  # taken off the shelf
    assert await admin.delete(f"/admin/AccountUserToken/{other.id},{ended.id}") == OK
    assert await admin.put("/admin/AccountUserToken", json={"id": third.id, "status": "1"}) == OK
    import orjson

    events = await WebhookEvent.filter(event="consumer.signed_out").order_by("id").values_list("payload", flat=True)
    data = [orjson.loads(p)["data"] for p in events]
    assert data == [{"uid": 1001, "tokenId": live.id, "device": "iPhone", "reason": "shelved"},
                    {"uid": 1002, "tokenId": other.id, "device": "Pixel", "reason": "deleted"},
                    {"uid": 1003, "tokenId": third.id, "device": "iPad", "reason": "ended"}]
    # putting it back on the shelf tells nothing; the app server got the three, signed

    async def told() -> bool:
        return sum(e["event"] == "consumer.signed_out" for e in hooks.received) == 3

    await eventually(told, timeout=10)
    assert (await admin.get(f"/admin/AccountUserToken/shelf/{live.id}"))["code"] == 200
    assert await WebhookEvent.filter(event="consumer.signed_out").count() == 3
    assert hooks.bad_signatures == 0


async def test_an_operator_sets_the_webhook_url(start_app, make_settings, app_server):  # noqa: F811
    hooks = await app_server()
    admin = await users(start_app, make_settings, outbound_allow="127.0.0.1")  # no CONSOLE_APP_WEBHOOK_URL
    body = {"configName": "应用服务器回调地址", "configKey": "biz.app.webhookUrl", "configValue": hooks.url,
            "configType": "N"}
    assert await admin.post("/system/config", json=body) == OK
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1002}) == OK

    async def told() -> bool:
        return any(e["event"] == "consumer.frozen" and e["data"]["uid"] == 1002 for e in hooks.received)

    await eventually(told, timeout=10)


async def test_the_hand_written_calls_leave_a_history(start_app, make_settings):
    admin = await users(start_app, make_settings)
    row = (await admin.post("/admin/AccountUserConsumer/list", json={"uid": 1001}))["rows"][0]
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1001}) == OK
    assert await admin.post("/admin/account_login_check/edit_user_info", json={"uid": 1001,
                                                                               "phone": "13900009999"}) == OK
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1001}) != OK  # refused: no row
    entries = (await admin.get(f"/admin/AccountUserConsumer/history/{row['id']}"))["data"]
    assert [(e["action"], e["note"], e["actor"]) for e in entries] == [("action", "修改手机号", "admin"),
                                                                       ("action", "冻结", "admin")]
    assert entries[0]["changes"] == {"phone": ["138****1001", "139****9999"]}
    assert entries[1]["changes"] == {"frozen": ["0", "1"]}
