"""Departments and menus: trees, moves, guards, data scope and the menu cache."""

from __future__ import annotations

from core_api.platform.passwords import hash_password
from core_api.system.dept.models import SysDept
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole, SysRoleDept, SysRoleMenu
from core_api.system.user.models import SysUser, SysUserRole
from tests.conftest import OK, PASSWORD, Caller, token_for


def dept(name: str, parent: int, order: int = 1, **extra) -> dict:
    return {"deptName": name, "parentId": parent, "orderNum": order, "status": "0", **extra}


async def scoped_caller(client, perms: list[str], scope: str, depts: list[int], dept_id: int = 108) -> Caller:
    role = await SysRole.create(role_name="部门管理员", role_key="dept_admin", role_sort=3, data_scope=scope)
    for d in depts:
        await SysRoleDept.create(role_id=role.role_id, dept_id=d)
    for menu in await SysMenu.filter(perms__in=perms):
        await SysRoleMenu.create(role_id=role.role_id, menu_id=menu.menu_id)
    user = await SysUser.create(user_name="deptadmin", nick_name="部门管理员", dept_id=dept_id,
                                password=await hash_password(PASSWORD))
    await SysUserRole.create(user_id=user.user_id, role_id=role.role_id)
    return Caller(client, await token_for(client, "deptadmin"))


async def test_dept_list_and_tree_follow_the_data_scope(admin, ry):
    assert len((await admin.get("/system/dept/list"))["data"]) == 10
    # ry's role has custom scope 100, 101, 105.
    assert sorted(d["deptId"] for d in (await ry.get("/system/dept/list"))["data"]) == [100, 101, 105]
    tree = (await ry.get("/system/dept/treeselect"))["data"]
    assert tree == [{"id": 100, "label": "密讯科技", "children": [
        {"id": 101, "label": "深圳总公司", "children": [{"id": 105, "label": "测试部门"}]}]}]
    assert (await ry.get("/system/dept/103")) == {"code": 500, "msg": "没有权限访问部门数据！"}
    assert (await ry.get("/system/dept/105"))["data"]["deptName"] == "测试部门"
    filtered = await admin.get("/system/dept/list", params={"deptName": "财务"})
    assert sorted(d["deptId"] for d in filtered["data"]) == [106, 109]


async def test_dept_create_rules(admin):
    assert await admin.post("/system/dept", json=dept("安全组", 105, email="sec@example.com")) == OK
    created = await SysDept.get(dept_name="安全组")
    assert created.ancestors == "0,100,101,105" and created.create_by == "admin"
    dup = await admin.post("/system/dept", json=dept("安全组", 105))
    assert dup == {"code": 500, "msg": "新增部门'安全组'失败，部门名称已存在"}
    assert (await admin.post("/system/dept", json=dept("安全组", 104))) == OK  # another parent: fine
    await SysDept.filter(dept_id=106).update(status="1")
    assert await admin.post("/system/dept", json=dept("审计组", 106)) == {"code": 500, "msg": "部门停用，不允许新增"}
    assert (await admin.post("/system/dept", json=dept("x", 999)))["msg"] == "上级部门不存在"
    assert (await admin.post("/system/dept", json=dept("x", 105, email="not-mail")))["code"] == 500
    assert (await admin.post("/system/dept", json=dept("x", 105, phone="123")))["msg"] == "联系电话格式不正确"


async def test_moving_a_department_rewrites_its_subtree(admin):
    await admin.post("/system/dept", json=dept("安全组", 103))
    team = await SysDept.get(dept_name="安全组")
    await admin.post("/system/dept", json=dept("红队", team.dept_id))
    red = await SysDept.get(dept_name="红队")
    assert red.ancestors == f"0,100,101,103,{team.dept_id}"
    # 103 moves from Shenzhen (101) to Changsha (102): its whole subtree follows.
    moved = await admin.put("/system/dept", json=dept("研发部门", 102) | {"deptId": 103})
    assert moved == OK
    assert (await SysDept.get(dept_id=103)).ancestors == "0,100,102"
    assert (await SysDept.get(dept_id=team.dept_id)).ancestors == "0,100,102,103"
    assert (await SysDept.get(dept_id=red.dept_id)).ancestors == f"0,100,102,103,{team.dept_id}"
    # It cannot go under itself or its own descendant; the exclude list never offers those.
    under_self = await admin.put("/system/dept", json=dept("研发部门", 103) | {"deptId": 103})
    assert under_self == {"code": 500, "msg": "修改部门'研发部门'失败，上级部门不能是自己"}
    under_child = await admin.put("/system/dept", json=dept("研发部门", red.dept_id) | {"deptId": 103})
    assert under_child == {"code": 500, "msg": "修改部门'研发部门'失败，不能移动到自己的下级部门"}
    assert (await SysDept.get(dept_id=103)).ancestors == "0,100,102"
    offered = {d["deptId"] for d in (await admin.get("/system/dept/list/exclude/103"))["data"]}
    assert 103 not in offered and team.dept_id not in offered and red.dept_id not in offered and 102 in offered


async def test_disabling_and_deleting_guards(admin):
    refused = await admin.put("/system/dept", json=dept("深圳总公司", 100, status="1") | {"deptId": 101})
    assert refused == {"code": 500, "msg": "该部门包含未停用的子部门！"}
    assert (await SysDept.get(dept_id=101)).status == "0"
    assert await admin.delete("/system/dept/101") == {"code": 500, "msg": "存在下级部门,不允许删除"}
    assert await admin.delete("/system/dept/105") == {"code": 500, "msg": "部门存在用户,不允许删除"}
    assert await admin.delete("/system/dept/104") == OK
    assert not await SysDept.filter(dept_id=104).exists()
    assert (await admin.delete("/system/dept/104"))["code"] == 404
    # Enabling a department enables its ancestors.
    await SysDept.filter(dept_id=109).update(status="1")
    await SysDept.filter(dept_id=102).update(status="1")
    assert await admin.put("/system/dept", json=dept("财务部门", 102, 2) | {"deptId": 109}) == OK
    assert (await SysDept.get(dept_id=102)).status == "0"


async def test_every_department_id_is_checked_against_the_scope(client):
    caller = await scoped_caller(client, ["system:dept:list", "system:dept:query", "system:dept:add",
                                          "system:dept:edit", "system:dept:remove"], "2", [102, 108, 109])
    denied = {"code": 500, "msg": "没有权限访问部门数据！"}
    assert await caller.post("/system/dept", json=dept("越权组", 103)) == denied
    assert await caller.put("/system/dept", json=dept("研发部门", 101) | {"deptId": 103}) == denied
    # Moving an own department under a foreign one is refused too: the parent id is checked.
    assert await caller.put("/system/dept", json=dept("市场部门", 101) | {"deptId": 108}) == denied
    assert await caller.delete("/system/dept/107") == denied
    assert await SysDept.filter(dept_id=107).exists()
    assert await caller.post("/system/dept", json=dept("长沙新组", 108)) == OK


async def test_role_department_tree_marks_granted_departments(admin):
    body = await admin.get("/system/dept/roleDeptTreeselect/2")
    assert body["checkedKeys"] == [105]  # 100 and 101 are parents of 105 and linked checking is on
    assert body["depts"][0]["id"] == 100
    await SysRole.filter(role_id=2).update(dept_check_strictly=False)
    assert (await admin.get("/system/dept/roleDeptTreeselect/2"))["checkedKeys"] == [100, 101, 105]


MENU = {"menuName": "报表中心", "parentId": 0, "orderNum": 20, "path": "report", "menuType": "M", "icon": "chart"}


async def test_menu_lifecycle_reaches_the_routers(admin):
    assert await admin.post("/system/menu", json=MENU) == OK
    directory = await SysMenu.get(menu_name="报表中心")
    page = {"menuName": "日报", "parentId": directory.menu_id, "orderNum": 1, "path": "daily", "menuType": "C",
            "component": "report/daily/index", "perms": "report:daily:list", "routeName": "ReportDaily"}
    assert await admin.post("/system/menu", json=page) == OK
    routers = (await admin.get("/getRouters"))["data"]
    report = next(r for r in routers if r["path"] == "/report")
    assert report["children"][0]["component"] == "report/daily/index"
    daily = await SysMenu.get(menu_name="日报")
    button = {"menuName": "日报导出", "parentId": daily.menu_id, "menuType": "F", "perms": "report:daily:export"}
    assert await admin.post("/system/menu", json=button) == OK
    assert (await admin.delete(f"/system/menu/{directory.menu_id}")) == {"code": 500, "msg": "存在子菜单,不允许删除"}
    assert await admin.put("/system/menu", json={**page, "menuId": daily.menu_id, "visible": "1"}) == OK
    hidden = next(r for r in (await admin.get("/getRouters"))["data"] if r["path"] == "/report")
    assert hidden["children"][0]["hidden"] is True


async def test_menu_rules(admin):
    external = {**MENU, "menuName": "官网", "isFrame": "0", "path": "www.example.com", "menuType": "C"}
    assert (await admin.post("/system/menu", json=external))["msg"] == "新增菜单'官网'失败，地址必须以http(s)://开头"
    bad_link = {**external, "path": "https://exa mple.com/<script>"}
    assert (await admin.post("/system/menu", json=bad_link))["msg"] == "新增菜单'官网'失败，链接地址格式不正确"
    assert await admin.post("/system/menu", json={**external, "path": "https://example.com/docs"}) == OK
    dup = await admin.post("/system/menu", json={**MENU, "menuName": "系统管理"})
    assert dup == {"code": 500, "msg": "新增菜单'系统管理'失败，菜单名称已存在"}
    route = await admin.post("/system/menu", json={**MENU, "routeName": "SystemUser"})
    assert route == {"code": 500, "msg": "新增菜单'报表中心'失败，路由名称或地址已存在"}
    user_menu = await SysMenu.get(component="system/user/index")
    itself = await admin.put("/system/menu", json={**MENU, "menuId": user_menu.menu_id,
                                                    "parentId": user_menu.menu_id})
    assert itself["msg"] == "修改菜单'报表中心'失败，上级菜单不能选择自己"
    assert (await admin.post("/system/menu", json={**MENU, "component": "../../etc"}))["msg"] == "组件路径格式不正确"
    # A menu held by a role cannot be deleted.
    button = await SysMenu.get(perms="system:user:export")
    assert await admin.delete(f"/system/menu/{button.menu_id}") == {"code": 500, "msg": "菜单已分配,不允许删除"}


async def test_menu_lists_trees_and_sort(admin, ry):
    everything = (await admin.get("/system/menu/list"))["data"]
    assert len(everything) == await SysMenu.all().count()
    mine = (await ry.client.get("/system/menu/list", headers={"Authorization": f"Bearer {ry.token}"}))
    assert (await mine.json())["code"] == 403  # ry has no system:menu:list
    tree = (await ry.get("/system/menu/treeselect"))["data"]
    assert {n["label"] for n in tree} == {"系统管理", "系统监控", "用户管理", "首页"}
    checked = await admin.get("/system/menu/roleMenuTreeselect/2")
    export = await SysMenu.get(perms="system:user:export")
    assert export.menu_id in checked["checkedKeys"] and len(checked["menus"]) == len(
        [m for m in everything if m["parentId"] == 0])
    dirs = [m for m in everything if m["parentId"] == 0 and m["menuType"] == "M"][:2]
    sort = {"menuIds": f"{dirs[0]['menuId']},{dirs[1]['menuId']}", "orderNums": "9,8"}
    assert await admin.put("/system/menu/updateSort", json=sort) == OK
    assert (await SysMenu.get(menu_id=dirs[0]["menuId"])).order_num == 9
    first = (await admin.get("/getRouters"))["data"][0]
    assert first["meta"]["title"] != dirs[0]["menuName"]
