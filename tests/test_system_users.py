"""System users: list, get, create, update, delete, password, status, roles, export and import."""

from __future__ import annotations

import io

import aiohttp
import pytest
from openpyxl import Workbook

from core_api.auth.models import UserSession
from core_api.platform.passwords import hash_password
from core_api.platform.state import AUTH
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole, SysRoleMenu
from core_api.system.user.models import SysUser, SysUserPost, SysUserRole
from tests.conftest import OK, PASSWORD, Caller, Refused, login, token_for, xlsx_rows

NEW_USER = {"userName": "zhangsan", "nickName": "张三", "password": "secret123", "deptId": 105,
            "phonenumber": "13912345678", "email": "zs@example.com", "sex": "0", "status": "0",
            "roleIds": [2], "postIds": [4], "remark": ""}


async def user_id(name: str) -> int:
    return (await SysUser.get(user_name=name)).user_id


async def scoped_operator(client, scope: str, depts: list[int], dept_id: int = 108,
                          perms: tuple[str, ...] = ("system:user:list", "system:user:query", "system:user:add",
                                                    "system:user:edit", "system:user:remove",
                                                    "system:user:resetPwd", "system:user:export")) -> Caller:
    from core_api.system.role.models import SysRoleDept

    role = await SysRole.create(role_name="分部管理员", role_key="branch", role_sort=4, data_scope=scope)
    for d in depts:
        await SysRoleDept.create(role_id=role.role_id, dept_id=d)
    for menu in await SysMenu.filter(perms__in=list(perms)):
        await SysRoleMenu.create(role_id=role.role_id, menu_id=menu.menu_id)
    user = await SysUser.create(user_name="branch", nick_name="分部管理员", dept_id=dept_id,
                                password=await hash_password(PASSWORD))
    await SysUserRole.create(user_id=user.user_id, role_id=role.role_id)
    return Caller(client, await token_for(client, "branch"))


async def test_create_then_sign_in_as_the_new_user(admin):
    assert await admin.post("/system/user", json=NEW_USER) == OK
    user = await SysUser.get(user_name="zhangsan")
    assert user.password.startswith("$argon2") and user.create_by == "admin"
    assert await SysUserRole.filter(user_id=user.user_id).values_list("role_id", flat=True) == [2]
    assert await SysUserPost.filter(user_id=user.user_id).values_list("post_id", flat=True) == [4]
    assert (await login(admin.client, "zhangsan", "secret123"))["code"] == 200


async def test_create_rules(admin):
    cases = [
        ({"userName": "admin"}, "新增用户'admin'失败，登录账号已存在"),
        ({"phonenumber": "15888888888"}, "新增用户'zhangsan'失败，手机号码已存在"),
        ({"email": "admin@example.com"}, "新增用户'zhangsan'失败，邮箱账号已存在"),
        ({"password": "123"}, "用户密码长度必须介于 5 和 20 之间"),
        ({"password": "abc<script>"}, "密码不能包含非法字符：< > \" ' \\ |"),
        ({"phonenumber": "12345"}, "手机号码格式不正确"),
        ({"userName": "a b"}, "用户名称格式不正确"),
        ({"deptId": 999}, "归属部门不存在"),
        ({"roleIds": [99]}, "角色不存在"),
        ({"postIds": [99]}, "岗位不存在"),
    ]
    for change, message in cases:
        assert await admin.post("/system/user", json={**NEW_USER, **change}) == Refused(message), change
    assert not await SysUser.filter(user_name="zhangsan").exists()
    assert (await admin.post("/system/user", json={**NEW_USER, "email": "bad"}))["msg"].startswith("邮箱")


async def test_list_filters_dept_subtree_dates_and_sort(admin):
    await admin.post("/system/user", json=NEW_USER)
    await admin.post("/system/user", json={**NEW_USER, "userName": "lisi", "nickName": "李四", "deptId": 108,
                                            "phonenumber": "13912345679", "email": "ls@example.com"})
    everyone = await admin.get("/system/user/list")
    assert everyone["total"] == 4
    row = next(r for r in everyone["rows"] if r["userName"] == "zhangsan")
    assert row["dept"] == {"deptId": 105, "deptName": "测试部门", "leader": "管理员"} and "password" not in row
    # deptId 101 covers 103..107 below it, not Changsha's 108.
    shenzhen = await admin.get("/system/user/list", params={"deptId": "101"})
    assert {r["userName"] for r in shenzhen["rows"]} == {"admin", "ry", "zhangsan"}
    assert (await admin.get("/system/user/list", params={"userName": "SI"}))["rows"][0]["userName"] == "lisi"
    assert (await admin.get("/system/user/list", params={"phonenumber": "1391234567"}))["total"] == 2
    today = await admin.get("/system/user/list", params={"params[beginTime]": "2000-01-01"})
    assert today["total"] == 4
    assert (await admin.get("/system/user/list", params={"endTime": "2000-01-01"}))["total"] == 0
    by_name = await admin.get("/system/user/list", params={"orderByColumn": "userName", "isAsc": "desc"})
    assert [r["userName"] for r in by_name["rows"]] == ["zhangsan", "ry", "lisi", "admin"]
    assert (await admin.get("/system/user/list", params={"orderByColumn": "password"}))["code"] == 500


async def test_get_user_and_options(admin, ry):
    body = await admin.get("/system/user/2")
    assert body["data"]["userName"] == "ry" and body["roleIds"] == [2] and body["postIds"] == [2]
    assert {r["roleKey"] for r in body["roles"]} == {"admin", "common", "shop_staff"} and len(body["posts"]) == 4
    empty = await admin.get("/system/user/")
    assert set(empty) == {"code", "msg", "roles", "posts"}
    # Whoever is not the super administrator never sees the admin role.
    role = await SysRole.get(role_key="common")
    for menu in await SysMenu.filter(perms="system:user:query"):
        await SysRoleMenu.get_or_create(role_id=role.role_id, menu_id=menu.menu_id)
    await admin.client.app[AUTH].authz_changed()
    seen = await ry.get("/system/user/2")
    assert {r["roleKey"] for r in seen["roles"]} == {"common", "shop_staff"}
    assert (await admin.get("/system/user/999"))["code"] == 404


async def test_update_replaces_roles_and_posts(admin):
    await admin.post("/system/user", json=NEW_USER)
    uid = await user_id("zhangsan")
    loaded = await admin.get(f"/system/user/{uid}")
    edited = {**loaded["data"], "nickName": "张三丰", "roleIds": [], "postIds": [1, 3]}
    assert await admin.put("/system/user", json=edited) == OK
    assert (await SysUser.get(user_id=uid)).nick_name == "张三丰"
    assert await SysUserRole.filter(user_id=uid).count() == 0
    assert sorted(await SysUserPost.filter(user_id=uid).values_list("post_id", flat=True)) == [1, 3]
    dup = await admin.put("/system/user", json={**edited, "phonenumber": "15666666666"})
    assert dup == {"code": 500, "msg": "修改用户'zhangsan'失败，手机号码已存在"}


async def test_the_super_administrator_is_protected(admin, client):
    # RuoYi's checkUserAllowed: nobody, the super administrator included, changes user 1 through the
    # user calls (its owner uses the personal centre); deleting oneself keeps its own message.
    admin_record = (await admin.get("/system/user/1"))["data"]
    before = await SysUser.get(user_id=1)
    protected = {"code": 500, "msg": "不允许操作超级管理员用户"}
    assert await admin.put("/system/user", json={**admin_record, "status": "1", "roleIds": [1]}) == protected
    assert await admin.put("/system/user", json={**admin_record, "nickName": "改名", "roleIds": [1, 2]}) == protected
    assert await admin.delete("/system/user/1") == {"code": 500, "msg": "当前用户不能删除"}
    assert await admin.put("/system/user/changeStatus", json={"userId": 1, "status": "1"}) == protected
    assert await admin.put("/system/user/resetPwd", json={"userId": 1, "password": "changed1"}) == protected
    assert await admin.put("/system/user/authRole", params={"userId": "1", "roleIds": "1,2"}) == protected
    operator = await scoped_operator(client, "1", [])
    assert await operator.delete("/system/user/1") == protected
    assert await operator.put("/system/user/resetPwd", json={"userId": 1, "password": "hacked1"}) == protected
    assert await operator.put("/system/user", json={**admin_record, "nickName": "x"}) == protected
    assert await operator.put("/system/user/changeStatus", json={"userId": 1, "status": "1"}) == protected
    after = await SysUser.get(user_id=1)
    assert (after.nick_name, after.status, after.password) == (before.nick_name, "0", before.password)
    assert await SysUserRole.filter(user_id=1).values_list("role_id", flat=True) == [1]
    assert (await login(client, "admin"))["code"] == 200


async def test_unknown_users_are_not_found(admin):
    missing = {"code": 404, "msg": "访问资源不存在"}
    assert await admin.put("/system/user/resetPwd", json={"userId": 999, "password": "newpass1"}) == missing
    assert await admin.put("/system/user/changeStatus", json={"userId": 999, "status": "1"}) == missing
    assert await admin.put("/system/user/authRole", params={"userId": "999", "roleIds": "2"}) == missing
    assert not await SysUser.filter(user_id=999).exists()


async def test_delete_users(admin):
    await admin.post("/system/user", json=NEW_USER)
    uid = await user_id("zhangsan")
    token = await token_for(admin.client, "zhangsan", "secret123")
    assert await admin.delete(f"/system/user/{uid},2") == OK
    assert not await SysUser.filter(user_id__in=[uid, 2]).exists()
    assert not await UserSession.filter(user_id=uid).exists()
    gone = await admin.client.get("/getInfo", headers={"Authorization": f"Bearer {token}"})
    assert (await gone.json())["code"] == 401
    assert (await admin.delete("/system/user/999")) == {"code": 404, "msg": "访问资源不存在"}


async def test_reset_password_and_status_end_sessions(admin):
    token = await token_for(admin.client, "ry")
    assert await admin.put("/system/user/resetPwd", json={"userId": 2, "password": "newpass1"}) == OK
    assert (await (await admin.client.get("/getInfo", headers={"Authorization": f"Bearer {token}"})).json())[
        "code"] == 401
    assert (await login(admin.client, "ry", "newpass1"))["code"] == 200
    assert await admin.put("/system/user/changeStatus", json={"userId": 2, "status": "1"}) == OK
    assert await UserSession.filter(user_id=2).count() == 0
    assert (await login(admin.client, "ry", "newpass1"))["msg"] == "对不起，您的账号：ry 已停用"
    assert (await admin.put("/system/user/changeStatus", json={"userId": 2, "status": "7"}))["code"] == 500


async def test_data_scope_guards_every_user_id(client, admin):
    await admin.post("/system/user", json={**NEW_USER, "deptId": 108, "roleIds": []})
    inside = await user_id("zhangsan")
    operator = await scoped_operator(client, "2", [108, 109])
    listed = await operator.get("/system/user/list")
    assert {r["userName"] for r in listed["rows"]} == {"zhangsan", "branch"}
    denied = {"code": 500, "msg": "没有权限访问用户数据！"}
    assert await operator.get("/system/user/2") == denied
    assert await operator.put("/system/user/resetPwd", json={"userId": 2, "password": "hacked1"}) == denied
    assert await operator.put("/system/user/changeStatus", json={"userId": 2, "status": "1"}) == denied
    assert await operator.delete(f"/system/user/{inside},2") == denied
    assert await SysUser.filter(user_id=inside).exists()
    ry_record = (await admin.get("/system/user/2"))["data"]
    assert await operator.put("/system/user", json={**ry_record, "nickName": "x", "roleIds": None}) == denied
    # Creating into or moving into a department outside the scope is refused too.
    outside = await operator.post("/system/user", json={**NEW_USER, "userName": "wangwu", "deptId": 103,
                                                         "phonenumber": "", "email": "", "roleIds": []})
    assert outside == {"code": 500, "msg": "没有权限访问部门数据！"}
    mine = (await admin.get(f"/system/user/{inside}"))["data"]
    assert (await operator.put("/system/user", json={**mine, "deptId": 103, "roleIds": []}))["msg"] == \
        "没有权限访问部门数据！"
    # And a scoped operator cannot hand out the super-administrator role.
    assert (await operator.put("/system/user", json={**mine, "roleIds": [1]}))["msg"] == "没有权限访问角色数据！"
    assert await operator.put("/system/user", json={**mine, "nickName": "改名", "roleIds": []}) == OK
    export = await operator.post("/system/user/export", data={})
    assert {r[1] for r in xlsx_rows(await export.read())[1:]} == {"zhangsan", "branch"}


async def test_auth_role_get_and_put(admin):
    body = await admin.get("/system/user/authRole/2")
    assert body["user"]["userName"] == "ry"
    assert [(r["roleKey"], r["flag"]) for r in body["roles"]] == [("common", True), ("shop_staff", False)]
    role = await SysRole.create(role_name="审计员", role_key="auditor", role_sort=3)
    assert await admin.put("/system/user/authRole", params={"userId": "2", "roleIds": f"2,{role.role_id}"}) == OK
    assert sorted(await SysUserRole.filter(user_id=2).values_list("role_id", flat=True)) == [2, role.role_id]
    assert await admin.put("/system/user/authRole", params={"userId": "2", "roleIds": ""}) == OK
    assert await SysUserRole.filter(user_id=2).count() == 0
    assert (await admin.put("/system/user/authRole", params={"userId": "1", "roleIds": "2"}))["msg"] == \
        "不允许操作超级管理员用户"
    assert (await admin.put("/system/user/authRole", params={"userId": "2", "roleIds": "x"}))["code"] == 500


async def test_export_streams_every_matching_user(admin):
    for i in range(12):
        await admin.post("/system/user", json={**NEW_USER, "userName": f"bulk{i:02d}", "phonenumber": "",
                                                "email": "", "nickName": "=cmd|' /C calc'!A0" if i == 0 else "批量"})
    response = await admin.post("/system/user/export", data={"userName": "bulk"})
    assert response.headers["Content-Disposition"].startswith("attachment; filename*=UTF-8''")
    rows = xlsx_rows(await response.read())
    assert rows[0][:3] == ("用户序号", "登录名称", "用户名称") and len(rows) == 13
    first = next(r for r in rows if r[1] == "bulk00")
    assert first[2] == "'=cmd|' /C calc'!A0" and first[9] == "测试部门"
    json_export = await admin.post("/system/user/export", json={"status": "0", "deptId": 105})
    assert len(xlsx_rows(await json_export.read())) == 14  # ry + the 12 + the header


def workbook(rows: list[list]) -> bytes:
    wb = Workbook()
    ws = wb.active
    ws.append(["登录名称", "用户名称", "部门编号", "用户邮箱", "手机号码", "用户性别", "帐号状态"])
    for row in rows:
        ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


async def import_file(admin, data: bytes, update: bool = False, name: str = "users.xlsx") -> dict:
    form = aiohttp.FormData()
    form.add_field("file", data, filename=name)
    return await admin.post("/system/user/importData", params={"updateSupport": str(update).lower()}, data=form)


async def test_import_template_and_good_rows(admin):
    template = await admin.post("/system/user/importTemplate")
    assert xlsx_rows(await template.read())[0][0] == "登录名称"
    body = await import_file(admin, workbook([["wang", "王五", 105, "w@example.com", 13700000001, "男", "正常"],
                                              ["zhao", "赵六", 108, None, None, "女", "停用"]]))
    assert body["code"] == 200 and body["msg"].startswith("恭喜您，数据已全部导入成功！共 2 条")
    assert body["data"] == {"rows": 2}  # the console's final toast counts them (issue 28 §3)
    zhao = await SysUser.get(user_name="zhao")
    assert (zhao.sex, zhao.status, zhao.dept_id) == ("1", "1", 108)  # type: ignore[attr-defined]
    assert (await login(admin.client, "wang", "123456"))["code"] == 200  # sys.user.initPassword


async def test_import_bad_and_mixed_rows_change_nothing(admin):
    bad = await import_file(admin, workbook([["x", "短名", 105, None, None, "男", "正常"],
                                             ["okname", "好", 105, "not-mail", None, "男", "正常"]]))
    assert bad["code"] == 500 and "共 2 条数据不正确" in bad["msg"]
    assert "第2行 账号 x 导入失败：登录名称长度不能少于2个字符" in bad["msg"]
    assert "第3行 账号 okname 导入失败：用户邮箱" in bad["msg"]
    mixed = await import_file(admin, workbook([["good1", "好人", 105, None, None, "男", "正常"],
                                               ["ry", "已有", 105, None, None, "男", "正常"],
                                               ["good2", "好人", 999, None, None, "男", "正常"]]))
    assert mixed["code"] == 500 and "共 2 条数据不正确" in mixed["msg"]
    assert "账号 ry 导入失败：已存在" in mixed["msg"] and "账号 good2 导入失败：归属部门不存在" in mixed["msg"]
    assert not await SysUser.filter(user_name__in=["good1", "good2", "x", "okname"]).exists()
    assert (await import_file(admin, b"not a workbook"))["msg"] == "文件格式不正确，请上传 xlsx 文件"
    assert (await import_file(admin, workbook([])))["msg"] == "导入数据不能为空"


async def test_import_with_update_support(admin):
    body = await import_file(admin, workbook([["ry", "改名了", 105, None, None, "女", "正常"]]), update=True)
    assert body["code"] == 200 and "账号 ry 更新成功" in body["msg"] and body["data"] == {"rows": 1}
    assert (await SysUser.get(user_name="ry")).nick_name == "改名了"
    refused = await import_file(admin, workbook([["admin", "夺权", 105, None, None, "男", "正常"]]), update=True)
    assert refused["code"] == 500 and "账号 admin 导入失败：不允许操作超级管理员用户" in refused["msg"]
    assert (await SysUser.get(user_name="admin")).nick_name == "超级管理员"


async def test_dept_tree_for_the_user_screen(admin, ry):
    assert (await admin.get("/system/user/deptTree"))["data"][0]["id"] == 100
    assert (await ry.get("/system/user/deptTree"))["data"][0]["children"][0]["children"] == [
        {"id": 105, "label": "测试部门"}]


async def test_user_names_are_unique_without_regard_to_case(admin):
    """Issue 26 §3: "Admin" and "aDmin" were accepted beside admin. Sign-in still matches the name exactly."""
    for name in ("Admin", "aDmin", "RY"):
        assert await admin.post("/system/user", json={**NEW_USER, "userName": name, "phonenumber": "", "email": ""}) \
            == {"code": 500, "msg": f"新增用户'{name}'失败，登录账号已存在"}
    same = await import_file(admin, workbook([["ADMIN", "夺权", 105, None, None, "男", "正常"],
                                              ["bob", "鲍勃", 105, None, None, "男", "正常"],
                                              ["Bob", "鲍勃二", 105, None, None, "男", "正常"]]))
    assert "账号 ADMIN 导入失败：已存在" in same["msg"] and "账号 Bob 导入失败：文件中重复" in same["msg"]
    # an update names the account in any case, and keeps its name as it is
    assert "账号 ry 更新成功" in (await import_file(admin, workbook([["Ry", "改名了", 105, None, None, "女", "正常"]]),
                                                     update=True))["msg"]
    assert await SysUser.filter(user_name__iexact="admin").count() == 1
    assert await SysUser.filter(user_name__iexact="bob").count() == 0
    assert [u.nick_name for u in await SysUser.filter(user_name__iexact="ry")] == ["改名了"]
    assert (await login(admin.client, "ADMIN", PASSWORD))["msg"] == "用户不存在/密码错误"
    assert (await login(admin.client, "admin", PASSWORD))["code"] == 200


async def test_a_race_of_names_differing_in_case_creates_one(admin):
    """Ten creates at once of one name in ten cases: the check lets them all through, the index keeps one."""
    import asyncio

    names = ["racer", "Racer", "rAcer", "raCer", "racEr", "raceR", "RAcer", "RACER", "racER", "RaCeR"]
    answers = await asyncio.gather(*(admin.post("/system/user", json={
        **NEW_USER, "userName": name, "phonenumber": "", "email": ""}) for name in names))
    assert sum(a == OK for a in answers) == 1, answers
    assert all(a["msg"] == f"新增用户'{n}'失败，登录账号已存在" for a, n in zip(answers, names, strict=True) if a != OK)
    assert await SysUser.filter(user_name__iexact="racer").count() == 1
    from tortoise.exceptions import IntegrityError

    with pytest.raises(IntegrityError):  # the database itself refuses it, whatever the code checks
        await SysUser.create(user_name="RACER", nick_name="x", password="x")


async def test_the_migration_names_the_users_that_differ_only_in_case(client):
    """An install that already holds such names cannot get the index: the migration stops and names them."""
    import importlib
    from types import SimpleNamespace

    from tortoise import connections

    migration = importlib.import_module("core_api.migrations.0037_user_name_case")
    editor = SimpleNamespace(client=connections.get("default"))
    await migration.backward(None, editor)
    await SysUser.create(user_name="ADMIN", nick_name="旧数据", password="x")
    with pytest.raises(RuntimeError, match=r"differ only in case \(admin\)"):
        await migration.forward(None, editor)
    await SysUser.filter(user_name="ADMIN").delete()
    await migration.forward(None, editor)
    from tortoise.exceptions import IntegrityError

    with pytest.raises(IntegrityError):
        await SysUser.create(user_name="ADMIN", nick_name="旧数据", password="x")
