"""RuoYi-family consoles run unchanged: the calls RuoYi-Vue3-FastAPI's console makes, in its order and its
encodings (a form-urlencoded sign-in, integer flags, fields of its own, exports posted as forms, the code
generator's data sources), against a real core app and database."""

from __future__ import annotations

import hashlib
import io
import time
import zipfile

import aiohttp
import pytest

from core_api.messaging.models import SysMessage
from core_api.monitor.job.models import SysJob
from core_api.platform.settings import ROOT
from core_api.system.dept.models import SysDept
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole
from core_api.system.user.models import SysUser, SysUserPost, SysUserRole
from core_api.tools.gen.models import GenTable
from tests.conftest import BACKEND, OK, PASSWORD, Caller, eventually, xlsx_rows
from tests.test_jobs import HEARTBEAT
from tests.test_signin import captcha

# What the console's login.js posts: its OAuth2 password form, with the form's own empty extras.
OAUTH_EXTRAS = {"grant_type": "password", "scope": "", "client_id": "", "client_secret": ""}


async def console_sign_in(client, captcha_on: bool) -> Caller:
    """The console's sign-in page: transport policy, captcha, form login, then getInfo and getRouters."""
    policy = await (await client.get("/transport/crypto/frontend-config")).json()
    assert policy["code"] == 200
    assert policy["data"]["transportCryptoEnabled"] is False and policy["data"]["transportCryptoMode"] == "off"
    assert policy["data"]["transportCryptoActive"] is False and policy["data"]["retryAt"] > time.time()
    shown = await (await client.get("/captchaImage")).json()
    assert shown["captchaEnabled"] is captcha_on
    ident, answer = await captcha(client) if captcha_on else ("", "")
    form = {"username": "admin", "password": PASSWORD, "code": answer, "uuid": ident, **OAUTH_EXTRAS}
    signed = await (await client.post("/login", data=form)).json()  # application/x-www-form-urlencoded
    assert signed["code"] == 200 and signed["msg"] == "操作成功" and len(signed["token"]) > 20
    admin = Caller(client, signed["token"])
    info = await admin.get("/getInfo")
    assert info["user"]["userName"] == "admin" and info["roles"] == ["admin"] and info["permissions"] == ["*:*:*"]
    assert info["appTimezone"] == "Asia/Shanghai"  # the console's time helpers throw without it
    routers = (await admin.get("/getRouters"))["data"]
    assert "系统管理" in [r["meta"]["title"] for r in routers if r.get("meta")]
    return admin


@pytest.mark.parametrize("captcha_on", [False, True], ids=["captcha-off", "captcha-on"])
async def test_console_signs_in_with_its_form_and_loads_every_page_frame(start_app, make_settings, captcha_on):
    client = await start_app(make_settings(captcha_enabled=captcha_on))
    admin = await console_sign_in(client, captcha_on)
    # A wrong captcha or password posted the same way is refused with the contract's message.
    if captcha_on:
        ident, _ = await captcha(client)
        wrong = {"username": "admin", "password": PASSWORD, "code": "x", "uuid": ident, **OAUTH_EXTRAS}
        assert await (await client.post("/login", data=wrong)).json() == {"code": 500, "msg": "验证码错误"}
    else:
        wrong = {"username": "admin", "password": "wrong-password", "code": "", "uuid": "", **OAUTH_EXTRAS}
        refused = await (await client.post("/login", data=wrong)).json()
        assert refused["code"] == 500 and "token" not in refused
    # The header's bell: the newest open notices with the caller's read state.
    notice = {"noticeTitle": "系统升级通知", "noticeType": 1, "noticeContent": "<p>今晚升级</p>", "status": 0}
    assert await admin.post("/system/notice", json=notice) == OK
    await eventually(lambda: SysMessage.filter(recipient_id=1, source_key__startswith="notice:").exists())
    top = await admin.get("/system/notice/listTop")
    newest = top["data"][0]
    assert newest["noticeTitle"] == "系统升级通知" and newest["noticeType"] == "1" and newest["isRead"] is False
    assert newest["noticeContent"] == "<p>今晚升级</p>" and newest["createBy"] == "admin"
    assert top["unreadCount"] == sum(1 for n in top["data"] if not n["isRead"]) >= 1
    assert await admin.post("/system/notice/markRead", params={"noticeId": str(newest["noticeId"])}) == OK
    again = await admin.get("/system/notice/listTop")
    assert again["data"][0]["isRead"] is True and again["unreadCount"] == top["unreadCount"] - 1
    ids = ",".join(str(n["noticeId"]) for n in again["data"])
    assert await admin.post("/system/notice/markReadAll", params={"ids": ids}) == OK
    assert (await admin.get("/system/notice/listTop"))["unreadCount"] == 0


async def test_menu_flags_sent_as_integers_are_stored_and_answered_as_text(client):
    admin = await console_sign_in(client, False)
    menu = {"parentId": 0, "menuName": "若依客户端", "orderNum": 9, "path": "ruoyiclient", "component": "",
            "query": "", "routeName": "", "isFrame": 1, "isCache": 0, "menuType": "M", "visible": 0, "status": 0,
            "perms": "", "icon": "system"}
    assert await admin.post("/system/menu", json=menu) == OK
    row = await SysMenu.get(menu_name="若依客户端")
    assert (row.is_frame, row.is_cache, row.visible, row.status) == ("1", "0", "0", "0")
    loaded = (await admin.get(f"/system/menu/{row.menu_id}"))["data"]
    assert (loaded["isFrame"], loaded["isCache"], loaded["visible"], loaded["status"]) == ("1", "0", "0", "0")
    # The console sends back what it loaded, with the flags it changed as numbers.
    assert await admin.put("/system/menu", json={**loaded, "visible": 1, "isCache": 1, "children": []}) == OK
    row = await SysMenu.get(menu_id=row.menu_id)
    assert (row.visible, row.is_cache) == ("1", "1")
    assert (await admin.get(f"/system/menu/{row.menu_id}"))["data"]["visible"] == "1"
    # A number that is no flag value is refused by name, and nothing changes.
    bad = await admin.put("/system/menu", json={**loaded, "visible": 7})
    assert bad == {"code": 500, "msg": "显示状态格式不正确", "fields": {"visible": "显示状态格式不正确"}}
    assert (await SysMenu.get(menu_id=row.menu_id)).visible == "1"


async def test_job_with_the_consoles_own_fields_is_created(client):
    admin = await console_sign_in(client, False)
    job = {**HEARTBEAT, "jobExecutor": "default", "misfirePolicy": 1, "concurrent": 1, "status": 1}
    assert await admin.post("/monitor/job", json=job) == OK
    saved = await SysJob.get(job_name="心跳")
    assert (saved.misfire_policy, saved.concurrent, saved.status) == ("1", "1", "1")
    assert await admin.put("/monitor/job/changeStatus", json={"jobId": saved.job_id, "status": 0}) == OK
    assert (await SysJob.get(job_id=saved.job_id)).status == "0"


async def test_user_update_ignores_unknown_fields_and_refuses_protected_ones(client):
    admin = await console_sign_in(client, False)
    loaded = await admin.get("/system/user/2")
    form = {**loaded["data"], "postIds": loaded["postIds"], "roleIds": loaded["roleIds"]}
    changed = {**form, "nickName": "若依2", "sex": 1, "timeZone": "Asia/Shanghai", "someNewField": {"x": 1}}
    assert await admin.put("/system/user", json=changed) == OK
    ry = await SysUser.get(user_id=2)
    assert (ry.nick_name, ry.sex) == ("若依2", "1")
    # Fields that exist but may not be written here are refused, and nothing of the call is applied.
    hash_before = ry.password
    for change, message in [({"password": "newpass123"}, "不允许修改用户密码"),
                            ({"admin": True}, "不允许修改超级管理员标识"),
                            ({"delFlag": "2"}, "不允许修改删除标志")]:
        refused = await admin.put("/system/user", json={**form, "nickName": "改不了", **change})
        assert refused == {"code": 500, "msg": message}, change
    ry = await SysUser.get(user_id=2)
    assert (ry.nick_name, ry.password, ry.del_flag) == ("若依2", hash_before, "0")
    # The personal centre applies only what is sent (RuoYi's partial profile update).
    assert await admin.put("/system/user/profile", json={"sex": 1}) == OK
    me = await SysUser.get(user_id=1)
    assert (me.sex, me.nick_name) == ("1", "超级管理员")


async def test_forms_and_multipart_bodies_reach_any_call(client):
    admin = await console_sign_in(client, False)
    # RuoYi's download() posts the list's query as a form; empty boxes and the page are sent too.
    response = await admin.post("/system/user/export", data={"pageNum": "1", "pageSize": "10", "userName": "",
                                                             "status": "0", "params[beginTime]": ""})
    assert response.headers["Content-Type"].startswith("application/vnd.openxmlformats")
    rows = xlsx_rows(await response.read())
    assert {r[1] for r in rows[1:]} == {"admin", "ry"}
    # A create posted as multipart, with repeated and comma-joined id lists.
    form = aiohttp.FormData()
    for key, value in [("userName", "wangwu"), ("nickName", "王五"), ("password", "secret123"), ("deptId", "105"),
                       ("sex", "1"), ("status", "0"), ("roleIds", "2"), ("postIds[]", "3"), ("postIds[]", "4"),
                       ("email", ""), ("phonenumber", "")]:
        form.add_field(key, value)
    assert await admin.post("/system/user", data=form) == OK
    user = await SysUser.get(user_name="wangwu")
    assert (user.nick_name, user.dept_id, user.sex) == ("王五", 105, "1")
    assert await SysUserRole.filter(user_id=user.user_id).values_list("role_id", flat=True) == [2]
    assert sorted(await SysUserPost.filter(user_id=user.user_id).values_list("post_id", flat=True)) == [3, 4]
    joined = {"userId": str(user.user_id), "nickName": "王五五", "deptId": "105", "roleIds": "2",
              "postIds": "1,2", "sex": "1", "status": "0"}
    assert await admin.put("/system/user", data=joined) == OK
    assert sorted(await SysUserPost.filter(user_id=user.user_id).values_list("post_id", flat=True)) == [1, 2]
    assert (await SysUser.get(user_id=user.user_id)).nick_name == "王五五"
    # A broken form is refused with a clear message and changes nothing.
    for ctype, raw in [("multipart/form-data", b"userName=x"),
                       ("multipart/form-data; boundary=xx", b"--xx\r\nbroken header\r\n\r\nv\r\n--xx--\r\n")]:
        broken = await admin.put("/system/user", data=raw, headers={"Content-Type": ctype})
        assert broken == {"code": 500, "msg": "请求格式不正确（表单格式错误）"}, ctype
    assert (await SysUser.get(user_id=user.user_id)).nick_name == "王五五"


async def test_code_generator_imports_and_zips_a_product_table(client):
    admin = await console_sign_in(client, False)
    sources = await admin.get("/tool/gen/dataSources")
    db_type = "postgresql" if BACKEND == "postgres" else "sqlite"
    assert sources["data"] == [{"name": "master", "dbType": db_type, "isDefault": True}]
    listed = await admin.get("/tool/gen/db/list", params={"pageNum": "1", "pageSize": "200",
                                                         "dataSourceName": "master", "tableName": "sys_po"})
    assert [(r["tableName"], r["managed"]) for r in listed["rows"]] == [("sys_post", True)]
    unknown = await admin.post("/tool/gen/importTable", params={"tables": "sys_post", "dataSourceName": "slave"})
    assert unknown == {"code": 500, "msg": "数据源'slave'不存在"}
    assert not await GenTable.filter(table_name="sys_post").exists()
    imported = await admin.post("/tool/gen/importTable", params={"tables": "sys_post", "dataSourceName": "master"})
    assert imported == OK
    row = (await admin.get("/tool/gen/list", params={"tableName": "sys_post"}))["rows"][0]
    assert (row["tableName"], row["className"], row["managed"], row["dataSourceName"]) == \
        ("sys_post", "SysPost", True, "master")
    # Edit: the console sends back the loaded table with its columns (and fields of its own).
    detail = (await admin.get(f"/tool/gen/{row['tableId']}"))["data"]
    edited = {**detail["info"], "functionName": "岗位生成", "columns": detail["rows"], "params": {"x": 1},
              "genType": "0", "genPath": "/"}
    assert await admin.put("/tool/gen", json=edited) == OK
    assert (await GenTable.get(table_id=row["tableId"])).function_name == "岗位生成"
    files = (await admin.get(f"/tool/gen/preview/{row['tableId']}"))["data"]
    assert "class SysPost" in files["core_api/generated/sys_post/models.py"]
    product_code = ROOT / "core_api/system/post/routes.py"
    before = hashlib.sha256(product_code.read_bytes()).hexdigest()
    zipped = await admin.get("/tool/gen/genCode/sys_post", params={"dataSourceName": "master"})
    assert zipped.headers["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(await zipped.read())).namelist()
    assert "core_api/generated/sys_post/routes.py" in names
    # Nothing was written on the server: the product's code is as it was, and no generated folder appeared.
    assert hashlib.sha256(product_code.read_bytes()).hexdigest() == before
    assert not (ROOT / "core_api/generated/sys_post").exists()
    assert (await admin.get("/tool/gen/synchDb/sys_post", params={"dataSourceName": "master"})) == OK


async def test_sort_buttons_save_the_order_of_menus_and_departments(client):
    admin = await console_sign_in(client, False)
    menus = [m.menu_id for m in await SysMenu.filter(parent_id=0).order_by("menu_id").limit(2)]
    assert await admin.put("/system/menu/updateSort", json={"menuIds": f"{menus[0]},{menus[1]}",
                                                           "orderNums": "7,8"}) == OK
    assert [m.order_num for m in await SysMenu.filter(menu_id__in=menus).order_by("menu_id")] == [7, 8]
    assert await admin.put("/system/dept/updateSort", json={"deptIds": "103,104", "orderNums": "5,6"}) == OK
    assert [d.order_num for d in await SysDept.filter(dept_id__in=[103, 104]).order_by("dept_id")] == [5, 6]
    uneven = await admin.put("/system/dept/updateSort", json={"deptIds": "103,104", "orderNums": "1"})
    assert uneven == {"code": 500, "msg": "部门与排序数量不一致"}
    assert (await admin.put("/system/dept/updateSort", json={"deptIds": "999", "orderNums": "1"}))["code"] == 404
    assert [d.order_num for d in await SysDept.filter(dept_id__in=[103, 104]).order_by("dept_id")] == [5, 6]


async def test_role_and_department_echoes_pass_but_their_delete_flag_is_never_written(client):
    admin = await console_sign_in(client, False)
    role = (await admin.get("/system/role/2"))["data"]
    assert await admin.put("/system/role", json={**role, "roleSort": 3, "delFlag": "0", "admin": False}) == OK
    for change, message in [({"delFlag": "2"}, "不允许修改删除标志"), ({"admin": True}, "不允许修改超级管理员标识")]:
        refused = await admin.put("/system/role", json={**role, "roleSort": 9, **change})
        assert refused == {"code": 500, "msg": message}, change
    saved = await SysRole.get(role_id=2)
    assert (saved.role_sort, saved.del_flag) == (3, "0")
    dept = (await admin.get("/system/dept/103"))["data"]
    assert await admin.put("/system/dept", json={**dept, "leader": "张三", "status": 0}) == OK
    refused = await admin.put("/system/dept", json={**dept, "leader": "李四", "delFlag": "2"})
    assert refused == {"code": 500, "msg": "不允许修改删除标志"}
    saved_dept = await SysDept.get(dept_id=103)
    assert (saved_dept.leader, saved_dept.del_flag, saved_dept.status) == ("张三", "0", "0")
