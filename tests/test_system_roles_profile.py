"""Roles (menus, data scope, status, holders) and the personal center."""

from __future__ import annotations

import re

import aiohttp

from core_api.auth.models import SmsMessage, UserSession
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole, SysRoleDept, SysRoleMenu
from core_api.system.user.models import SysUser, SysUserRole
from tests.conftest import OK, PASSWORD, Caller, login, token_for, xlsx_rows
from tests.test_system_config_notice import PNG
from tests.test_system_users import NEW_USER


async def menu_ids(*perms: str) -> list[int]:
    return [m.menu_id for m in await SysMenu.filter(perms__in=list(perms))]


async def new_role(admin, **extra) -> SysRole:
    body = {"roleName": "客服", "roleKey": "service", "roleSort": 3, "status": "0",
            "menuIds": await menu_ids("system:user:list", "system:user:query"), **extra}
    assert await admin.post("/system/role", json=body) == OK
    return await SysRole.get(role_key=body["roleKey"])


async def test_role_create_grants_menus_and_permissions(admin):
    role = await new_role(admin)
    assert sorted(await SysRoleMenu.filter(role_id=role.role_id).values_list("menu_id", flat=True)) == sorted(
        await menu_ids("system:user:list", "system:user:query"))
    await admin.post("/system/user", json={**NEW_USER, "roleIds": [role.role_id]})
    staff = Caller(admin.client, await token_for(admin.client, "zhangsan", "secret123"))
    info = await staff.get("/getInfo")
    assert info["roles"] == ["service"] and info["permissions"] == ["system:user:list", "system:user:query"]
    # Editing the role's menus changes what its holders may do at once.
    loaded = (await admin.get(f"/system/role/{role.role_id}"))["data"]
    assert await admin.put("/system/role", json={**loaded, "menuIds": await menu_ids("system:post:list")}) == OK
    assert (await staff.get("/getInfo"))["permissions"] == ["system:post:list"]
    assert (await staff.get("/system/user/list"))["code"] == 403


async def test_role_rules(admin, ry):
    dup_name = await admin.post("/system/role", json={"roleName": "普通角色", "roleKey": "x", "roleSort": 1})
    assert dup_name == {"code": 500, "msg": "新增角色'普通角色'失败，角色名称已存在"}
    dup_key = await admin.post("/system/role", json={"roleName": "新角色", "roleKey": "common", "roleSort": 1})
    assert dup_key == {"code": 500, "msg": "新增角色'新角色'失败，角色权限已存在"}
    admin_key = await admin.post("/system/role", json={"roleName": "新角色", "roleKey": "admin", "roleSort": 1})
    assert admin_key["code"] == 500
    bad_menu = await admin.post("/system/role", json={"roleName": "新角色", "roleKey": "n", "roleSort": 1,
                                                       "menuIds": [999999]})
    assert bad_menu == {"code": 500, "msg": "菜单不存在"}
    immutable = {"code": 500, "msg": "不允许操作超级管理员角色"}
    admin_role = (await admin.get("/system/role/1"))["data"]
    assert await admin.put("/system/role", json={**admin_role, "roleName": "改名"}) == immutable
    assert await admin.put("/system/role/changeStatus", json={"roleId": 1, "status": "1"}) == immutable
    assert await admin.put("/system/role/dataScope", json={**admin_role, "dataScope": "5"}) == immutable
    assert await admin.delete("/system/role/1") == immutable
    assert await admin.delete("/system/role/2") == {"code": 500, "msg": "普通角色已分配,不能删除"}
    assert (await SysRole.get(role_id=1)).role_name == "超级管理员"


async def test_role_status_and_delete(admin):
    role = await new_role(admin)
    await admin.post("/system/user", json={**NEW_USER, "roleIds": [role.role_id]})
    staff = Caller(admin.client, await token_for(admin.client, "zhangsan", "secret123"))
    assert await admin.put("/system/role/changeStatus", json={"roleId": role.role_id, "status": "1"}) == OK
    assert (await staff.get("/getInfo"))["permissions"] == []  # a disabled role grants nothing
    assert await admin.put("/system/role/authUser/cancelAll",
                           params={"roleId": str(role.role_id), "userIds": str((await SysUser.get(
                               user_name="zhangsan")).user_id)}) == OK
    assert await admin.delete(f"/system/role/{role.role_id}") == OK
    assert not await SysRoleMenu.filter(role_id=role.role_id).exists()


async def test_custom_data_scope_limits_what_holders_see(admin):
    role = await new_role(admin)
    scope = {**(await admin.get(f"/system/role/{role.role_id}"))["data"], "dataScope": "2", "deptIds": [108, 109]}
    assert await admin.put("/system/role/dataScope", json=scope) == OK
    assert sorted(await SysRoleDept.filter(role_id=role.role_id).values_list("dept_id", flat=True)) == [108, 109]
    await admin.post("/system/user", json={**NEW_USER, "deptId": 108, "roleIds": [role.role_id]})
    await admin.post("/system/user", json={**NEW_USER, "userName": "lisi", "deptId": 103, "phonenumber": "",
                                            "email": "", "roleIds": []})
    staff = Caller(admin.client, await token_for(admin.client, "zhangsan", "secret123"))
    assert {r["userName"] for r in (await staff.get("/system/user/list"))["rows"]} == {"zhangsan"}
    tree = await admin.get(f"/system/role/deptTree/{role.role_id}")
    assert tree["checkedKeys"] == [108, 109] and tree["depts"][0]["id"] == 100
    # Switching to "own department and below" drops the custom grants.
    assert await admin.put("/system/role/dataScope", json={**scope, "dataScope": "4"}) == OK
    assert not await SysRoleDept.filter(role_id=role.role_id).exists()
    assert (await admin.put("/system/role/dataScope", json={**scope, "deptIds": [999]}))["msg"] == "部门不存在"


async def test_role_lists_options_and_export(admin, ry):
    page = await admin.get("/system/role/list")
    assert [r["roleKey"] for r in page["rows"]] == ["admin", "common", "shop_staff"]
    assert (await admin.get("/system/role/list", params={"roleName": "普通"}))["total"] == 1
    assert len((await admin.get("/system/role/optionselect"))["data"]) == 3
    export = await admin.post("/system/role/export", data={})
    rows = xlsx_rows(await export.read())
    assert rows[2][1:5] == ("普通角色", "common", 2, "自定义数据权限")
    assert (await ry.get("/system/role/list"))["code"] == 403


async def test_authorised_users_of_a_role(admin):
    await admin.post("/system/user", json={**NEW_USER, "roleIds": []})
    zs = (await SysUser.get(user_name="zhangsan")).user_id
    allocated = await admin.get("/system/role/authUser/allocatedList", params={"roleId": "2"})
    assert [r["userName"] for r in allocated["rows"]] == ["ry"]
    unallocated = await admin.get("/system/role/authUser/unallocatedList", params={"roleId": "2"})
    assert {r["userName"] for r in unallocated["rows"]} == {"zhangsan"}  # never the super administrator
    assert await admin.put("/system/role/authUser/selectAll", params={"roleId": "2", "userIds": f"{zs},2"}) == OK
    assert await SysUserRole.filter(role_id=2).count() == 2  # ry held it already: not twice
    assert await admin.put("/system/role/authUser/cancel", json={"userId": zs, "roleId": 2}) == OK
    assert not await SysUserRole.filter(role_id=2, user_id=zs).exists()
    protected = await admin.put("/system/role/authUser/cancelAll", params={"roleId": "1", "userIds": "1"})
    assert protected == {"code": 500, "msg": "不允许操作超级管理员用户"}
    assert (await admin.get("/system/role/authUser/allocatedList", params={"roleId": "99"}))["code"] == 404


async def test_profile_read_and_update(admin):
    profile = await admin.get("/system/user/profile")
    assert profile["data"]["userName"] == "admin" and profile["roleGroup"] == "超级管理员"
    assert profile["postGroup"] == "董事长"
    change = {"nickName": "新昵称", "email": "new@example.com", "phonenumber": "15888888888", "sex": "1"}
    assert await admin.put("/system/user/profile", json=change) == OK
    me = await SysUser.get(user_id=1)
    assert (me.nick_name, me.email, me.sex) == ("新昵称", "new@example.com", "1")
    assert (await admin.get("/getInfo"))["user"]["nickName"] == "新昵称"
    # Only these four fields: the id comes from the session, and another id or status is refused.
    sneaky = await admin.put("/system/user/profile", json={**change, "nickName": "别人", "userId": 2, "status": "1"})
    assert sneaky == {"code": 500, "msg": "不允许修改用户ID"}
    assert (await SysUser.get(user_id=1)).nick_name == "新昵称" and (await SysUser.get(user_id=2)).nick_name != "别人"
    assert (await admin.put("/system/user/profile", json={**change, "email": "ry@example.com"}))["msg"] == \
        "修改用户'admin'失败，邮箱账号已存在"


async def test_profile_phone_change_needs_an_sms_code(admin):
    change = {"nickName": "管理员", "phonenumber": "13600000000", "sex": "0"}
    assert (await admin.put("/system/user/profile", json=change))["msg"] == "短信验证码已失效，请重新获取"
    sent = await admin.client.post("/admin/open/send_code", json={"phonenumber": "13600000000", "scene": "phone"})
    assert (await sent.json())["code"] == 200
    message = await SmsMessage.filter(phone="13600000000").first()
    code = re.search(r"(\d{6})", message.content).group(1)
    assert await admin.put("/system/user/profile", json={**change, "smsCode": code}) == OK
    assert (await SysUser.get(user_id=1)).phonenumber == "13600000000"


async def test_password_change_ends_every_session(admin):
    second = await token_for(admin.client)
    wrong = await admin.put("/system/user/profile/updatePwd", json={"oldPassword": "nope1", "newPassword": "abcde1"})
    assert wrong == {"code": 500, "msg": "修改密码失败，旧密码错误"}
    same = await admin.put("/system/user/profile/updatePwd", json={"oldPassword": PASSWORD, "newPassword": PASSWORD})
    assert same == {"code": 500, "msg": "新密码不能与旧密码相同"}
    # RuoYi's older clients send the passwords as query parameters.
    changed = await admin.put("/system/user/profile/updatePwd",
                              params={"oldPassword": PASSWORD, "newPassword": "changed1"})
    assert changed == OK
    assert await UserSession.filter(user_id=1).count() == 0
    for token in (admin.token, second):
        body = await (await admin.client.get("/getInfo", headers={"Authorization": f"Bearer {token}"})).json()
        assert body["code"] == 401
    assert (await login(admin.client, "admin", "changed1"))["code"] == 200


async def test_avatar_upload(admin):
    form = aiohttp.FormData()
    form.add_field("avatarfile", PNG, filename="me.png")
    body = await admin.post("/system/user/profile/avatar", data=form)
    assert body["code"] == 200 and body["imgUrl"].startswith("/profile/avatar/")
    assert (await SysUser.get(user_id=1)).avatar == body["imgUrl"]
    assert (await admin.get("/getInfo"))["user"]["avatar"] == body["imgUrl"]
    form = aiohttp.FormData()
    form.add_field("avatarfile", b"%PDF-1.4", filename="me.pdf")
    refused = await admin.post("/system/user/profile/avatar", data=form)
    assert refused == {"code": 500, "msg": "文件格式不正确, 请上传bmp/gif/jpg/jpeg/png图片格式文件!"}
