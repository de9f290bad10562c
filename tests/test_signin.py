"""Sign-in: captcha, login, lockout, limits, logout, sessions, and the login log."""

from __future__ import annotations

import time
import uuid

import pytest

from core_api.auth.models import UserSession
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.platform.clock import Clock
from core_api.platform.state import AUTH, CONFIG, KV
from core_api.system.config.models import SysConfig
from core_api.system.user.models import SysUser
from tests.conftest import BACKEND, OK, PASSWORD, Caller, bearer, eventually, login, token_for


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


async def test_a_session_kept_in_memory_is_read_again_before_it_is_ended(start_app, make_settings):
    """Calls read a token's session at most every two seconds per node; one that looks expired as kept may have
    been extended by another node meanwhile (here: its row, moved on by hand), so it is read again, not ended."""
    clock = Clock()
    client = await start_app(make_settings(session_timeout_minutes=1), clock=clock)
    token = await token_for(client)
    assert (await (await client.get("/getInfo", headers=bearer(token))).json())["code"] == 200
    await UserSession.all().update(expires_at=clock.time() + 3600)  # what another node's touch would write
    clock.advance(61)
    assert (await (await client.get("/getInfo", headers=bearer(token))).json())["code"] == 200
    assert await UserSession.all().count() == 1


async def test_a_forced_logout_refuses_the_token_at_once_though_sessions_are_kept(admin, client):
    token = await token_for(client, "ry")
    ry = Caller(client, token)
    for _ in range(3):  # kept in memory after the first call
        assert (await ry.get("/getInfo"))["code"] == 200
    listed = (await admin.get("/monitor/online/list", params={"userName": "ry"}))["rows"]
    assert await admin.delete(f"/monitor/online/{listed[0]['tokenId']}") == OK
    assert await (await client.get("/getInfo", headers=bearer(token))).json() == {
        "code": 401, "msg": "认证失败，无法访问系统资源"}


@pytest.mark.skipif(BACKEND != "postgres", reason="two processes share PostgreSQL and RabbitMQ")
async def test_a_forced_logout_on_another_node_reaches_the_session_this_node_keeps(admin, client, second_node):
    import aiohttp

    token = await token_for(client, "ry")
    assert (await Caller(client, token).get("/getInfo"))["code"] == 200  # kept here for two seconds
    base = await second_node()
    async with aiohttp.ClientSession() as http:
        async with http.post(base + "/login", json={"username": "admin", "password": PASSWORD}) as r:
            there = {"Authorization": f"Bearer {(await r.json())['token']}"}
        async with http.get(base + "/monitor/online/list", params={"userName": "ry"}, headers=there) as r:
            token_id = (await r.json())["rows"][0]["tokenId"]
        async with http.delete(base + f"/monitor/online/{token_id}", headers=there) as r:
            assert await r.json() == OK

    async def refused() -> bool:
        return (await Caller(client, token).get("/getInfo"))["code"] == 401

    await eventually(refused, timeout=1.0)  # by the broadcast, well before the two seconds run out


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


# ---- lockout per (user name, address), slow-down per user name --------------------------------------

REDIS_BACKENDS = ["db", "redis"]


async def app_on(start_app, make_settings, backend: str, **overrides):
    """The app with its key store in the database or in Redis (shared by every run: callers use
    their own user names and addresses)."""
    from tests.test_kv_and_settings import REDIS_URL, require_redis

    if backend == "redis":
        require_redis()
        overrides["redis_url"] = REDIS_URL
    return await start_app(make_settings(**overrides))


async def fresh_user(client) -> str:
    """A user of its own, so that counters in a shared Redis never meet another test's."""
    from core_api.platform.passwords import hash_password

    name = f"u{uuid.uuid4().hex[:12]}"
    await SysUser.create(user_name=name, nick_name=name, password=await hash_password(PASSWORD))
    return name


def address() -> str:
    return f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"


async def login_from(client, ip: str, username: str, password: str = PASSWORD) -> dict:
    response = await client.post("/login", json={"username": username, "password": password},
                                 headers={"X-Forwarded-For": ip})
    return await response.json()


LOCKED = {"code": 500, "msg": "密码输入错误5次，帐户锁定10分钟"}
BAD = {"code": 500, "msg": "用户不存在/密码错误"}


@pytest.mark.parametrize("backend", REDIS_BACKENDS)
async def test_a_stranger_cannot_lock_the_owner_out(start_app, make_settings, backend):
    client = await app_on(start_app, make_settings, backend, login_delay_ms=10, login_delay_max_ms=20)
    name = await fresh_user(client)
    try:
        # five wrong passwords from one address lock that address, with the spec's message ...
        stranger = address()
        for _ in range(4):
            assert await login_from(client, stranger, name, "wrong-password") == BAD
        assert await login_from(client, stranger, name, "wrong-password") == LOCKED
        assert await login_from(client, stranger, name) == LOCKED
        # ... and only that address: the owner signs in from theirs
        assert (await login_from(client, address(), name))["code"] == 200
        assert await login_from(client, stranger, name) == LOCKED
        # five wrong passwords from five addresses lock nobody
        for _ in range(5):
            assert await login_from(client, address(), name, "wrong-password") == BAD
        owner = address()
        assert (await login_from(client, owner, name))["code"] == 200
        # unlocking (Login log > unlock) frees the stranger's address too
        admin = Caller(client, await token_for(client))
        assert await admin.get(f"/monitor/logininfor/unlock/{name}") == {"code": 200, "msg": "操作成功"}
        assert (await login_from(client, stranger, name))["code"] == 200
    finally:
        await client.app[AUTH].clear_failed_passwords(name)


@pytest.mark.parametrize("backend", REDIS_BACKENDS)
async def test_wrong_passwords_from_many_addresses_slow_the_user_name_down(start_app, make_settings, backend):
    client = await app_on(start_app, make_settings, backend, login_delay_ms=400, login_delay_max_ms=800)
    name = await fresh_user(client)
    try:
        for _ in range(5):
            assert await login_from(client, address(), name, "wrong-password") == BAD
        # from now on every attempt on the name waits, right password or wrong, and the wait grows
        started = time.monotonic()
        assert (await login_from(client, address(), name))["code"] == 200
        assert time.monotonic() - started >= 0.4
        assert await login_from(client, address(), name, "wrong-password") == BAD
        started = time.monotonic()
        assert await login_from(client, address(), name, "wrong-password") == BAD
        assert time.monotonic() - started >= 0.8
        # another user name is not slowed down by it
        other = await fresh_user(client)
        for _ in range(5):
            await login_from(client, address(), other, "wrong-password")
        assert int(await client.app[KV].get(f"pwd_slow:{name}")) == 7
        assert int(await client.app[KV].get(f"pwd_slow:{other}")) == 5
    finally:
        await client.app[AUTH].clear_failed_passwords(name)


# ---- no user-name probing -------------------------------------------------------------------------


async def test_unknown_and_real_user_names_answer_alike_and_in_the_same_time(start_app, make_settings):
    client = await start_app(make_settings(login_max_retries=1000))

    async def timed(username: str) -> tuple[float, dict]:
        started = time.perf_counter()
        body = await login(client, username, "wrong-password")
        return time.perf_counter() - started, body

    await timed("nobody-here")  # the first call makes the dummy hash
    unknown, known = [], []
    for _ in range(9):
        for username, times in (("nobody-here", unknown), ("ry", known)):
            elapsed, body = await timed(username)
            assert body == BAD
            times.append(elapsed)
    # the fastest of each is the cost of the work done (a loaded machine only adds to a call's time, so a
    # median compares the load of two moments): an unknown name that skipped the hash would answer in a
    # fraction of a millisecond against the hash's tens
    assert min(unknown) >= 0.5 * min(known), (unknown, known)


async def test_disabled_and_deleted_users_are_told_only_to_the_password_holder(client):
    await SysUser.filter(user_name="ry").update(status="1")
    assert await login(client, "ry", "wrong-password") == BAD
    assert await login(client, "ry") == {"code": 500, "msg": "对不起，您的账号：ry 已停用"}
    await SysUser.filter(user_name="ry").update(status="0", del_flag="2")
    assert await login(client, "ry", "wrong-password") == BAD
    assert await login(client, "ry") == {"code": 500, "msg": "对不起，您的账号：ry 已被删除"}


async def test_unknown_user_names_lock_like_real_ones(client):
    """Otherwise the lock message would tell which names exist."""
    for _ in range(4):
        assert await login(client, "nobody-here", "wrong-password") == BAD
    assert await login(client, "nobody-here", "wrong-password") == LOCKED


# ---- the captcha stays on in production -------------------------------------------------------------


def production(make_settings, **overrides):
    return make_settings(env="production", captcha_enabled=None, secret_key="p" * 48, **overrides)


async def test_production_keeps_the_captcha_on_whatever_the_parameter_holds(start_app, make_settings):
    client = await start_app(production(make_settings))
    await SysConfig.filter(config_key="sys.account.captchaEnabled").update(config_value="false")  # seeded/imported
    await client.app[CONFIG].changed()
    body = await (await client.get("/captchaImage")).json()
    assert body["captchaEnabled"] is True and body["uuid"] and body["img"]
    assert await login(client) == {"code": 500, "msg": "验证码已失效"}
    ident, answer = await captcha(client)
    token = (await login(client, code=answer, uuid=ident))["token"]
    admin = Caller(client, token)
    read = await admin.get("/system/config/configKey/sys.account.captchaEnabled")
    assert read == {"code": 200, "msg": "true"}


async def test_production_refuses_turning_the_captcha_off_through_parameters(start_app, make_settings):
    client = await start_app(production(make_settings))
    ident, answer = await captcha(client)
    admin = Caller(client, (await login(client, code=answer, uuid=ident))["token"])
    row = await SysConfig.get(config_key="sys.account.captchaEnabled")
    refused = {"code": 500, "msg": "生产环境不允许关闭验证码，参数【sys.account.captchaEnabled】只能为 true"}
    body = {"configId": row.config_id, "configName": row.config_name, "configKey": row.config_key,
            "configType": row.config_type}
    for value in ("false", "False", "0", ""):
        assert await admin.put("/system/config", json={**body, "configValue": value}) == refused
        assert await admin.put("/system/config/batch", json={"items": [
            {"configKey": "sys.account.registerUser", "configValue": "true"},
            {"configKey": "sys.account.captchaEnabled", "configValue": value}]}) == refused
    # nothing changed, not even the other key of the batch
    assert (await SysConfig.get(config_key="sys.account.captchaEnabled")).config_value == row.config_value
    assert (await SysConfig.get(config_key="sys.account.registerUser")).config_value == "false"
    # turning it on is accepted
    assert await admin.put("/system/config", json={**body, "configValue": "true"}) == OK
    # a deleted-and-recreated row is refused the same way
    await SysConfig.filter(config_id=row.config_id).delete()
    created = await admin.post("/system/config", json={
        "configName": "验证码", "configKey": "sys.account.captchaEnabled", "configValue": "false"})
    assert created == refused
    assert not await SysConfig.filter(config_key="sys.account.captchaEnabled").exists()


async def test_development_may_turn_the_captcha_off_through_parameters(start_app, make_settings):
    client = await start_app(make_settings(captcha_enabled=None))
    ident, answer = await captcha(client)
    admin = Caller(client, (await login(client, code=answer, uuid=ident))["token"])
    assert await admin.put("/system/config/batch", json={"items": [
        {"configKey": "sys.account.captchaEnabled", "configValue": "false"}]}) == OK
    assert (await (await client.get("/captchaImage")).json())["captchaEnabled"] is False


# ---- changing one's password has the same limits ------------------------------------------------------


async def test_update_pwd_locks_after_five_wrong_old_passwords(start_app, make_settings):
    clock = Clock()
    client = await start_app(make_settings(), clock=clock)
    ry = Caller(client, await token_for(client, "ry"))
    before = (await SysUser.get(user_name="ry")).password

    async def change(old: str) -> dict:
        return await ry.put("/system/user/profile/updatePwd", json={"oldPassword": old, "newPassword": "changed1"})

    for _ in range(4):
        assert await change("wrong-password") == {"code": 500, "msg": "修改密码失败，旧密码错误"}
    locked = {"code": 500, "msg": "旧密码输入错误5次，修改密码已锁定10分钟"}
    assert await change("wrong-password") == locked
    assert await change(PASSWORD) == locked  # even the right one, until the lock ends
    assert (await SysUser.get(user_name="ry")).password == before
    # the lock holds the change only: ry signs in, from this address and any other
    assert (await login(client, "ry"))["code"] == 200
    assert (await login_from(client, address(), "ry"))["code"] == 200
    clock.advance(601)
    ry = Caller(client, await token_for(client, "ry"))  # the clock moved past the old session's expiry
    assert await change(PASSWORD) == OK
    assert (await login(client, "ry", "changed1"))["code"] == 200
