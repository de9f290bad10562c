"""Privilege escalation (issue 10 §1): each attack through the real calls, by operators made through the API.

The department-scoped role editor holds role and user management with data scope "own department" (108);
every refusal is checked by its message and by reading the data again.
"""

from __future__ import annotations

from core_api.monitor.logininfor.models import SysLogininfor
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole, SysRoleDept, SysRoleMenu
from core_api.system.user.models import SysUser, SysUserRole
from tests.conftest import OK, Caller, Refused, bearer, eventually, login, token_for, xlsx_rows
from tests.test_system_users import import_file, workbook

EDITOR_PERMS = ("system:role:list", "system:role:query", "system:role:add", "system:role:edit",
                "system:user:list", "system:user:query", "system:user:add", "system:user:edit")


async def menu_ids(*perms: str) -> list[int]:
    return sorted(m.menu_id for m in await SysMenu.filter(perms__in=list(perms)))


async def make_role(admin: Caller, key: str, perms: tuple[str, ...], **extra) -> SysRole:
    body = {"roleName": key, "roleKey": key, "roleSort": 5, "menuIds": await menu_ids(*perms), **extra}
    assert await admin.post("/system/role", json=body) == OK
    return await SysRole.get(role_key=key)


async def make_user(admin: Caller, name: str, dept_id: int | None, role_ids: list[int]) -> SysUser:
    body = {"userName": name, "nickName": name, "password": "secret123", "deptId": dept_id, "roleIds": role_ids}
    assert await admin.post("/system/user", json=body) == OK
    return await SysUser.get(user_name=name)


async def sign_in(admin: Caller, name: str) -> Caller:
    return Caller(admin.client, await token_for(admin.client, name, "secret123"))


class Editor:
    """The department-scoped role editor (dept 108), a colleague in 108 and an outsider in 103."""

    def __init__(self, caller: Caller, role: SysRole, user: SysUser, colleague: SysUser, outsider: SysUser):
        self.caller, self.role, self.user, self.colleague, self.outsider = caller, role, user, colleague, outsider


async def dept_editor(admin: Caller) -> Editor:
    role = await make_role(admin, "dept_editor", EDITOR_PERMS, dataScope="3")
    assert role.data_scope == "3"
    user = await make_user(admin, "editor", 108, [role.role_id])
    colleague = await make_user(admin, "colleague", 108, [])
    outsider = await make_user(admin, "outsider", 103, [])
    return Editor(await sign_in(admin, "editor"), role, user, colleague, outsider)


async def roles_of(user_id: int) -> list[int]:
    return sorted(await SysUserRole.filter(user_id=user_id).values_list("role_id", flat=True))


async def role_state(role_id: int) -> tuple:
    role = await SysRole.get(role_id=role_id)
    menus = sorted(await SysRoleMenu.filter(role_id=role_id).values_list("menu_id", flat=True))
    depts = sorted(await SysRoleDept.filter(role_id=role_id).values_list("dept_id", flat=True))
    holders = sorted(await SysUserRole.filter(role_id=role_id).values_list("user_id", flat=True))
    return role.role_name, role.data_scope, role.status, menus, depts, holders


def refused(msg: str) -> Refused:
    return Refused(msg)


async def test_a_menu_editor_cannot_write_a_permission_they_do_not_hold(admin):
    role = await make_role(admin, "menu_editor", ("system:menu:add", "system:menu:edit"))
    await make_user(admin, "menuman", 108, [role.role_id])
    menuman = await sign_in(admin, "menuman")
    button = await SysMenu.get(perms="system:menu:edit")
    record = (await admin.get(f"/system/menu/{button.menu_id}"))["data"]

    wildcard = await menuman.put("/system/menu", json={**record, "perms": "system:menu:query,*:*:*"})
    assert wildcard == refused("权限字符必须是“模块:资源:操作”的形式，每段只含字母、数字、_ 或 -")
    for bad in ("*:*:*", "system:menu", "system:menu:edit ", "system: menu:edit"):
        assert (await menuman.put("/system/menu", json={**record, "perms": bad}))["code"] == 500, bad
    not_held = await menuman.put("/system/menu", json={**record, "perms": "system:user:remove"})
    assert not_held == refused("不能设置自己没有的权限字符'system:user:remove'")
    new_button = {"menuName": "提权", "parentId": button.parent_id, "menuType": "F", "perms": "system:role:edit"}
    assert await menuman.post("/system/menu", json=new_button) == \
        refused("不能设置自己没有的权限字符'system:role:edit'")

    assert (await SysMenu.get(menu_id=button.menu_id)).perms == "system:menu:edit"
    assert not await SysMenu.filter(menu_name="提权").exists()
    info = await menuman.get("/getInfo")
    assert info["permissions"] == ["system:menu:add", "system:menu:edit"]
    # Renaming the button (its permission unchanged) is an ordinary edit.
    assert await menuman.put("/system/menu", json={**record, "menuName": "菜单修改按钮"}) == OK
    # The super administrator may write any well-formed permission.
    assert await admin.put("/system/menu", json={**record, "perms": "report:daily:export"}) == OK
    assert (await SysMenu.get(menu_id=button.menu_id)).perms == "report:daily:export"


async def test_a_new_role_is_self_only_and_nobody_grants_themselves_a_role(admin):
    editor = await dept_editor(admin)
    me = editor.caller
    assert await me.post("/system/role", json={"roleName": "新角色", "roleKey": "fresh", "roleSort": 6,
                                               "menuIds": await menu_ids("system:user:list")}) == OK
    fresh = await SysRole.get(role_key="fresh")
    assert fresh.data_scope == "5"  # no scope given: the narrowest
    # ... and the administrator's new roles default the same way.
    assert await admin.post("/system/role", json={"roleName": "管理员建", "roleKey": "by_admin", "roleSort": 7}) == OK
    assert (await SysRole.get(role_key="by_admin")).data_scope == "5"

    # Assigning it (or any role) to oneself is refused on every call that assigns roles.
    mine = await roles_of(editor.user.user_id)
    own = refused("不允许修改自己的角色")
    assert await me.put("/system/role/authUser/selectAll",
                        params={"roleId": str(fresh.role_id), "userIds": str(editor.user.user_id)}) == own
    assert await me.put("/system/role/authUser/selectAll", params={
        "roleId": str(fresh.role_id), "userIds": f"{editor.colleague.user_id},{editor.user.user_id}"}) == own
    record = (await me.get(f"/system/user/{editor.user.user_id}"))["data"]
    assert await me.put("/system/user", json={**record, "roleIds": [editor.role.role_id, 2]}) == own
    assert await me.put("/system/user", json={**record, "roleIds": [editor.role.role_id, fresh.role_id]}) == own
    assert await me.put("/system/user/authRole", params={"userId": str(editor.user.user_id),
                                                         "roleIds": f"{editor.role.role_id},{fresh.role_id}"}) == own
    assert await me.put("/system/role/authUser/cancel",
                        json={"userId": editor.user.user_id, "roleId": editor.role.role_id}) == own
    assert await roles_of(editor.user.user_id) == mine
    assert await roles_of(editor.colleague.user_id) == []
    # Editing one's own record without touching the roles stays possible.
    assert await me.put("/system/user", json={**record, "nickName": "编辑员", "roleIds": mine}) == OK
    assert (await me.get("/getInfo"))["permissions"] == sorted(EDITOR_PERMS)


async def test_a_role_gets_no_more_than_its_creator_holds(admin):
    editor = await dept_editor(admin)
    me = editor.caller
    before = await SysRole.all().count()
    wide = await me.post("/system/role", json={"roleName": "全部", "roleKey": "wide", "roleSort": 6, "dataScope": "1"})
    assert wide == refused("不能授予比自己更大的数据权限")
    body = {"roleName": "更宽", "roleKey": "wider", "roleSort": 6, "dataScope": "4"}
    assert await me.post("/system/role", json=body) == refused("不能授予比自己更大的数据权限")
    menus = await me.post("/system/role", json={"roleName": "菜单", "roleKey": "menus", "roleSort": 6,
                                                "menuIds": await menu_ids("system:menu:list")})
    assert menus == refused("不能授予自己没有的菜单权限")
    assert await SysRole.all().count() == before
    # The same limits on an existing role (one the editor made, held by nobody).
    assert await me.post("/system/role", json={"roleName": "本部门", "roleKey": "mine", "roleSort": 6,
                                               "dataScope": "3"}) == OK
    made = await SysRole.get(role_key="mine")
    state = await role_state(made.role_id)
    # RuoYi's partial call: only roleId, dataScope and deptIds.
    assert await me.put("/system/role/dataScope", json={"roleId": made.role_id, "dataScope": "1"}) == \
        refused("不能授予比自己更大的数据权限")
    assert await me.put("/system/role/dataScope", json={"roleId": made.role_id, "dataScope": "2",
                                                        "deptIds": [103]}) == refused("没有权限访问部门数据！")
    loaded = (await me.get(f"/system/role/{made.role_id}"))["data"]
    assert await me.put("/system/role", json={**loaded, "menuIds": await menu_ids("system:menu:list")}) == \
        refused("不能授予自己没有的菜单权限")
    assert await role_state(made.role_id) == state
    assert await me.put("/system/role/dataScope", json={"roleId": made.role_id, "dataScope": "5"}) == OK
    assert await me.put("/system/role/dataScope", json={"roleId": made.role_id, "dataScope": "2",
                                                        "deptIds": [108]}) == OK
    assert await role_state(made.role_id) == (*state[:1], "2", "0", state[3], [108], [])


async def test_nobody_changes_their_own_role(admin):
    editor = await dept_editor(admin)
    me, role = editor.caller, editor.role
    state = await role_state(role.role_id)
    own = refused("不允许修改自己所属的角色")
    assert await me.put("/system/role/dataScope", json={"roleId": role.role_id, "dataScope": "1"}) == own
    assert await me.put("/system/role/dataScope", json={"roleId": role.role_id, "dataScope": "5"}) == own
    assert await me.put("/system/role/changeStatus", json={"roleId": role.role_id, "status": "1"}) == own
    loaded = (await me.get(f"/system/role/{role.role_id}"))["data"]
    assert await me.put("/system/role", json={**loaded, "menuIds": await menu_ids("system:role:list")}) == own
    assert await role_state(role.role_id) == state
    assert (await me.get("/getInfo"))["permissions"] == sorted(EDITOR_PERMS)


async def test_roles_handed_out_stay_within_what_the_caller_holds(admin):
    editor = await dept_editor(admin)
    me, colleague = editor.caller, editor.colleague
    beyond = refused("不能分配超出自己权限的角色")
    # Role 2 (common) has a custom scope wider than "own department" and menus the editor lacks.
    record = (await me.get(f"/system/user/{colleague.user_id}"))["data"]
    assert await me.put("/system/user", json={**record, "roleIds": [2]}) == beyond
    assert await me.put("/system/user/authRole", params={"userId": str(colleague.user_id), "roleIds": "2"}) == beyond
    new_user = {"userName": "newbie", "nickName": "新人", "password": "secret123", "deptId": 108, "roleIds": [2]}
    assert await me.post("/system/user", json=new_user) == beyond
    # A role with a permission the editor lacks, or a wider scope, held by nobody yet.
    stronger = await make_role(admin, "stronger", ("system:user:remove",), dataScope="3")
    wider = await make_role(admin, "wider", ("system:user:list",), dataScope="4")
    for role in (stronger, wider):
        assert await me.put("/system/role/authUser/selectAll",
                            params={"roleId": str(role.role_id), "userIds": str(colleague.user_id)}) == beyond
        assert await me.put("/system/user", json={**record, "roleIds": [role.role_id]}) == beyond
    assert await roles_of(colleague.user_id) == []
    assert not await SysUser.filter(user_name="newbie").exists()
    # Within what the editor holds: allowed, by each call.
    fair = await make_role(admin, "fair", ("system:user:list", "system:user:query"), dataScope="3")
    assert await me.put("/system/role/authUser/selectAll",
                        params={"roleId": str(fair.role_id), "userIds": str(colleague.user_id)}) == OK
    assert await roles_of(colleague.user_id) == [fair.role_id]
    assert await me.put("/system/user/authRole", params={"userId": str(colleague.user_id), "roleIds": ""}) == OK
    assert await me.post("/system/user", json={**new_user, "roleIds": [fair.role_id]}) == OK
    assert await roles_of((await SysUser.get(user_name="newbie")).user_id) == [fair.role_id]


async def test_roles_held_outside_the_callers_scope_are_not_theirs_to_change(admin):
    editor = await dept_editor(admin)
    me = editor.caller
    # Within the editor's own menus and scope, but also held by a user of department 103.
    shared = await make_role(admin, "shared", ("system:user:list",), dataScope="3")
    assert await admin.put("/system/role/authUser/selectAll", params={
        "roleId": str(shared.role_id), "userIds": str(editor.outsider.user_id)}) == OK
    state, common = await role_state(shared.role_id), await role_state(2)
    denied = refused("没有权限访问角色数据！")
    for role_id in (shared.role_id, 2):
        assert await me.put("/system/role/changeStatus", json={"roleId": role_id, "status": "1"}) == denied
        assert await me.put("/system/role/dataScope", json={"roleId": role_id, "dataScope": "5"}) == denied
        loaded = (await me.get(f"/system/role/{role_id}"))["data"]
        assert await me.put("/system/role", json={**loaded, "menuIds": []}) == denied
        assert await me.put("/system/role/authUser/selectAll", params={
            "roleId": str(role_id), "userIds": str(editor.colleague.user_id)}) == denied
    assert (await role_state(shared.role_id), await role_state(2)) == (state, common)
    assert await roles_of(editor.colleague.user_id) == []


async def test_select_all_refuses_unknown_users_and_the_super_administrator_without_writing(admin):
    await make_user(admin, "zhangsan", 105, [])
    zs = (await SysUser.get(user_name="zhangsan")).user_id
    unknown = await admin.put("/system/role/authUser/selectAll", params={"roleId": "2", "userIds": f"{zs},9999"})
    assert unknown == refused("用户不存在")
    with_admin = await admin.put("/system/role/authUser/selectAll", params={"roleId": "2", "userIds": f"{zs},1"})
    assert with_admin == refused("不允许操作超级管理员用户")
    assert await SysUserRole.filter(role_id=2).values_list("user_id", flat=True) == [2]
    picker = await admin.get("/system/role/authUser/unallocatedList", params={"roleId": "2", "pageSize": "100"})
    assert 1 not in [r["userId"] for r in picker["rows"]] and zs in [r["userId"] for r in picker["rows"]]
    assert await admin.put("/system/role/authUser/selectAll", params={"roleId": "2", "userIds": str(zs)}) == OK
    assert await roles_of(zs) == [2]


async def test_the_dashboard_needs_its_permission_and_sign_ins_need_the_login_log(
        aiohttp_client, start_app, make_settings):
    from tests.test_bff import start_bff

    settings = make_settings()
    client = await start_app(settings)
    bff = await start_bff(aiohttp_client, client, settings)
    admin = Caller(client, await token_for(client))
    await eventually(lambda: SysLogininfor.filter(user_name="admin").exists())
    forbidden = {"code": 403, "msg": "当前操作没有权限"}
    await make_user(admin, "nobody", 108, [])
    nobody = await sign_in(admin, "nobody")
    assert await nobody.get("/index/dashboard") == forbidden
    assert await (await bff.get("/bff/screens/dashboard", headers=bearer(nobody.token))).json() == forbidden
    # The figures without the login log: no names, no addresses.
    viewer_role = await make_role(admin, "viewer", ("index:dashboard:view",))
    await make_user(admin, "viewer", 108, [viewer_role.role_id])
    viewer = await sign_in(admin, "viewer")
    board = (await viewer.get("/index/dashboard"))["data"]
    assert board["userTotal"] == 4 and board["recentLogins"] is None
    through_bff = await (await bff.get("/bff/screens/dashboard", headers=bearer(viewer.token))).json()
    assert through_bff["data"]["recentLogins"] is None and "127.0.0.1" not in str(through_bff)
    # ry (common role: the dashboard and the login log) sees the latest sign-ins.
    ry = Caller(client, await token_for(client, "ry"))
    recent = (await ry.get("/index/dashboard"))["data"]["recentLogins"]
    assert {r["userName"] for r in recent} >= {"admin", "viewer"} and recent[0]["ipaddr"] == "127.0.0.1"


async def test_the_initial_password_needs_system_config_query(aiohttp_client, start_app, make_settings):
    from tests.test_bff import start_bff

    settings = make_settings()
    client = await start_app(settings)
    bff = await start_bff(aiohttp_client, client, settings)
    admin = Caller(client, await token_for(client))
    forbidden = {"code": 403, "msg": "当前操作没有权限"}
    key = "/system/config/configKey/sys.user.initPassword"
    lister_role = await make_role(admin, "config_lister", ("system:config:list", "system:config:export",
                                                           "monitor:cache:list"))
    await make_user(admin, "lister", 108, [lister_role.role_id])
    lister = await sign_in(admin, "lister")
    await make_user(admin, "nobody", 108, [])
    nobody = await sign_in(admin, "nobody")
    for caller in (nobody, lister):
        assert await caller.get(key) == forbidden
        assert await caller.get("/system/config/configKey/mall.order.timeout") == forbidden
        # What a RuoYi-family shell reads by key stays open to anybody signed in.
        assert await caller.get("/system/config/configKey/sys.index.skinName") == {"code": 200, "msg": "skin-blue"}
    listed = await lister.get("/system/config/list", params={"pageSize": "100"})
    assert "sys.user.initPassword" not in [r["configKey"] for r in listed["rows"]]
    assert "sys.index.skinName" in [r["configKey"] for r in listed["rows"]]
    export = await lister.post("/system/config/export", data={})
    assert "sys.user.initPassword" not in str(xlsx_rows(await export.read()))
    screen = await (await bff.get("/bff/screens/system/config/settings", headers=bearer(lister.token))).json()
    assert screen["code"] == 200 and "sys.user.initPassword" not in str(screen) and "123456" not in str(screen)
    await admin.get(key)  # now in the parameter cache
    cached = await lister.get("/monitor/cache/getValue/sys_config:/sys.user.initPassword")
    assert cached == forbidden
    # With system:config:query it reads as before.
    assert await admin.get(key) == {"code": 200, "msg": "123456"}
    assert "sys.user.initPassword" in str(await admin.get("/system/config/list", params={"pageSize": "100"}))
    value = await admin.get("/monitor/cache/getValue/sys_config:/sys.user.initPassword")
    assert value["data"]["cacheValue"] == "123456"


async def test_an_upgraded_install_keeps_its_home_page_but_not_the_chat_desk(client):
    from core_api.platform.state import AUTH
    from core_api.seed.run import seed

    # As before the permissions existed: no dashboard or desk rows; an operator-made role besides common.
    for perms in (["index:dashboard:view"], ["chat:desk:reply", "chat:desk:transfer"], ["chat:desk:list"]):
        rows = await SysMenu.filter(perms__in=perms)
        parents = {m.parent_id for m in rows}
        await SysRoleMenu.filter(menu_id__in=[m.menu_id for m in rows] + list(parents)).delete()
        await SysMenu.filter(menu_id__in=[m.menu_id for m in rows]).delete()
    await SysMenu.filter(menu_name__in=["首页", "客服中心"], menu_type="M").delete()
    auditor = await SysRole.create(role_name="审计员", role_key="auditor", role_sort=3, data_scope="5")
    await seed()
    await client.app[AUTH].authz_changed()
    dashboard = await SysMenu.get(perms="index:dashboard:view")
    desk = await SysMenu.get(perms="chat:desk:list")
    granted = await SysRoleMenu.filter(menu_id=dashboard.menu_id).values_list("role_id", flat=True)
    shop_staff = await SysRole.get(role_key="shop_staff")  # seeded with the mall: a role like the others here
    assert sorted(granted) == sorted([2, shop_staff.role_id, auditor.role_id])
    assert not await SysRoleMenu.filter(menu_id=desk.menu_id).exists()
    ry = Caller(client, await token_for(client, "ry"))
    assert (await ry.get("/index/dashboard"))["code"] == 200
    assert (await ry.post("/admin/chat/v1/rooms", json={"pageNo": 1}))["code"] == 403


CUSTODIAN_PERMS = ("system:user:list", "system:user:query", "system:user:edit", "system:user:remove",
                   "system:user:resetPwd", "system:user:import", "system:role:list", "system:role:edit",
                   "monitor:online:list", "monitor:online:forceLogout")


async def test_nobody_takes_over_a_user_who_holds_more(admin):
    """Issue 26 §2: a custom scope over department 105 with resetPwd could reset ry's password (ry is in 105 and
    holds role 2's permissions and departments, which the caller lacks) and then sign in as ry."""
    role = await make_role(admin, "custodian", CUSTODIAN_PERMS)
    assert await admin.put("/system/role/dataScope", json={"roleId": role.role_id, "dataScope": "2",
                                                            "deptIds": [105]}) == OK
    await make_user(admin, "custodian", 105, [role.role_id])
    me = await sign_in(admin, "custodian")
    ry = Caller(admin.client, await token_for(admin.client, "ry"))
    before = await SysUser.get(user_id=2)
    record = (await me.get("/system/user/2"))["data"]  # ry is inside the custodian's scope
    beyond = refused("不能操作拥有超出自己权限的用户")

    assert await me.put("/system/user/resetPwd", json={"userId": 2, "password": "Hacked!2345"}) == beyond
    assert await me.put("/system/user/changeStatus", json={"userId": 2, "status": "1"}) == beyond
    assert await me.put("/system/user", json={**record, "phonenumber": "13900000001", "roleIds": None}) == beyond
    assert await me.put("/system/user", json={**record, "email": "mine@example.com", "roleIds": None}) == beyond
    assert await me.put("/system/user/authRole", params={"userId": "2", "roleIds": ""}) == beyond
    assert await me.put("/system/role/authUser/cancel", json={"userId": 2, "roleId": 2}) == beyond
    assert await me.delete("/system/user/2") == beyond
    sheet = await import_file(me, workbook([["ry", "普通用户", 105, "mine@example.com", "13900000001", "女", "正常"]]),
                              update=True)
    assert sheet["msg"].endswith("第2行 账号 ry 导入失败：不能操作拥有超出自己权限的用户")
    session = (await me.get("/monitor/online/list", params={"userName": "ry"}))["rows"][0]["tokenId"]
    assert await me.delete(f"/monitor/online/{session}") == beyond

    after = await SysUser.get(user_id=2)
    assert (after.password, after.status, after.phonenumber, after.email) == \
        (before.password, "0", "15666666666", "ry@example.com")
    assert await roles_of(2) == [2]
    assert (await ry.get("/getInfo"))["code"] == 200  # ry's session lives
    assert (await login(admin.client, "ry", "admin123"))["code"] == 200  # ry's own password still signs in
    assert (await login(admin.client, "ry", "Hacked!2345"))["code"] == 500

    # Holding everything ry holds (role 2 too), the same custodian may.
    assert await admin.put("/system/user/authRole", params={
        "userId": str((await SysUser.get(user_name="custodian")).user_id), "roleIds": f"{role.role_id},2"}) == OK
    assert await me.put("/system/user/resetPwd", json={"userId": 2, "password": "Fresh!2345"}) == OK
    assert (await token_for(admin.client, "ry", "Fresh!2345"))
    session = (await me.get("/monitor/online/list", params={"userName": "ry"}))["rows"][0]["tokenId"]
    assert await me.delete(f"/monitor/online/{session}") == OK


async def test_a_second_holder_of_the_admin_role_holds_everything_and_only_holders_grant_it(admin):
    """Issue 26 §4: in RuoYi the "admin" role is the super administrator's; a second user given it got nothing."""
    await make_user(admin, "deputy", 105, [1])
    deputy = await sign_in(admin, "deputy")
    info = await deputy.get("/getInfo")
    assert (info["roles"], info["permissions"]) == (["admin"], ["*:*:*"])
    assert "system/role/index" in str(await deputy.get("/getRouters"))
    # a call no other role of theirs allows, and every department's users
    assert (await deputy.get("/system/role/list"))["code"] == 200
    everyone = await deputy.get("/system/user/list", params={"pageSize": "100"})
    assert {"admin", "ry", "deputy"} <= {r["userName"] for r in everyone["rows"]}
    from core_api.messaging.service import order_staff

    assert (await SysUser.get(user_name="deputy")).user_id in await order_staff(None)  # hears of orders too

    # a holder hands it on; somebody who does not hold it, even with every department, cannot
    heir = await make_user(admin, "heir", 103, [])
    assert await deputy.put("/system/user/authRole", params={"userId": str(heir.user_id), "roleIds": "1"}) == OK
    assert await roles_of(heir.user_id) == [1]
    wide = await make_role(admin, "wide", ("system:user:list", "system:user:query", "system:user:edit",
                                           "system:user:resetPwd", "system:role:list", "system:role:edit"),
                           dataScope="1")
    await make_user(admin, "wideop", 103, [wide.role_id])
    wideop = await sign_in(admin, "wideop")
    outsider = await make_user(admin, "plain", 103, [])
    denied = refused("没有权限访问角色数据！")
    assert await wideop.put("/system/user/authRole", params={"userId": str(outsider.user_id), "roleIds": "1"}) \
        == denied
    assert await wideop.put("/system/role/authUser/selectAll",
                            params={"roleId": "1", "userIds": str(outsider.user_id)}) == {
        "code": 404, "msg": "访问资源不存在"}  # a non-holder does not even see the role
    assert await roles_of(outsider.user_id) == []
    # nor takes over a holder
    assert await wideop.put("/system/user/resetPwd", json={"userId": heir.user_id, "password": "Hacked!2345"}) == \
        refused("不能操作拥有超出自己权限的用户")
    # user 1 stays protected from the other holders too
    assert await deputy.put("/system/user/resetPwd", json={"userId": 1, "password": "Hacked!2345"}) == \
        refused("不允许操作超级管理员用户")
    assert (await token_for(admin.client, "admin"))
