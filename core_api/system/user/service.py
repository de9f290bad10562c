"""System users: the record as the contract shows it (RuoYi's SysUser, never the password)."""

from __future__ import annotations

from typing import Any

from core_api.platform.timefmt import fmt
from core_api.system.dept.models import SysDept
from core_api.system.role.models import SysRole
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser, SysUserRole

USER_FIELDS = (
    "user_id", "dept_id", "user_name", "nick_name", "user_type", "email", "phonenumber", "sex", "avatar",
    "status", "del_flag", "login_ip", "login_date", "pwd_update_date", "create_by", "create_time",
    "update_by", "update_time", "remark",
)


def dept_view(d: dict[str, Any] | None) -> dict[str, Any] | None:
    if not d:
        return None
    return {
        "deptId": d["dept_id"], "parentId": d["parent_id"], "ancestors": d["ancestors"],
        "deptName": d["dept_name"], "orderNum": d["order_num"], "leader": d["leader"], "status": d["status"],
    }


def role_view(r: dict[str, Any]) -> dict[str, Any]:
    return {
        "roleId": r["role_id"], "roleName": r["role_name"], "roleKey": r["role_key"],
        "roleSort": r["role_sort"], "dataScope": r["data_scope"], "status": r["status"],
        "admin": r["role_id"] == 1,
    }


def user_view(u: dict[str, Any], dept: dict[str, Any] | None, roles: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "userId": u["user_id"],
        "deptId": u["dept_id"],
        "userName": u["user_name"],
        "nickName": u["nick_name"],
        "userType": u["user_type"],
        "email": u["email"],
        "phonenumber": u["phonenumber"],
        "sex": u["sex"],
        "avatar": u["avatar"],
        "status": u["status"],
        "delFlag": u["del_flag"],
        "loginIp": u["login_ip"],
        "loginDate": fmt(u["login_date"]),
        "pwdUpdateDate": fmt(u["pwd_update_date"]),
        "createBy": u["create_by"],
        "createTime": fmt(u["create_time"]),
        "updateBy": u["update_by"],
        "updateTime": fmt(u["update_time"]),
        "remark": u["remark"],
        "dept": dept_view(dept),
        "roles": [role_view(r) for r in roles],
        "admin": u["user_id"] == SUPER_ADMIN_ID,
    }


async def load_user(user_id: int) -> tuple[dict[str, Any], dict[str, Any] | None, list[dict[str, Any]]] | None:
    rows = await SysUser.filter(user_id=user_id).values(*USER_FIELDS)
    if not rows:
        return None
    user = rows[0]
    dept = None
    if user["dept_id"] is not None:
        depts = await SysDept.filter(dept_id=user["dept_id"]).values()
        dept = depts[0] if depts else None
    role_ids = await SysUserRole.filter(user_id=user_id).values_list("role_id", flat=True)
    roles = []
    if role_ids:
        roles = await SysRole.filter(role_id__in=list(role_ids), del_flag="0").order_by("role_sort").values()
    return user, dept, roles
