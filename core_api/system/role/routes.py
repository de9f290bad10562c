"""Roles (RuoYi /system/role): menus, data scope, status, and the users who hold a role."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.expressions import Subquery
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import AuthUserTableOut, RoleDeptTreeOut, RoleOut
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.excel import Column, xlsx_response
from core_api.platform.paging import ListQuery, between_days, camel_row, page_of, parse_ids
from core_api.platform.schema import EditSchema, Flag, Schema, english, refuse_changes
from core_api.platform.security import Authz, Principal, any_perm
from core_api.platform.state import AUTH
from core_api.system.dept.service import role_dept_tree_data
from core_api.system.role import grants
from core_api.system.role.models import SysRole, SysRoleDept, SysRoleMenu
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser, SysUserRole
from core_api.system.user.service import check_user_scope

api = Api("role")
FIELDS = ("role_id", "role_name", "role_key", "role_sort", "data_scope", "menu_check_strictly",
          "dept_check_strictly", "status", "del_flag", "create_by", "create_time", "update_by", "update_time",
          "remark")
SORTS = {"roleSort": "role_sort", "roleId": "role_id", "createTime": "create_time"}
ADMIN_ROLE_ID = 1


class RoleQuery(ListQuery):
    role_id: int | None = None
    role_name: str | None = Field(None, max_length=30)
    role_key: str | None = Field(None, max_length=100)
    status: Flag | None = Field(None, pattern=r"^[01]$")


class RoleBody(EditSchema):
    role_id: int | None = None
    role_name: str = Field(title="角色名称", min_length=1, max_length=30)
    role_key: str = Field(title="权限字符", min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_:\-]+$")
    role_sort: int = Field(title="角色顺序", ge=0, le=9999)
    data_scope: Flag | None = Field(None, title="数据范围", pattern=r"^[1-5]$")
    menu_check_strictly: bool = Field(True, title="菜单树关联")
    dept_check_strictly: bool = Field(True, title="部门树关联")
    status: Flag = Field("0", title="角色状态", pattern=r"^[01]$")
    remark: str | None = Field(None, title="备注", max_length=500)
    menu_ids: list[int] | None = Field(None, title="菜单")
    dept_ids: list[int] | None = Field(None, title="部门")
    flag: Any = Field(None, exclude=True)
    admin: Any = Field(None, title="超级管理员标识", exclude=True)
    del_flag: Any = Field(None, title="删除标志", exclude=True)
    permissions: Any = Field(None, exclude=True)


class DataScopeBody(RoleBody):
    """Only the scope fields apply (as in RuoYi); clients that echo the whole role may send the rest
    (optional here, hence the narrowed overrides that mypy reports as assignments)."""

    role_name: str | None = Field(None, title="角色名称", max_length=30)  # type: ignore[assignment]
    role_key: str | None = Field(None, title="权限字符", max_length=100)  # type: ignore[assignment]
    role_sort: int | None = Field(None, title="角色顺序")  # type: ignore[assignment]
    data_scope: Flag = Field(title="数据范围", pattern=r"^[1-5]$")
    dept_check_strictly: bool | None = Field(None, title="部门树关联")  # type: ignore[assignment]


class StatusBody(Schema):
    role_id: int
    status: Flag = Field(title="角色状态", pattern=r"^[01]$")


class UserRoleBody(Schema):
    user_id: int
    role_id: int


class UserIdsQuery(Schema):
    role_id: int = Field(title="角色")
    user_ids: str = Field(title="用户", pattern=r"^\d+(,\d+)*$")


class AuthUserQuery(ListQuery):
    role_id: int = Field(title="角色")
    user_name: str | None = Field(None, max_length=30)
    phonenumber: str | None = Field(None, max_length=11)


def visible_roles(authz: Authz):
    """Non-administrators never see the super-administrator role."""
    qs = SysRole.filter(del_flag="0")
    return qs if authz.is_admin else qs.exclude(role_key="admin")


async def role_or_404(authz: Authz, role_id: int | None) -> SysRole:
    role = await visible_roles(authz).get_or_none(role_id=role_id) if role_id else None
    if role is None:
        raise NotFound()
    return role


def check_role_allowed(role: SysRole) -> None:
    if role.role_id == ADMIN_ROLE_ID or role.role_key == "admin":
        raise ServiceError("不允许操作超级管理员角色")


def filtered(principal: Principal, query: RoleQuery):
    qs = visible_roles(principal.authz)
    if query.role_id:
        qs = qs.filter(role_id=query.role_id)
    if query.role_name:
        qs = qs.filter(role_name__icontains=query.role_name)
    if query.role_key:
        qs = qs.filter(role_key__icontains=query.role_key)
    if query.status:
        qs = qs.filter(status=query.status)
    return between_days(qs, "create_time", query.begin_time, query.end_time)


@api.get("/system/role/list", need=any_perm("system:role:list"), summary="Roles, paged")
async def list_roles(request: web.Request, principal: Principal, query: RoleQuery) -> web.Response:
    rows, total = await page_of(filtered(principal, query), query, SORTS, ["role_sort", "role_id"], *FIELDS,
                                app=request.app, table="sys_role")
    return table([camel_row(r) for r in rows], total)


@api.post("/system/role/export", need=any_perm("system:role:export"), summary="Roles as xlsx",
          log=OperLogSpec("角色管理", BusinessType.EXPORT, save_response=False))
async def export_roles(request: web.Request, principal: Principal, body: RoleQuery) -> web.StreamResponse:
    scopes = {"1": "所有数据权限", "2": "自定义数据权限", "3": "本部门数据权限", "4": "本部门及以下数据权限",
              "5": "仅本人数据权限"}

    async def batches() -> AsyncIterator[list[dict]]:
        yield [camel_row(r) for r in await filtered(principal, body).order_by("role_sort").values(*FIELDS)]

    columns = [Column("角色序号", "roleId"), Column("角色名称", "roleName"), Column("角色权限", "roleKey"),
               Column("角色排序", "roleSort"), Column("数据范围", "dataScope", scopes.get, width=20),
               Column("角色状态", "status", lambda v: "正常" if v == "0" else "停用")]
    return await xlsx_response(request, "角色数据.xlsx", "角色数据", columns, batches())


@api.get(r"/system/role/{roleId:\d+}", need=any_perm("system:role:query"), summary="One role", response=RoleOut)
async def get_role(principal: Principal, roleId: int) -> web.Response:  # noqa: N803 - the contract's name
    role = await role_or_404(principal.authz, roleId)
    rows = await SysRole.filter(role_id=role.role_id).values(*FIELDS)
    return ok(data=camel_row(rows[0]))


async def check_unique(body: RoleBody, action: str) -> None:
    others = SysRole.filter(del_flag="0")
    if body.role_id:
        others = others.exclude(role_id=body.role_id)
    if await others.filter(role_name=body.role_name).exists():
        raise ServiceError(f"{action}角色'{body.role_name}'失败，角色名称已存在")
    if await others.filter(role_key=body.role_key).exists():
        raise ServiceError(f"{action}角色'{body.role_name}'失败，角色权限已存在")


def values(body: RoleBody) -> dict[str, Any]:
    return {"role_name": body.role_name, "role_key": body.role_key, "role_sort": body.role_sort,
            "menu_check_strictly": body.menu_check_strictly, "dept_check_strictly": body.dept_check_strictly,
            "status": body.status, "remark": body.remark}


async def set_menus(role_id: int, menu_ids: list[int]) -> None:
    await SysRoleMenu.replace("role_id", role_id, "menu_id", menu_ids)


@api.post("/system/role", need=any_perm("system:role:add"), summary="Create a role with its menus",
          log=OperLogSpec("角色管理", BusinessType.INSERT))
async def create_role(request: web.Request, principal: Principal, body: RoleBody) -> web.Response:
    body.role_id = None
    if body.role_key == "admin":
        raise ServiceError(f"新增角色'{body.role_name}'失败，角色权限已存在")
    await check_unique(body, "新增")
    data_scope = body.data_scope or grants.NARROWEST_SCOPE
    await grants.check_menus(principal.authz, body.menu_ids)
    await grants.check_data_scope(principal.authz, data_scope, [])
    async with in_transaction():
        role = await SysRole.create(**values(body), data_scope=data_scope, **created(request, principal))
        await set_menus(role.role_id, body.menu_ids or [])
    await changed(request.app, "sys_role")
    return ok()


@api.put("/system/role", need=any_perm("system:role:edit"), summary="Update a role and its menus",
         log=OperLogSpec("角色管理", BusinessType.UPDATE))
async def update_role(request: web.Request, principal: Principal, body: RoleBody) -> web.Response:
    role = await role_or_404(principal.authz, body.role_id)
    check_role_allowed(role)
    refuse_changes(body, {"admin": role.role_id == 1, "del_flag": role.del_flag})
    if body.role_key == "admin":
        raise ServiceError(f"修改角色'{body.role_name}'失败，角色权限已存在")
    await grants.check_role_editable(principal.authz, role.role_id)
    await check_unique(body, "修改")
    await grants.check_menus(principal.authz, body.menu_ids)
    async with in_transaction():
        await SysRole.filter(role_id=role.role_id).update(**values(body), **updated(request, principal))
        if body.menu_ids is not None:
            await set_menus(role.role_id, body.menu_ids)
    await changed(request.app, "sys_role")
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/role/dataScope", need=any_perm("system:role:edit"),
         summary="Set a role's data scope (custom: the departments given)",
         log=OperLogSpec("角色管理", BusinessType.GRANT))
async def set_data_scope(request: web.Request, principal: Principal, body: DataScopeBody) -> web.Response:
    role = await role_or_404(principal.authz, body.role_id)
    check_role_allowed(role)
    await grants.check_role_editable(principal.authz, role.role_id)
    dept_ids = (body.dept_ids or []) if body.data_scope == "2" else []
    await grants.check_data_scope(principal.authz, body.data_scope, dept_ids)
    strictly = role.dept_check_strictly if body.dept_check_strictly is None else body.dept_check_strictly
    async with in_transaction():
        await SysRole.filter(role_id=role.role_id).update(data_scope=body.data_scope, dept_check_strictly=strictly,
                                                          **updated(request, principal))
        await SysRoleDept.replace("role_id", role.role_id, "dept_id", dept_ids)
    await changed(request.app, "sys_role")
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/role/changeStatus", need=any_perm("system:role:edit"), summary="Enable or disable a role",
         log=OperLogSpec("角色管理", BusinessType.UPDATE))
async def change_status(request: web.Request, principal: Principal, body: StatusBody) -> web.Response:
    role = await role_or_404(principal.authz, body.role_id)
    check_role_allowed(role)
    await grants.check_role_editable(principal.authz, role.role_id)
    await SysRole.filter(role_id=role.role_id).update(status=body.status, **updated(request, principal))
    await changed(request.app, "sys_role")
    await request.app[AUTH].authz_changed()
    return ok()


@api.delete(r"/system/role/{roleIds:[\d,]+}", need=any_perm("system:role:remove"),
            summary="Delete roles (refused while assigned)", log=OperLogSpec("角色管理", BusinessType.DELETE))
async def delete_roles(request: web.Request, principal: Principal, roleIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(roleIds)
    roles = [await role_or_404(principal.authz, role_id) for role_id in dict.fromkeys(ids)]
    for role in roles:
        check_role_allowed(role)
        if await SysUserRole.filter(role_id=role.role_id).exists():
            raise ServiceError(f"{role.role_name}已分配,不能删除")
    await SysRole.filter(role_id__in=ids).delete()  # their menu and department grants go with them
    await changed(request.app, "sys_role")
    await request.app[AUTH].authz_changed()
    return ok()


@api.get("/system/role/optionselect", need=any_perm("system:role:query"), summary="Every role, for option lists")
async def role_options(principal: Principal) -> web.Response:
    rows = await visible_roles(principal.authz).order_by("role_sort").values(*FIELDS)
    return ok(data=[camel_row(r) for r in rows])


@api.get(r"/system/role/deptTree/{roleId:\d+}", need=any_perm("system:role:query"),
         summary="Department tree with the role's departments checked", response=RoleDeptTreeOut)
async def role_dept_tree(principal: Principal, roleId: int) -> web.Response:  # noqa: N803
    await role_or_404(principal.authz, roleId)
    return ok(**await role_dept_tree_data(principal, roleId))


USER_FIELDS = ("user_id", "dept_id", "user_name", "nick_name", "email", "phonenumber", "status", "create_time")


async def users_page(principal: Principal, query: AuthUserQuery, allocated: bool) -> web.Response:
    await role_or_404(principal.authz, query.role_id)
    holders = Subquery(SysUserRole.filter(role_id=query.role_id).values("user_id"))
    qs = SysUser.filter(del_flag="0")
    # The super administrator's roles are never changed here: never offered as a user to add.
    qs = qs.filter(user_id__in=holders) if allocated else qs.exclude(user_id__in=holders).exclude(
        user_id=SUPER_ADMIN_ID)
    condition = principal.authz.scope.user_filter()
    if condition is not None:
        qs = qs.filter(condition)
    if query.user_name:
        qs = qs.filter(user_name__icontains=query.user_name)
    if query.phonenumber:
        qs = qs.filter(phonenumber__contains=query.phonenumber)
    rows, total = await page_of(qs, query, {"userId": "user_id", "createTime": "create_time"}, ["user_id"],
                                *USER_FIELDS)
    return table([camel_row(r) for r in rows], total)


@api.get("/system/role/authUser/allocatedList", need=any_perm("system:role:list"),
         summary="Users who hold a role (in the caller's data scope)", response=AuthUserTableOut)
async def allocated_users(principal: Principal, query: AuthUserQuery) -> web.Response:
    return await users_page(principal, query, allocated=True)


@api.get("/system/role/authUser/unallocatedList", need=any_perm("system:role:list"),
         summary="Users who do not hold a role (in the caller's data scope)", response=AuthUserTableOut)
async def unallocated_users(principal: Principal, query: AuthUserQuery) -> web.Response:
    return await users_page(principal, query, allocated=False)


async def check_grantable(principal: Principal, role_id: int, user_ids: list[int], granting: bool) -> None:
    """The role must be visible to the caller (non-administrators never see the super-administrator
    role), the users must exist and be inside the caller's scope, the super administrator is never
    among them, and the grant rules hold (grants.py). Everything is checked before anything is written."""
    await role_or_404(principal.authz, role_id)
    if SUPER_ADMIN_ID in user_ids:
        raise ServiceError("不允许操作超级管理员用户")
    if await SysUser.filter(user_id__in=user_ids, del_flag="0").count() != len(set(user_ids)):
        raise ServiceError("用户不存在")
    await check_user_scope(principal.authz, user_ids)
    await grants.check_user_manageable(principal.authz, user_ids)
    await grants.check_holders_change(principal.authz, role_id, user_ids, granting)


@api.put("/system/role/authUser/cancel", need=any_perm("system:role:edit"), summary="Take a role from one user",
         log=OperLogSpec("角色管理", BusinessType.GRANT))
async def cancel_one(request: web.Request, principal: Principal, body: UserRoleBody) -> web.Response:
    await check_grantable(principal, body.role_id, [body.user_id], granting=False)
    await SysUserRole.filter(user_id=body.user_id, role_id=body.role_id).delete()
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/role/authUser/cancelAll", need=any_perm("system:role:edit"),
         summary="Take a role from several users", log=OperLogSpec("角色管理", BusinessType.GRANT))
async def cancel_all(request: web.Request, principal: Principal, query: UserIdsQuery) -> web.Response:
    user_ids = parse_ids(query.user_ids)
    await check_grantable(principal, query.role_id, user_ids, granting=False)
    await SysUserRole.filter(user_id__in=user_ids, role_id=query.role_id).delete()
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/role/authUser/selectAll", need=any_perm("system:role:edit"),
         summary="Give a role to several users", log=OperLogSpec("角色管理", BusinessType.GRANT))
async def select_all(request: web.Request, principal: Principal, query: UserIdsQuery) -> web.Response:
    user_ids = parse_ids(query.user_ids)
    await check_grantable(principal, query.role_id, user_ids, granting=True)
    held = set(await SysUserRole.filter(role_id=query.role_id, user_id__in=user_ids).values_list("user_id", flat=True))
    await SysUserRole.bulk_create([SysUserRole(user_id=u, role_id=query.role_id)
                                   for u in dict.fromkeys(user_ids) if u not in held])
    await request.app[AUTH].authz_changed()
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "不允许操作超级管理员角色": "The super administrator role may not be changed",
    "{action}角色'{name}'失败，角色名称已存在": "{action} role '{name}' failed: the role name already exists",
    "{action}角色'{name}'失败，角色权限已存在": "{action} role '{name}' failed: the role key already exists",
    "用户不存在": "The user does not exist",
})
