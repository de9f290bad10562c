"""Addresses operators set at run time (the app server's webhook parameter, the alarm channel) never reach this
machine or its networks (core_api/platform/outbound.py): refused when saved, in any spelling, and again when
connecting, after the name is resolved; CONSOLE_OUTBOUND_ALLOW lets the tests' loopback servers through."""

from __future__ import annotations

import socket

import pytest
from aiohttp import web

from core_api.moderation.intercept.models import WordsIntercept
from core_api.platform.models import WebhookEvent
from core_api.platform.state import CONFIG
from core_api.system.config.models import SysConfig
from tests.conftest import OK, Caller, eventually, token_for
from tests.test_partner_api import KEY, register
from tests.test_webhook import app_server  # noqa: F401 - the app server fixture

WEBHOOK, CHANNEL = "biz.app.webhookUrl", "biz.alarm.channel"
INTERNAL = "不能指向本机、内网或保留地址"
NOT_HTTP = "只能是 http 或 https 地址"
HOSTILE = [
    ("http://127.0.0.1:6379/", INTERNAL), ("http://169.254.169.254/latest/meta-data/", INTERNAL),
    ("http://[::1]:8010/", INTERNAL), ("http://0x7f000001/", INTERNAL), ("http://2130706433/", INTERNAL),
    ("http://017700000001/", INTERNAL), ("http://127.1:8010/", INTERNAL), ("http://[::ffff:127.0.0.1]/", INTERNAL),
    ("http://[::ffff:a9fe:a9fe]/", INTERNAL), ("http://10.0.0.5/hook", INTERNAL), ("http://172.16.3.4/", INTERNAL),
    ("http://192.168.1.1/", INTERNAL), ("http://100.64.0.1/", INTERNAL), ("http://0.0.0.0:8010/", INTERNAL),
    ("http://224.0.0.1/", INTERNAL), ("http://[fe80::1]/", INTERNAL), ("http://[fd00::1]/", INTERNAL),
    ("http://[2002:7f00:1::]/", INTERNAL), ("https://user@127.0.0.1/", INTERNAL), ("http://localhost:8010/", INTERNAL),
    ("http://LOCALHOST./", INTERNAL), ("http://api.localhost/", INTERNAL),
    ("file:///etc/passwd", NOT_HTTP), ("gopher://127.0.0.1:6379/_INFO", NOT_HTTP), ("ftp://example.com/", NOT_HTTP),
    ("javascript:alert(1)", NOT_HTTP), ("http:///x", NOT_HTTP),
]
PUBLIC = ["https://hooks.example.cn/console", "http://93.184.216.34/hook", "https://[2606:2800:220:1::]/x"]


async def row_of(admin: Caller, key: str) -> dict:
    rows = (await admin.get("/system/config/list", params={"configKey": key}))["rows"]
    found = [r for r in rows if r["configKey"] == key]
    if found:
        return found[0]
    body = {"configName": key, "configKey": key, "configValue": "", "configType": "N"}
    assert await admin.post("/system/config", json=body) == OK
    return await row_of(admin, key)


async def test_each_internal_or_non_http_address_is_refused_when_saved(admin):
    webhook, channel = await row_of(admin, WEBHOOK), await row_of(admin, CHANNEL)
    for url, reason in HOSTILE:
        for row, value in ((webhook, url), (channel, f"webhook:{url}")):
            key = row["configKey"]
            refused = {"code": 500, "msg": f"参数【{key}】{reason}"}
            edit = {k: row[k] for k in ("configId", "configName", "configKey", "configType")}
            assert await admin.put("/system/config", json={**edit, "configValue": value}) == refused, value
            batch = {"items": [{"configKey": key, "configValue": value}]}
            assert await admin.put("/system/config/batch", json=batch) == refused, value
            assert await SysConfig.filter(config_key=key).values_list("config_value", flat=True) == [""]
    fresh = {"configName": "另一个", "configKey": WEBHOOK, "configValue": "http://0x7f000001/", "configType": "N"}
    await SysConfig.filter(config_key=WEBHOOK).delete()
    assert await admin.post("/system/config", json=fresh) == {"code": 500, "msg": f"参数【{WEBHOOK}】{INTERNAL}"}
    assert not await SysConfig.exists(config_key=WEBHOOK)
    # Public addresses, an empty value (the deployment's URL then) and an SMS channel are taken.
    webhook = await row_of(admin, WEBHOOK)
    edit = {k: webhook[k] for k in ("configId", "configName", "configKey", "configType")}
    for url in [*PUBLIC, ""]:
        assert await admin.put("/system/config", json={**edit, "configValue": url}) == OK, url
        assert await admin.put("/system/config/batch", json={"items": [{"configKey": CHANNEL, "configValue":
                                                                        f"webhook:{url}" if url else ""}]}) == OK
    assert await admin.put("/system/config/batch", json={"items": [{"configKey": CHANNEL,
                                                                    "configValue": "sms:13800138000"}]}) == OK


async def test_a_name_resolving_to_loopback_is_refused_when_connecting(start_app, make_settings, app_server):  # noqa: F811
    """A name the save let through that resolves to this machine when the worker connects (a DNS answer changed
    since, or a value stored before this check existed): the webhook never leaves, the event says only that the
    address could not be reached."""
    if "127.0.0.1" not in {info[4][0] for info in socket.getaddrinfo("localhost", 80)}:
        pytest.fail("localhost does not resolve to 127.0.0.1 on this machine")
    hooks = await app_server()
    port = hooks.server.port
    client = await start_app(make_settings(chat_partner_key=KEY, bus_max_attempts=1))
    admin = Caller(client, await token_for(client))
    await register(client, 1002)
    await SysConfig.create(config_name="应用服务器回调地址", config_key=WEBHOOK, config_type="N",
                           config_value=f"http://localhost:{port}/hooks/console")
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1002}) == OK

    async def gave_up() -> bool:
        return await WebhookEvent.filter(event="consumer.frozen", status="failed").exists()

    await eventually(gave_up, timeout=10)
    row = await WebhookEvent.get(event="consumer.frozen")
    assert row.last_error == "无法连接应用服务器回调地址" and hooks.received == []
    assert (await WebhookEvent.get(event="consumer.frozen")).attempts == 1


async def test_the_allow_list_lets_the_tests_loopback_server_through(start_app, make_settings, app_server):  # noqa: F811
    hooks = await app_server()
    client = await start_app(make_settings(chat_partner_key=KEY, outbound_allow="10.9.0.0/16, 127.0.0.1"))
    admin = Caller(client, await token_for(client))
    await register(client, 1002)
    row = await row_of(admin, WEBHOOK)
    edit = {k: row[k] for k in ("configId", "configName", "configKey", "configType")}
    via_name = hooks.url.replace("127.0.0.1", "localhost")  # resolves to ::1 and 127.0.0.1: the allowed one is used
    assert await admin.put("/system/config", json={**edit, "configValue": via_name}) == {
        "code": 500, "msg": f"参数【{WEBHOOK}】{INTERNAL}"}  # the name itself is not on the list
    assert await admin.put("/system/config", json={**edit, "configValue": hooks.url}) == OK
    assert await admin.put("/system/config", json={**edit, "configValue": "http://10.9.8.7/hook"}) == OK
    assert await admin.put("/system/config", json={**edit, "configValue": "http://10.10.0.1/hook"}) == {
        "code": 500, "msg": f"参数【{WEBHOOK}】{INTERNAL}"}
    await SysConfig.filter(config_key=WEBHOOK).update(config_value=via_name)
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1002}) == OK

    async def delivered() -> bool:  # the server hears it before the row is marked: wait for both
        return await WebhookEvent.filter(event="consumer.frozen", status="delivered").exists()

    await eventually(delivered, timeout=10)
    assert [e["event"] for e in hooks.received].count("consumer.frozen") == 1


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def alarm_server(aiohttp_server) -> tuple[str, list[bytes]]:
    received: list[bytes] = []

    async def hook(request: web.Request) -> web.Response:
        received.append(await request.read())
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_post("/alarm", hook)
    server = await aiohttp_server(app, host="127.0.0.1")
    return str(server.make_url("/alarm")), received


async def send_alarm_to(client, admin: Caller, target: str) -> dict:
    await SysConfig.filter(config_key=CHANNEL).update(config_value=f"webhook:{target}")  # as stored before
    await SysConfig.filter(config_key="biz.alarm.secret").update(config_value="s3cret")
    await client.app[CONFIG].changed()
    record = await WordsIntercept.create(uid=10001, word="代开发票", scene="group", target="g1")
    return await admin.post("/admin/WordsInterceptRecord/send_alarm", json={"id": record.id})


UNREACHABLE_ALARM = {"code": 500, "msg": "告警发送失败：无法连接告警Webhook地址"}


async def test_the_alarm_webhook_is_checked_when_connecting(start_app, make_settings, aiohttp_server):
    url, received = await alarm_server(aiohttp_server)
    client = await start_app(make_settings())
    admin = Caller(client, await token_for(client))
    for target in (url.replace("127.0.0.1", "localhost"), url.replace("127.0.0.1", "0x7f000001"),
                   url.replace("127.0.0.1", "[::1]")):
        assert await send_alarm_to(client, admin, target) == UNREACHABLE_ALARM, target
    assert received == [] and not await WordsIntercept.filter(alarm_count__gt=0).exists()


async def test_every_connect_failure_reads_the_same(start_app, make_settings, aiohttp_server, app_server):  # noqa: F811
    """An allowed address with nothing listening answers as a refused one: the console maps no ports."""
    url, received = await alarm_server(aiohttp_server)
    client = await start_app(make_settings(chat_partner_key=KEY, outbound_allow="127.0.0.1", bus_max_attempts=1))
    admin = Caller(client, await token_for(client))
    closed = f"http://127.0.0.1:{closed_port()}/alarm"
    assert await send_alarm_to(client, admin, closed) == UNREACHABLE_ALARM
    assert (await send_alarm_to(client, admin, url)) == {"code": 200, "msg": "告警已发送"} and len(received) == 1
    await register(client, 1002)
    await SysConfig.create(config_name="应用服务器回调地址", config_key=WEBHOOK, config_type="N", config_value=closed)
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": 1002}) == OK

    async def gave_up() -> bool:
        return await WebhookEvent.filter(event="consumer.frozen", status="failed").exists()

    await eventually(gave_up, timeout=10)
    assert (await WebhookEvent.get(event="consumer.frozen")).last_error == "无法连接应用服务器回调地址"
