"""Verification codes by SMS (local outbox and a real HTTP gateway) and self-registration."""

from __future__ import annotations

import re

from aiohttp import web
from aiohttp.test_utils import TestServer

from core_api.auth.models import SmsMessage
from core_api.platform.clock import Clock
from core_api.platform.errors import ServiceError
from core_api.platform.sms import HttpSms
from core_api.platform.state import CONFIG
from core_api.system.config.models import SysConfig
from core_api.system.user.models import SysUser
from tests.conftest import login

PHONE = "13800138000"


async def send(client, phone: str = PHONE, scene: str = "register", **headers: str) -> dict:
    return await (await client.post("/admin/open/send_code", json={"phonenumber": phone, "scene": scene},
                                    headers=headers)).json()


async def last_code(phone: str = PHONE) -> str:
    message = await SmsMessage.filter(phone=phone).order_by("-id").first()
    assert message is not None
    match = re.search(r"验证码是(\d{6})", message.content)
    assert match, message.content
    return match.group(1)


async def enable_registration(client) -> None:
    await SysConfig.filter(config_key="sys.account.registerUser").update(config_value="true")
    await client.app[CONFIG].changed()


async def register(client, **body) -> dict:
    payload = {"username": "newcomer", "password": "secret123", "confirmPassword": "secret123", **body}
    return await (await client.post("/register", json=payload)).json()


async def test_send_code_records_a_six_digit_code(client):
    await enable_registration(client)
    assert await send(client) == {"code": 200, "msg": "验证码已发送"}
    assert len(await last_code()) == 6


async def test_no_sign_up_code_while_registration_is_closed(client):
    closed = {"code": 500, "msg": "当前系统没有开启注册功能，不能发送注册验证码"}
    for _ in range(3):
        assert await send(client) == closed
    assert await SmsMessage.all().count() == 0
    # Nothing was counted either: once registration opens, the number gets its code at once.
    await enable_registration(client)
    assert await send(client) == {"code": 200, "msg": "验证码已发送"}
    assert await SmsMessage.filter(phone=PHONE).count() == 1


async def test_send_code_rejects_a_bad_number(client):
    assert await send(client, "12345678901") == {"code": 500, "msg": "手机号码格式不正确"}
    assert await SmsMessage.all().count() == 0


async def test_send_code_is_limited_per_number_and_per_ip(start_app, make_settings):
    clock = Clock()
    client = await start_app(make_settings(), clock=clock)
    await enable_registration(client)
    assert (await send(client))["code"] == 200
    assert await send(client) == {"code": 500, "msg": "验证码发送过于频繁，请稍后再试"}
    clock.advance(61)
    assert (await send(client))["code"] == 200
    for i in range(17):  # 20 requests an hour per IP in all, refused ones included
        assert (await send(client, f"1390000{i:04d}"))["code"] == 200
    assert (await send(client, "13911112222"))["msg"] == "验证码发送过于频繁，请稍后再试"
    assert await SmsMessage.all().count() == 19


async def test_registration_is_closed_by_default(client):
    assert (await (await client.get("/captchaImage")).json())["registerEnabled"] is False
    assert await register(client) == {"code": 500, "msg": "当前系统没有开启注册功能！"}
    assert not await SysUser.filter(user_name="newcomer").exists()


async def test_the_captcha_answer_says_whether_registration_is_open(client):
    """The sign-in page shows "立即注册" from this flag (RuoYi-Vue3-FastAPI reads the same name)."""
    await enable_registration(client)
    assert (await (await client.get("/captchaImage")).json())["registerEnabled"] is True


async def test_register_with_a_verified_phone_then_sign_in(client):
    await enable_registration(client)
    await send(client)
    code = await last_code()
    assert await register(client, phonenumber=PHONE, smsCode=code) == {"code": 200, "msg": "操作成功"}
    user = await SysUser.get(user_name="newcomer")
    assert user.phonenumber == PHONE
    assert (await login(client, "newcomer", "secret123"))["code"] == 200


async def test_sms_code_is_single_use_and_expires(start_app, make_settings):
    clock = Clock()
    client = await start_app(make_settings(), clock=clock)
    await enable_registration(client)
    await send(client)
    code = await last_code()
    assert (await register(client, phonenumber=PHONE, smsCode="000000" if code != "000000" else "111111"))[
        "msg"] == "短信验证码错误"
    # The wrong guess consumed it: the right code no longer works.
    assert (await register(client, phonenumber=PHONE, smsCode=code))["msg"] == "短信验证码已失效，请重新获取"
    clock.advance(61)
    await send(client)
    code = await last_code()
    clock.advance(301)
    assert (await register(client, phonenumber=PHONE, smsCode=code))["msg"] == "短信验证码已失效，请重新获取"
    assert not await SysUser.filter(user_name="newcomer").exists()


async def test_register_rules(client):
    await enable_registration(client)
    assert (await register(client, username="a"))["msg"] == "账户长度必须在2到20个字符之间"
    assert (await register(client, password="1234", confirmPassword="1234"))["msg"] == "密码长度必须在5到20个字符之间"
    assert (await register(client, confirmPassword="other123"))["msg"] == "两次输入的密码不一致"
    assert (await register(client, username="admin"))["msg"] == "保存用户'admin'失败，注册账号已存在"
    assert (await register(client, username="ADMIN"))["msg"] == "保存用户'ADMIN'失败，注册账号已存在"
    assert (await register(client, username="新来的"))["msg"] == "账户只能包含字母、数字和 _ . @ -"
    assert await SysUser.filter(user_name__in=["ADMIN", "新来的"]).count() == 0


async def test_http_sms_gateway():
    received: list[tuple[str, dict]] = []

    async def gateway(request: web.Request) -> web.Response:
        received.append((request.headers.get("Authorization", ""), await request.json()))
        return web.json_response({"ok": True}, status=200 if len(received) == 1 else 503)

    app = web.Application()
    app.router.add_post("/send", gateway)
    server = TestServer(app)
    await server.start_server()
    try:
        sms = HttpSms(str(server.make_url("/send")), token="gw-token")
        await sms.send(PHONE, "hello")
        assert received == [("Bearer gw-token", {"phone": PHONE, "content": "hello"})]
        try:
            await sms.send(PHONE, "again")
        except ServiceError as exc:
            assert exc.msg == "短信发送失败，请稍后再试"
        else:
            raise AssertionError("a 503 from the gateway must fail the send")
    finally:
        await server.close()
