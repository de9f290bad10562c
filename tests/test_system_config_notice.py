"""Parameters, notices and uploads."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from core_api.seed.run import builtin_configs
from core_api.system.config.models import SysConfig
from core_api.system.notice.models import SysNotice
from tests.conftest import BACKEND, OK, PASSWORD, xlsx_rows

PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4"
       b"\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")
NEW_CONFIG = {"configName": "订单超时分钟", "configKey": "mall.order.timeout", "configValue": "30", "configType": "N"}


async def test_config_lifecycle(admin):
    assert await admin.post("/system/config", json=NEW_CONFIG) == OK
    assert (await admin.get("/system/config/configKey/mall.order.timeout")) == {"code": 200, "msg": "30"}
    row = await SysConfig.get(config_key="mall.order.timeout")
    assert await admin.put("/system/config", json={**NEW_CONFIG, "configId": row.config_id, "configValue": "45"}) == OK
    assert (await admin.get("/system/config/configKey/mall.order.timeout"))["msg"] == "45"
    got = await admin.get(f"/system/config/{row.config_id}")
    assert got["data"]["configValue"] == "45" and got["data"]["updateBy"] == "admin"
    assert await admin.delete(f"/system/config/{row.config_id}") == OK
    assert (await admin.get("/system/config/configKey/mall.order.timeout"))["msg"] == ""


async def test_config_rules(admin):
    dup = await admin.post("/system/config", json={**NEW_CONFIG, "configKey": "sys.user.initPassword"})
    assert dup == {"code": 500, "msg": "新增参数'订单超时分钟'失败，参数键名已存在"}
    bad = await admin.post("/system/config", json={**NEW_CONFIG, "configKey": "bad key;"})
    assert bad == {"code": 500, "msg": "参数键名格式不正确", "fields": {"configKey": "参数键名格式不正确"}}
    builtin = await SysConfig.get(config_key="sys.account.captchaEnabled")
    refused = await admin.delete(f"/system/config/{builtin.config_id}")
    assert refused == {"code": 500, "msg": "内置参数【sys.account.captchaEnabled】不能删除"}
    rename = await admin.put("/system/config", json={"configId": builtin.config_id, "configName": "x",
                                                      "configKey": "other.key", "configValue": "true"})
    assert rename == {"code": 500, "msg": "内置参数【sys.account.captchaEnabled】不能修改键名"}
    assert await SysConfig.filter(config_key="sys.account.captchaEnabled").exists()


async def test_config_batch_update_and_list(admin):
    batch = {"items": [{"configKey": "sys.index.skinName", "configValue": "skin-red"},
                       {"configKey": "sys.account.registerUser", "configValue": "true"}]}
    assert await admin.put("/system/config/batch", json=batch) == OK
    assert (await admin.get("/system/config/configKey/sys.account.registerUser"))["msg"] == "true"
    unknown = await admin.put("/system/config/batch", json={"items": [{"configKey": "no.such", "configValue": "1"},
                                                                        {"configKey": "sys.index.skinName",
                                                                         "configValue": "x"}]})
    assert unknown == {"code": 500, "msg": "参数键名不存在：no.such"}
    assert (await SysConfig.get(config_key="sys.index.skinName")).config_value == "skin-red"
    page = await admin.get("/system/config/list", params={"configKey": "sys.account"})
    assert page["total"] == 3
    export = await admin.post("/system/config/export", data={"configType": "Y"})
    assert len(xlsx_rows(await export.read())) == 1 + len(builtin_configs())  # the header, every built-in key


async def test_register_switch_follows_the_config_at_once(admin):
    closed = await admin.client.post("/register", json={"username": "walker", "password": "secret123"})
    assert (await closed.json())["msg"] == "当前系统没有开启注册功能！"
    row = await SysConfig.get(config_key="sys.account.registerUser")
    await admin.put("/system/config", json={"configId": row.config_id, "configName": row.config_name,
                                             "configKey": row.config_key, "configValue": "true", "configType": "Y"})
    opened = await admin.client.post("/register", json={"username": "walker", "password": "secret123"})
    assert (await opened.json()) == OK


@pytest.mark.skipif(BACKEND != "postgres", reason="two processes share PostgreSQL and RabbitMQ")
async def test_cache_invalidation_reaches_a_second_process(admin, second_node):
    """A second core_api process caches a parameter; a change made through this one is seen there."""
    base = await second_node()
    async with aiohttp.ClientSession() as http:
        async with http.post(base + "/login", json={"username": "admin", "password": PASSWORD}) as r:
            other = {"Authorization": f"Bearer {(await r.json())['token']}"}

        async def value_there() -> str:
            async with http.get(base + "/system/config/configKey/sys.index.skinName", headers=other) as r:
                return (await r.json())["msg"]

        assert await value_there() == "skin-blue"  # now cached there
        row = await SysConfig.get(config_key="sys.index.skinName")
        await admin.put("/system/config", json={"configId": row.config_id, "configName": row.config_name,
                                                 "configKey": row.config_key, "configValue": "skin-green",
                                                 "configType": "Y"})
        for _ in range(50):
            if await value_there() == "skin-green":
                break
            await asyncio.sleep(0.1)
        assert await value_there() == "skin-green"


NEW_NOTICE = {"noticeTitle": "维护通知", "noticeType": "1", "status": "0",
              "noticeContent": '<p style="color: red; position: fixed">今晚维护</p><script>alert(1)</script>'
                               '<img src="/profile/upload/a.png" onerror="alert(2)"><a href="javascript:x()">x</a>'}


async def test_notice_content_is_sanitised(admin):
    assert await admin.post("/system/notice", json=NEW_NOTICE) == OK
    notice = await SysNotice.get(notice_title="维护通知")
    html = notice.notice_content
    assert "<script" not in html and "onerror" not in html and "javascript:" not in html
    assert "position" not in html and 'style="color: red"' in html.replace("color:red", "color: red")
    assert '<img src="/profile/upload/a.png">' in html
    got = await admin.get(f"/system/notice/{notice.notice_id}")
    assert got["data"]["noticeContent"] == html and got["data"]["createBy"] == "admin"


async def test_notice_list_update_delete(admin):
    await admin.post("/system/notice", json=NEW_NOTICE)
    await admin.post("/system/notice", json={**NEW_NOTICE, "noticeTitle": "上线公告", "noticeType": "2"})
    page = await admin.get("/system/notice/list", params={"noticeType": "2"})
    assert [r["noticeTitle"] for r in page["rows"]] == ["上线公告"] and "noticeContent" not in page["rows"][0]
    newest_first = await admin.get("/system/notice/list")
    assert [r["noticeTitle"] for r in newest_first["rows"]] == ["上线公告", "维护通知"]
    notice_id = page["rows"][0]["noticeId"]
    assert await admin.put("/system/notice", json={**NEW_NOTICE, "noticeId": notice_id, "status": "1"}) == OK
    assert (await SysNotice.get(notice_id=notice_id)).status == "1"
    assert (await admin.post("/system/notice", json={**NEW_NOTICE, "noticeType": "3"}))["msg"] == "公告类型格式不正确"
    assert await admin.delete(f"/system/notice/{notice_id}") == OK
    assert await SysNotice.all().count() == 1


async def upload(admin, name: str, data: bytes, field: str = "file", path: str = "/common/upload"):
    form = aiohttp.FormData()
    form.add_field(field, data, filename=name, content_type="application/octet-stream")
    return await admin.post(path, data=form)


async def test_upload_stores_and_serves_an_image(admin):
    body = await upload(admin, "pixel.png", PNG)
    assert body["code"] == 200 and body["fileName"].startswith("/profile/upload/")
    assert body["originalFilename"] == "pixel.png" and body["url"].endswith(body["fileName"])
    served = await admin.client.get(body["fileName"])
    assert served.status == 200 and await served.read() == PNG
    assert served.headers["Content-Type"] == "image/png" and served.headers["X-Content-Type-Options"] == "nosniff"


async def test_upload_checks_type_content_and_size(admin):
    assert (await upload(admin, "shell.php", b"<?php"))["msg"].startswith("文件格式不正确, 请上传")
    assert await upload(admin, "fake.png", b"GIF89a....") == {"code": 500, "msg": "文件内容与扩展名不符"}
    assert await upload(admin, "empty.pdf", b"") == {"code": 500, "msg": "上传文件不能为空"}
    big = b"%PDF-" + b"0" * (5 * 1024 * 1024)
    assert await upload(admin, "big.pdf", big) == {"code": 500, "msg": "上传文件大小不能超过 5 MB!"}
    assert (await upload(admin, "a.png", PNG, field="other"))["msg"] == "请选择要上传的文件"
    anonymous = await admin.client.post("/common/upload", data=b"x")
    assert (await anonymous.json())["code"] == 401


async def test_stored_files_never_leave_the_upload_root(admin):
    for path in ("/profile/../secret_key", "/profile/%2e%2e/secret_key", "/profile/upload/none.png"):
        response = await admin.client.get(path)
        assert response.status == 200 and (await response.json())["code"] == 404, path
