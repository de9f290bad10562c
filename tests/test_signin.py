"""Sign-in: captcha, login, lockout, limits, logout, sessions, and the login log."""

from __future__ import annotations

from core_api.auth.models import UserSession
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.platform.clock import Clock
from core_api.platform.state import AUTH, CONFIG, KV
from core_api.system.config.models import SysConfig
from core_api.system.user.models import SysUser
from tests.conftest import PASSWORD, bearer, eventually, login, token_for


async def captcha(client) -> tuple[str, str]:
    body = await (await client.get("/captchaImage")).json()
    assert body["captchaEnabled"] is True
    assert not body["img"].startswith("data:")
    answer = await client.app[KV].get(f"captcha:{body['uuid']}")
    assert answer is not None
    return body["uuid"], answer


async def test_captcha_is_single_use(start_app, make_settings):
    client = await start_app(make_settings(captcha_enabled=True))
    ident, answer = await captcha(client)
    assert (await login(client, code=answer, uuid=ident))["code"] == 200
    again = await login(client, code=answer, uuid=ident)
    assert again == {"code": 500, "msg": "验证码已失效"}


async def test_wrong_captcha_is_refused_and_consumed(start_app, make_settings):
    client = await start_app(make_settings(captcha_enabled=True))
    ident, answer = await captcha(client)
    wrong = str(int(answer) + 1)
    assert await login(client, code=wrong, uuid=ident) == {"code": 500, "msg": "验证码错误"}
    assert (await login(client, code=answer, uuid=ident))["msg"] == "验证码已失效"


async def test_captcha_expires_after_two_minutes(start_app, make_settings):
    clock = Clock()
    client = await start_app(make_settings(captcha_enabled=True), clock=clock)
    ident, answer = await captcha(client)
    clock.advance(121)
    assert (await login(client, code=answer, uuid=ident))["msg"] == "验证码已失效"


async def test_captcha_follows_the_config_key(start_app, make_settings):
    client = await start_app(make_settings(captcha_enabled=None))
    assert (await (await client.get("/captchaImage")).json())["captchaEnabled"] is True
    await SysConfig.filter(config_key="sys.account.captchaEnabled").update(config_value="false")
    await client.app[CONFIG].changed()
    assert (await (await client.get("/captchaImage")).json()) == {"code": 200, "msg": "操作成功",
                                                                  "captchaEnabled": False,
                                                                  "registerEnabled": False}


async def test_login_success_trims_the_user_name_and_logs_the_attempt(client):
    body = await login(client, "  admin  ")
    assert body["code"] == 200 and len(body["token"]) >= 40

    async def logged() -> bool:
        row = await SysLogininfor.filter(user_name="admin", status="0").first()
        return row is not None and row.msg == "登录成功" and row.ipaddr == "127.0.0.1"

    await eventually(logged)
    user = await SysUser.get(user_name="admin")
    await eventually(lambda: SysUser.filter(user_name="admin", login_ip="127.0.0.1").exists())
    assert user.password != PASSWORD


async def test_login_log_records_browser_and_os(client):
    ua = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/120.0.0.0 Safari/537.36")
    r = await client.post("/login", json={"username": "ry", "password": "nope-nope"}, headers={"User-Agent": ua})
    assert (await r.json())["msg"] == "用户不存在/密码错误"

    async def logged() -> bool:
        row = await SysLogininfor.filter(user_name="ry", status="1").first()
        return row is not None and row.browser == "Chrome 120" and row.os.startswith("Windows")

    await eventually(logged)


async def test_wrong_password_then_lockout_after_five(client):
    for _ in range(4):
        assert await login(client, "ry", "wrong-password") == {"code": 500, "msg": "用户不存在/密码错误"}
    assert await login(client, "ry", "wrong-password") == {"code": 500, "msg": "密码输入错误5次，帐户锁定10分钟"}
    # Locked: even the right password is refused, with the lock message.
    assert await login(client, "ry", PASSWORD) == {"code": 500, "msg": "密码输入错误5次，帐户锁定10分钟"}
    # Another account is not affected.
    assert (await login(client, "admin"))["code"] == 200


async def test_lock_ends_after_ten_minutes(start_app, make_settings):
    clock = Clock()
    client = await start_app(make_settings(), clock=clock)
    for _ in range(5):
        await login(client, "ry", "wrong-password")
    assert (await login(client, "ry"))["msg"].startswith("密码输入错误5次")
    clock.advance(601)
    assert (await login(client, "ry"))["code"] == 200


async def test_success_resets_the_failure_count(client):
    for _ in range(4):
        await login(client, "ry", "wrong-password")
    assert (await login(client, "ry"))["code"] == 200
    for _ in range(4):
        assert (await login(client, "ry", "wrong-password"))["msg"] == "用户不存在/密码错误"


async def test_unknown_disabled_and_deleted_users(client):
    assert await login(client, "ghost") == {"code": 500, "msg": "用户不存在/密码错误"}
    await SysUser.filter(user_name="ry").update(status="1")
    assert await login(client, "ry") == {"code": 500, "msg": "对不起，您的账号：ry 已停用"}
    await SysUser.filter(user_name="ry").update(status="0", del_flag="2")
    assert await login(client, "ry") == {"code": 500, "msg": "对不起，您的账号：ry 已被删除"}


async def test_empty_credentials(client):
    assert await login(client, "", "") == {"code": 500, "msg": "用户/密码必须填写"}


async def test_per_ip_limit(start_app, make_settings):
    client = await start_app(make_settings(login_ip_limit=3))
    for _ in range(3):
        assert (await login(client))["code"] == 200
    assert await login(client) == {"code": 500, "msg": "登录请求过于频繁，请稍后再试"}


async def test_blacklisted_ip(client):
    await SysConfig.filter(config_key="sys.login.blackIPList").update(config_value="10.0.0.1;127.0.0.0/8")
    assert await login(client) == {"code": 500, "msg": "很遗憾，访问IP已被列入系统黑名单"}


async def test_forwarded_ip_is_trusted_only_from_a_proxy(start_app, make_settings):
    client = await start_app(make_settings(login_ip_limit=1))
    # From a trusted proxy (loopback) the forwarded client address counts: two clients, two budgets.
    h1, h2 = {"X-Forwarded-For": "203.0.113.7"}, {"X-Forwarded-For": "203.0.113.8"}
    assert (await (await client.post("/login", json={"username": "admin", "password": PASSWORD},
                                      headers=h1)).json())["code"] == 200
    assert (await (await client.post("/login", json={"username": "admin", "password": PASSWORD},
                                      headers=h2)).json())["code"] == 200
    assert (await (await client.post("/login", json={"username": "admin", "password": PASSWORD},
                                      headers=h1)).json())["msg"] == "登录请求过于频繁，请稍后再试"


async def test_logout_ends_the_session(client):
    token = await token_for(client)
    assert (await (await client.get("/getInfo", headers=bearer(token))).json())["code"] == 200
    body = await (await client.post("/logout", headers=bearer(token))).json()
    assert body == {"code": 200, "msg": "退出成功"}
    assert (await (await client.get("/getInfo", headers=bearer(token))).json())["code"] == 401
    assert await UserSession.all().count() == 0


async def test_session_expiry_slides(start_app, make_settings):
    clock = Clock()
    client = await start_app(make_settings(session_timeout_minutes=1), clock=clock)
    token = await token_for(client)
    for _ in range(3):  # 150 s in all, more than the 60 s timeout, but never 60 s idle
        clock.advance(50)
        assert (await (await client.get("/getInfo", headers=bearer(token))).json())["code"] == 200
    clock.advance(61)
    assert await (await client.get("/getInfo", headers=bearer(token))).json() == {
        "code": 401, "msg": "认证失败，无法访问系统资源"}


async def test_missing_or_bad_token_gets_401(client):
    expected = {"code": 401, "msg": "认证失败，无法访问系统资源"}
    assert await (await client.get("/getInfo")).json() == expected
    assert await (await client.get("/getInfo", headers=bearer("not-a-token"))).json() == expected
    assert await (await client.get("/getRouters", headers={"Authorization": "Basic abc"})).json() == expected


async def test_disabling_a_user_ends_their_access(client):
    token = await token_for(client, "ry")
    await SysUser.filter(user_name="ry").update(status="1")
    await client.app[AUTH].authz_changed()
    assert (await (await client.get("/getInfo", headers=bearer(token))).json())["code"] == 401


async def test_old_bcrypt_hash_signs_in_and_is_upgraded(client):
    import bcrypt

    legacy = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(rounds=4)).decode().replace("$2b$", "$2a$", 1)
    await SysUser.filter(user_name="ry").update(password=legacy)
    assert (await login(client, "ry"))["code"] == 200
    assert (await SysUser.get(user_name="ry")).password.startswith("$argon2")


async def test_a_login_event_delivered_twice_is_recorded_once(client):
    from workers.handlers.auth import record_login

    event = {"eventId": "e" * 32, "userName": "ry", "userId": 2, "ipaddr": "10.0.0.9", "status": "0",
             "msg": "登录成功", "loginTime": 1_700_000_000.0}
    await record_login(event)
    await record_login(event)
    assert await SysLogininfor.filter(ipaddr="10.0.0.9").count() == 1
