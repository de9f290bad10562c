"""Departments (RuoYi /system/dept)."""

from __future__ import annotations

from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import DeptListOut, DeptRowOut, RoleDeptTreeOut, TreeOut
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import parse_ids
from core_api.platform.schema import EditSchema, Flag, OptionalEmail, Schema, english, refuse_changes
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import AUTH
from core_api.system.dept.models import SysDept
from core_api.system.dept.service import (
    FIELDS,
    below,
    check_scope,
    dept_rows,
    dept_tree_select,
    role_dept_tree_data,
    scoped,
    views,
)
from core_api.system.user.models import SysUser

api = Api("dept")


class DeptQuery(Schema):
    dept_name: str | None = Field(None, max_length=30)
    status: Flag | None = Field(None, pattern=r"^[01]?$")


class DeptBody(EditSchema):
    dept_id: int | None = None
    parent_id: int = Field(title="上级部门", ge=0)
    dept_name: str = Field(title="部门名称", min_length=1, max_length=30)
    order_num: int = Field(0, title="显示排序", ge=0, le=9999)
    leader: str | None = Field(None, title="负责人", max_length=20)
    phone: str | None = Field(None, title="联系电话", max_length=11, pattern=r"^(1[3-9]\d{9})?$")
    email: OptionalEmail = Field(None, title="邮箱", max_length=50)
    status: Flag = Field("0", title="部门状态", pattern=r"^[01]$")
    ancestors: str | None = Field(None, exclude=True)
    del_flag: str | None = Field(None, title="删除标志", exclude=True)
    children: list | None = Field(None, exclude=True)
    parent_name: str | None = Field(None, exclude=True)


@api.get("/system/dept/list", need=any_perm("system:dept:list"), summary="Departments in the caller's scope",
         response=DeptListOut)
async def list_depts(principal: Principal, query: DeptQuery) -> web.Response:
    return ok(data=views(await dept_rows(principal.authz, query.dept_name, query.status)))


@api.get(r"/system/dept/list/exclude/{deptId:\d+}", need=any_perm("system:dept:list"),
         summary="Departments a department may move under: all but itself and its descendants", response=DeptListOut)
async def list_depts_excluding(principal: Principal, deptId: int) -> web.Response:  # noqa: N803
    rows = await scoped(principal.authz).exclude(dept_id=deptId).exclude(below(deptId)).order_by(
        "parent_id", "order_num", "dept_id").values(*FIELDS)
    return ok(data=views(rows))


@api.get(r"/system/dept/{deptId:\d+}", need=any_perm("system:dept:query"), summary="One department",
         response=DeptRowOut)
async def get_dept(principal: Principal, deptId: int) -> web.Response:  # noqa: N803
    check_scope(principal.authz, deptId)
    rows = await SysDept.filter(dept_id=deptId, del_flag="0").values(*FIELDS)
    if not rows:
        raise NotFound()
    return ok(data=views(rows)[0])


@api.get("/system/dept/treeselect", login_only=True, summary="Department tree (TreeSelect) in the caller's scope",
         response=TreeOut)
async def dept_tree(principal: Principal) -> web.Response:
    return ok(data=dept_tree_select(await dept_rows(principal.authz)))


@api.get(r"/system/dept/roleDeptTreeselect/{roleId:\d+}", need=any_perm("system:role:query"),
         summary="Department tree with the role's granted departments checked", response=RoleDeptTreeOut)
async def role_dept_tree(principal: Principal, roleId: int) -> web.Response:  # noqa: N803
    return ok(**await role_dept_tree_data(principal, roleId))




async def parent_of(body: DeptBody) -> SysDept:
    parent = await SysDept.get_or_none(dept_id=body.parent_id, del_flag="0")
    if parent is None:
        raise ServiceError("上级部门不存在")
    return parent


async def unique_name(body: DeptBody, action: str) -> None:
    siblings = SysDept.filter(parent_id=body.parent_id, dept_name=body.dept_name, del_flag="0")
    if body.dept_id:
        siblings = siblings.exclude(dept_id=body.dept_id)
    if await siblings.exists():
        raise ServiceError(f"{action}部门'{body.dept_name}'失败，部门名称已存在")


def values(body: DeptBody) -> dict:
    return {"parent_id": body.parent_id, "dept_name": body.dept_name, "order_num": body.order_num,
            "leader": body.leader, "phone": body.phone, "email": body.email, "status": body.status}


@api.post("/system/dept", need=any_perm("system:dept:add"), summary="Create a department",
          log=OperLogSpec("部门管理", BusinessType.INSERT))
async def create_dept(request: web.Request, principal: Principal, body: DeptBody) -> web.Response:
    body.dept_id = None
    check_scope(principal.authz, body.parent_id)
    await unique_name(body, "新增")
    parent = await parent_of(body)
    if parent.status != "0":
        raise ServiceError("部门停用，不允许新增")
    await SysDept.create(**values(body), ancestors=f"{parent.ancestors},{parent.dept_id}",
                         **created(request, principal))
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/dept", need=any_perm("system:dept:edit"), summary="Update or move a department",
         log=OperLogSpec("部门管理", BusinessType.UPDATE))
async def update_dept(request: web.Request, principal: Principal, body: DeptBody) -> web.Response:
    dept = await SysDept.get_or_none(dept_id=body.dept_id, del_flag="0") if body.dept_id else None
    if dept is None:
        raise NotFound()
    refuse_changes(body, {"del_flag": dept.del_flag})
    check_scope(principal.authz, dept.dept_id)
    check_scope(principal.authz, body.parent_id)
    await unique_name(body, "修改")
    if body.parent_id == dept.dept_id:
        raise ServiceError(f"修改部门'{body.dept_name}'失败，上级部门不能是自己")
    if dept.parent_id == 0 and body.parent_id != 0:
        raise ServiceError(f"修改部门'{body.dept_name}'失败，根部门不能移动")
    descendants = SysDept.filter(below(dept.dept_id), del_flag="0")
    if body.status == "1" and await descendants.filter(status="0").exists():
        raise ServiceError("该部门包含未停用的子部门！")
    async with in_transaction():
        ancestors = dept.ancestors
        if body.parent_id != dept.parent_id:
            parent = await parent_of(body)
            if await descendants.filter(dept_id=parent.dept_id).exists():
                raise ServiceError(f"修改部门'{body.dept_name}'失败，不能移动到自己的下级部门")
            ancestors = f"{parent.ancestors},{parent.dept_id}"
            old_prefix = f"{dept.ancestors},{dept.dept_id}"
            new_prefix = f"{ancestors},{dept.dept_id}"
            for child in await descendants.select_for_update().values("dept_id", "ancestors"):
                await SysDept.filter(dept_id=child["dept_id"]).update(
                    ancestors=new_prefix + child["ancestors"][len(old_prefix):])
        await SysDept.filter(dept_id=dept.dept_id).update(**values(body), ancestors=ancestors,
                                                          **updated(request, principal))
        if body.status == "0":
            # An enabled department needs enabled ancestors.
            parents = [int(a) for a in ancestors.split(",") if a and a != "0"]
            await SysDept.filter(dept_id__in=parents).update(status="0")
    await request.app[AUTH].authz_changed()
    return ok()


class SortBody(Schema):
    dept_ids: str = Field(title="部门", pattern=r"^\d+(,\d+)*$")
    order_nums: str = Field(title="排序", pattern=r"^\d+(,\d+)*$")


@api.put("/system/dept/updateSort", need=any_perm("system:dept:edit"),
         summary="Save the order of several departments (RuoYi's sort button)",
         log=OperLogSpec("部门管理", BusinessType.UPDATE))
async def sort_depts(request: web.Request, principal: Principal, body: SortBody) -> web.Response:
    ids, orders = parse_ids(body.dept_ids), [int(x) for x in body.order_nums.split(",")]
    if len(ids) != len(orders):
        raise ServiceError("部门与排序数量不一致")
    if any(order > 9999 for order in orders):
        raise ServiceError("显示排序不能大于9999")
    if await SysDept.filter(dept_id__in=ids, del_flag="0").count() != len(set(ids)):
        raise NotFound()
    for dept_id in ids:
        check_scope(principal.authz, dept_id)
    async with in_transaction():
        for dept_id, order in zip(ids, orders, strict=True):
            await SysDept.filter(dept_id=dept_id).update(order_num=order, **updated(request, principal))
    return ok()


@api.delete(r"/system/dept/{deptId:\d+}", need=any_perm("system:dept:remove"),
            summary="Delete a department (refused with children or users)",
            log=OperLogSpec("部门管理", BusinessType.DELETE))
async def delete_dept(request: web.Request, principal: Principal, deptId: int) -> web.Response:  # noqa: N803
    check_scope(principal.authz, deptId)
    if not await SysDept.filter(dept_id=deptId, del_flag="0").exists():
        raise NotFound()
    if await SysDept.filter(parent_id=deptId, del_flag="0").exists():
        raise ServiceError("存在下级部门,不允许删除")
    if await SysUser.filter(dept_id=deptId, del_flag="0").exists():
        raise ServiceError("部门存在用户,不允许删除")
    await SysDept.filter(dept_id=deptId).delete()
    await request.app[AUTH].authz_changed()
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "上级部门不存在": "The parent department does not exist",
    "{action}部门'{name}'失败，部门名称已存在": "{action} department '{name}' failed: the name already exists",
    "部门停用，不允许新增": "The department is disabled: nothing may be added under it",
    "修改部门'{name}'失败，上级部门不能是自己": "Updating department '{name}' failed: it cannot be its own parent",
    "修改部门'{name}'失败，根部门不能移动": "Updating department '{name}' failed: the root department cannot move",
    "该部门包含未停用的子部门！": "The department has sub-departments that are not disabled",
    "修改部门'{name}'失败，不能移动到自己的下级部门":
        "Updating department '{name}' failed: it cannot move under its own sub-department",
    "存在下级部门,不允许删除": "The department has sub-departments: it cannot be deleted",
    "部门存在用户,不允许删除": "The department has users: it cannot be deleted",
})
