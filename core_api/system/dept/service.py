"""Departments: the tree kept in ``ancestors`` ("0,100,101"), and its scope checks."""

from __future__ import annotations

from typing import Any

from tortoise.expressions import Q

from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import camel_row
from core_api.platform.security import Authz, Principal
from core_api.platform.tree import build_tree, tree_select
from core_api.system.dept.models import SysDept
from core_api.system.role.models import SysRole, SysRoleDept

FIELDS = ("dept_id", "parent_id", "ancestors", "dept_name", "order_num", "leader", "phone", "email", "status",
          "del_flag", "create_by", "create_time", "update_by", "update_time")


def below(dept_id: int) -> Q:
    """Strict descendants of a department."""
    return Q(ancestors__endswith=f",{dept_id}") | Q(ancestors__contains=f",{dept_id},") | Q(
        ancestors=str(dept_id))


def scoped(authz: Authz):
    qs = SysDept.filter(del_flag="0")
    condition = authz.scope.dept_filter()
    return qs.filter(condition) if condition is not None else qs


def check_scope(authz: Authz, dept_id: int | None) -> None:
    """Every department id a caller names must be inside their data scope."""
    if dept_id is not None and not authz.scope.allows_dept(dept_id):
        raise ServiceError("没有权限访问部门数据！")


async def dept_rows(authz: Authz, name: str | None = None, status: str | None = None) -> list[dict[str, Any]]:
    qs = scoped(authz)
    if name:
        qs = qs.filter(dept_name__icontains=name)
    if status:
        qs = qs.filter(status=status)
    return await qs.order_by("parent_id", "order_num", "dept_id").values(*FIELDS)


def dept_tree_select(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return tree_select(build_tree(rows, "dept_id", "parent_id"), "dept_id", lambda d: d["dept_name"],
                       lambda d: d["status"] == "1")


def views(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [camel_row(r) for r in rows]


async def role_dept_tree_data(principal: Principal, role_id: int) -> dict:
    """A role's departments as the role screen's tree shows them checked."""
    role = await SysRole.get_or_none(role_id=role_id, del_flag="0")
    if role is None:
        raise NotFound()
    granted = await SysRoleDept.filter(role_id=role_id).values_list("dept_id", flat=True)
    rows = await dept_rows(principal.authz)
    if role.dept_check_strictly:
        # Linked checking: report only leaves, so a half-granted parent shows half-checked.
        parents = {r["parent_id"] for r in rows if r["dept_id"] in granted}
        granted = [d for d in granted if d not in parents]
    return {"checkedKeys": sorted(granted), "depts": dept_tree_select(rows)}
