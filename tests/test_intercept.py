"""Intercepted words (issue 11 §3): the records through the resource mechanism (list by POST) and the
alarm to the configured channel (SMS or a signed webhook, here a real server on loopback), rate-limited."""

from __future__ import annotations

import hashlib
import hmac

import orjson
import pytest
from aiohttp import web

from core_api.auth.models import SmsMessage
from core_api.moderation.intercept.models import WordsIntercept
from core_api.monitor.operlog.models import SysOperLog
from tests.conftest import OK, Caller, Refused, app_users, token_for
from tests.test_escalation import make_role, make_user, sign_in


@pytest.fixture(autouse=True)
async def _app_users(client):
    """The app users this module's records name (an operator's record must name an existing app user)."""
    await app_users(10001, 10002, 10003)


RECORD = {"uid": 10001, "word": "代开发票", "category": "广告", "content": "需要代开发票的联系我", "scene": "group",
          "target": "g1001"}
SECRET = "s3cret-for-tests"


async def create(admin: Caller, **extra) -> int:
    answer = await admin.post("/admin/WordsInterceptRecord", json={**RECORD, **extra})
    assert answer["code"] == 200, answer
    return answer["data"]["id"]


async def set_config(admin: Caller, key: str, value: str) -> None:
    rows = (await admin.get("/system/config/list", params={"configKey": key}))["rows"]
    row = next(r for r in rows if r["configKey"] == key)
    body = {k: row[k] for k in ("configId", "configName", "configKey", "configType")}
    assert await admin.put("/system/config", json={**body, "configValue": value}) == OK


async def test_records_six_calls_list_by_post(admin):
    first = await create(admin)
    await create(admin, uid=10002, word="赌博", category="违法", scene="single", target="10003")
    await create(admin, uid=10003, word="赌博", category="违法", scene="service", target="s1")
    page = await admin.post("/admin/WordsInterceptRecord/list", json={"word": "赌博", "pageSize": 10})
    assert page["total"] == 2 and [r["uid"] for r in page["rows"]] == [10003, 10002]
    page = await admin.post("/admin/WordsInterceptRecord/list", json={"scene": "group"})
    assert [r["word"] for r in page["rows"]] == ["代开发票"]
    page = await admin.post("/admin/WordsInterceptRecord/list", json={"uid": 10002, "handled": "0"})
    assert page["total"] == 1
    got = (await admin.get(f"/admin/WordsInterceptRecord/{first}"))["data"]
    assert got["alarmCount"] == 0 and got["handled"] == "0" and got["scene"] == "group"
    assert await admin.put("/admin/WordsInterceptRecord", json={**got, "handled": "1"}) == OK
    assert (await admin.get(f"/admin/WordsInterceptRecord/shelf/{first}"))["data"] == {"shelf": "0"}
    history = (await admin.get(f"/admin/WordsInterceptRecord/history/{first}"))["data"]
    assert [h["action"] for h in history] == ["shelf", "update", "create"]
    assert history[1]["changes"] == {"handled": ["0", "1"]}
    for body, message in [
        ({**RECORD, "scene": "email"}, "场景的取值不正确"),
        ({**RECORD, "word": ""}, "敏感词长度不能少于1个字符"),
        ({**RECORD, "alarmCount": 5}, "不允许修改告警次数"),
        ({k: v for k, v in RECORD.items() if k != "uid"}, "用户UID不能为空"),
    ]:
        answer = await admin.post("/admin/WordsInterceptRecord", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    assert (await admin.put("/admin/WordsInterceptRecord", json={**got, "word": "别的"})) == Refused("不允许修改敏感词")
    assert await WordsIntercept.all().count() == 3
    assert await admin.delete(f"/admin/WordsInterceptRecord/{first}") == OK
    assert await WordsIntercept.all().count() == 2


async def test_alarm_by_signed_webhook_rate_limited(start_app, make_settings, aiohttp_server):
    client = await start_app(make_settings(outbound_allow="127.0.0.1"))  # the test's webhook is on loopback
    admin = Caller(client, await token_for(client))
    received: list[tuple[dict, bytes]] = []
    status = {"code": 200}

    async def hook(request: web.Request) -> web.Response:
        received.append((dict(request.headers), await request.read()))
        return web.Response(status=status["code"], text="ok")

    app = web.Application()
    app.router.add_post("/alarm", hook)
    server = await aiohttp_server(app, host="127.0.0.1")
    ids = [await create(admin), await create(admin, uid=10002, word="赌博")]
    # no channel configured yet: a clear message, nothing sent or changed
    answer = await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"ids": ids})
    assert answer == {"code": 500, "msg": "未配置告警通道，请在参数设置中设置 biz.alarm.channel"}
    await set_config(admin, "biz.alarm.channel", "pager:123")
    answer = await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"ids": ids})
    assert answer["code"] == 500 and "告警通道配置不正确" in answer["msg"]
    await set_config(admin, "biz.alarm.channel", f"webhook:{server.make_url('/alarm')}")
    answer = await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"ids": ids})
    assert answer["code"] == 500 and "未配置签名密钥" in answer["msg"]
    await set_config(admin, "biz.alarm.secret", SECRET)
    # the peer fails: the operator is told, nothing recorded, and may retry at once
    status["code"] = 503
    answer = await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"ids": ids, "message": "请处理"})
    assert answer == {"code": 500, "msg": "告警发送失败：Webhook返回503"}
    assert await WordsIntercept.filter(alarm_count__gt=0).count() == 0
    status["code"] = 200
    received.clear()
    answer = await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"ids": ids, "message": "请处理"})
    assert answer == {"code": 200, "msg": "告警已发送"}
    assert len(received) == 1
    headers, body = received[0]
    expected = hmac.new(SECRET.encode(), headers["X-Alarm-Timestamp"].encode() + b"." + body,
                        hashlib.sha256).hexdigest()
    assert headers["X-Alarm-Signature"] == expected
    payload = orjson.loads(body)
    assert payload["operator"] == "admin" and [r["id"] for r in payload["records"]] == ids
    assert payload["text"] == "【拦截告警】用户10001在群聊中触发敏感词“代开发票”等2条记录。请处理"
    rows = await WordsIntercept.filter(id__in=ids).order_by("id")
    assert [r.alarm_count for r in rows] == [1, 1] and rows[0].last_alarm_time is not None
    history = (await admin.get(f"/admin/WordsInterceptRecord/history/{ids[0]}"))["data"]
    assert history[0]["note"] == "发送告警至Webhook" and history[0]["changes"]["alarmCount"] == [0, 1]
    # one per minute per operator
    again = await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"id": ids[0]})
    assert again == {"code": 500, "msg": "告警发送过于频繁，请60秒后再试"}
    assert len(received) == 1 and (await WordsIntercept.get(id=ids[0])).alarm_count == 1
    assert await SysOperLog.filter(title="拦截告警").count() >= 1
    # another operator has a window of their own
    role = await make_role(admin, "alarmer", ("im:intercept:list", "im:intercept:alarm"))
    await make_user(admin, "alarmer", 103, [role.role_id])
    other = await sign_in(admin, "alarmer")
    assert (await other.post("/admin/WordsInterceptRecord/send_alarm", json={"id": ids[0]}))["code"] == 200
    assert len(received) == 2


async def test_alarm_by_sms_and_bad_input(admin):
    record_id = await create(admin)
    await set_config(admin, "biz.alarm.channel", "sms:13800138000")
    for body, message in [
        ({}, "请选择要告警的拦截记录"),
        ({"ids": []}, "编号列表至少1项"),
        ({"id": record_id, "message": "长" * 201}, "告警说明"),
        ({"ids": list(range(1, 60))}, "编号列表"),
        ({"id": 0}, "编号"),
    ]:
        answer = await admin.post("/admin/WordsInterceptRecord/send_alarm", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    assert (await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"ids": [record_id, 999999]}))[
        "code"] == 404
    assert await SmsMessage.filter(phone="13800138000").count() == 0
    answer = await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"id": record_id})
    assert answer == {"code": 200, "msg": "告警已发送"}
    sms = await SmsMessage.get(phone="13800138000")
    assert sms.content == "【拦截告警】用户10001在群聊中触发敏感词“代开发票”"
    history = (await admin.get(f"/admin/WordsInterceptRecord/history/{record_id}"))["data"]
    assert history[0]["note"] == "发送告警至短信"


async def test_permissions(admin):
    record_id = await create(admin)
    role = await make_role(admin, "intercept_viewer", ("im:intercept:list", "im:intercept:query"))
    await make_user(admin, "iviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "iviewer")
    assert (await viewer.post("/admin/WordsInterceptRecord/list", json={}))["total"] == 1
    forbidden = {"code": 403, "msg": "当前操作没有权限"}
    for method, path, body in [
        ("POST", "/admin/WordsInterceptRecord/send_alarm", {"id": record_id}),
        ("POST", "/admin/WordsInterceptRecord", RECORD),
        ("DELETE", f"/admin/WordsInterceptRecord/{record_id}", None),
        ("GET", f"/admin/WordsInterceptRecord/shelf/{record_id}", None),
    ]:
        assert await viewer.request(method, path, json=body) == forbidden, path
    assert (await WordsIntercept.get(id=record_id)).alarm_count == 0
    meta = (await viewer.get("/admin/resources/meta", params={"view": "im/intercept/index"}))["data"]
    assert meta["listMethod"] == "POST" and meta["actions"][0]["perm"] == "im:intercept:alarm"
