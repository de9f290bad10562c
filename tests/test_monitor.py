"""Monitor: operation and login logs, online sessions, server figures, caches."""

from __future__ import annotations

import platform
import socket
import time
from datetime import UTC, datetime

import psutil
import redis

from core_api.auth.models import UserSession
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.monitor.operlog.models import SysOperLog
from core_api.platform.kv import KvEntry
from tests.conftest import OK, Caller, eventually, login, token_for, xlsx_rows
from tests.test_kv_and_settings import REDIS_URL, require_redis

NEW_POST = {"postCode": "ops", "postName": "运维", "postSort": 5}


async def test_operation_log_list_detail_delete_clean_export(admin):
    await admin.post("/system/post", json=NEW_POST)
    await admin.post("/system/post", json=NEW_POST)  # refused, logged as failed
    page = await admin.get("/monitor/operlog/list", params={"title": "岗位"})
    assert page["total"] == 2 and [r["status"] for r in page["rows"]] == [1, 0]  # newest first
    failed = await admin.get("/monitor/operlog/list", params={"status": "1", "businessType": "1"})
    assert failed["total"] == 1
    detail = await admin.get(f"/monitor/operlog/{page['rows'][0]['operId']}")
    assert detail["data"]["errorMsg"] == "新增岗位'运维'失败，岗位名称已存在"
    assert '"postName":"运维"' in detail["data"]["operParam"]
    export = await admin.post("/monitor/operlog/export", data={"title": "岗位"})
    rows = xlsx_rows(await export.read())
    assert rows[0][0] == "操作序号" and len(rows) == 3 and rows[1][2] == "新增"
    assert await admin.delete(f"/monitor/operlog/{page['rows'][0]['operId']}") == OK
    assert (await admin.get("/monitor/operlog/list", params={"title": "岗位"}))["total"] == 1
    assert await admin.delete("/monitor/operlog/clean") == OK
    # Cleaning is itself an operation, so exactly that row remains.
    assert [r.title for r in await SysOperLog.all()] == ["操作日志"]


async def test_login_log_and_unlock(admin):
    for _ in range(5):
        await login(admin.client, "ry", "wrong-pass")
    assert (await login(admin.client, "ry"))["msg"].startswith("密码输入错误5次")

    async def logged() -> bool:
        return await SysLogininfor.filter(user_name="ry", status="1").count() == 6

    await eventually(logged)
    page = await admin.get("/monitor/logininfor/list", params={"userName": "ry", "status": "1"})
    assert page["total"] == 6 and page["rows"][0]["ipaddr"] == "127.0.0.1"
    assert await admin.get("/monitor/logininfor/unlock/ry") == OK
    assert (await login(admin.client, "ry"))["code"] == 200
    export = await admin.post("/monitor/logininfor/export", data={"userName": "ry"})
    assert len(xlsx_rows(await export.read())) >= 7
    first = page["rows"][0]["infoId"]
    assert await admin.delete(f"/monitor/logininfor/{first}") == OK
    assert await admin.delete("/monitor/logininfor/clean") == OK
    assert await SysLogininfor.all().count() == 0


async def test_online_list_and_force_logout(admin, client):
    victim = await token_for(client, "ry")
    other = await token_for(client, "ry")
    page = await admin.get("/monitor/online/list", params={"userName": "ry"})
    assert page["total"] == 2 and page["rows"][0]["deptName"] == "测试部门"
    assert set(page["rows"][0]) == {"tokenId", "userName", "deptName", "ipaddr", "loginLocation", "browser", "os",
                                    "loginTime"}
    assert victim not in str(page) and other not in str(page)
    first = page["rows"][0]["tokenId"]
    assert await admin.delete(f"/monitor/online/{first}") == OK
    statuses = []
    for token in (victim, other):
        statuses.append((await Caller(client, token).get("/getInfo"))["code"])
    assert sorted(statuses) == [200, 401]
    both = ",".join(r["tokenId"] for r in (await admin.get("/monitor/online/list"))["rows"])
    assert await admin.delete(f"/monitor/online/{both}") == OK
    assert await UserSession.all().count() == 0
    assert (await admin.get("/getInfo"))["code"] == 401  # admin's own session was in the batch


async def test_server_figures_are_real(admin):
    data = (await admin.get("/monitor/server"))["data"]
    # this machine's own figures, read the same way
    assert data["cpu"]["cpuNum"] == psutil.cpu_count(logical=True) and 0 <= data["cpu"]["free"] <= 100
    assert data["mem"]["total"] == round(psutil.virtual_memory().total / 1024**3, 2)
    assert data["py"] == data["jvm"] and data["py"]["version"] == platform.python_version()
    assert data["sys"]["computerName"] == socket.gethostname() and data["sysFiles"][0]["dirName"]


async def test_cache_screens_in_process(admin, client):
    await client.get("/captchaImage")  # captcha is off in tests: no key
    for _ in range(2):
        await login(client, "ry", "wrong-pass")
    info = (await admin.get("/monitor/cache"))["data"]
    assert info["info"]["redis_mode"] == "in-process"
    stored = await KvEntry.filter(expires_at__gt=time.time()).values_list("key", flat=True)
    assert "pwd_err:ry@127.0.0.1" in stored
    assert info["dbSize"] == len(stored) + sum(info["info"]["processCaches"].values())
    assert any(s["name"] == "incr" for s in info["commandStats"])
    names = [n["cacheName"] for n in (await admin.get("/monitor/cache/getNames"))["data"]]
    assert "pwd_err_cnt:" in names and "sys_config:" in names
    # wrong passwords count per (user name, address), and per user name for the slow-down
    assert (await admin.get("/monitor/cache/getKeys/pwd_err_cnt:"))["data"] == ["pwd_err:ry@127.0.0.1"]
    assert (await admin.get("/monitor/cache/getKeys/pwd_slow_cnt:"))["data"] == ["pwd_slow:ry"]
    value = await admin.get("/monitor/cache/getValue/pwd_err_cnt:/pwd_err:ry@127.0.0.1")
    assert value["data"]["cacheValue"] == "2"
    assert await admin.delete("/monitor/cache/clearCacheKey/pwd_err:ry@127.0.0.1") == OK
    assert (await admin.get("/monitor/cache/getKeys/pwd_err_cnt:"))["data"] == []
    await admin.get("/system/config/configKey/sys.index.skinName")
    assert "sys.index.skinName" in (await admin.get("/monitor/cache/getKeys/sys_config:"))["data"]
    assert await admin.delete("/monitor/cache/clearCacheName/sys_config:") == OK
    assert (await admin.get("/monitor/cache/getKeys/sys_config:"))["data"] == []
    assert await admin.delete("/monitor/cache/clearCacheAll") == OK
    assert (await admin.get("/monitor/cache/getKeys/nope:"))["code"] == 404


async def test_cache_screen_on_redis(start_app, make_settings):
    require_redis()
    client = await start_app(make_settings(redis_url=REDIS_URL))
    admin = Caller(client, await token_for(client))
    await login(client, "ry", "wrong-pass")  # stores pwd_err:ry@127.0.0.1 in Redis
    direct = redis.Redis.from_url(REDIS_URL)
    direct.set("monitor:probe", "1")  # a SET the screen's command statistics show (a new server has run none)
    info = (await admin.get("/monitor/cache"))["data"]
    try:
        assert direct.get("pwd_err:ry@127.0.0.1") == b"1"
        assert info["dbSize"] == direct.dbsize()
        assert info["info"]["redis_version"] == direct.info()["redis_version"]
    finally:
        direct.delete("pwd_err:ry@127.0.0.1", "pwd_slow:ry", "login_ip:127.0.0.1", "monitor:probe")
        direct.close()
    assert any(s["name"] == "set" for s in info["commandStats"])


async def test_date_range_filters_count_days_in_the_business_zone(admin):
    await admin.post("/system/post", json=NEW_POST)
    # 20:00 UTC on 10 January is 04:00 on 11 January in Asia/Shanghai, the default business zone
    await SysOperLog.all().update(oper_time=datetime(2026, 1, 10, 20, 0, tzinfo=UTC))

    async def titles(day: str) -> list[str]:
        found = await admin.get("/monitor/operlog/list", params={"params[beginTime]": day, "params[endTime]": day})
        return [row["title"] for row in found["rows"]]

    assert await titles("2026-01-11") == ["岗位管理"]
    assert await titles("2026-01-10") == []
