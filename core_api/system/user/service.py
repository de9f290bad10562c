"""System users: the record as the contract shows it (RuoYi's SysUser, never the password)."""

from __future__ import annotations

from typing import Any

from core_api.platform.errors import ServiceError
from core_api.platform.schema import english
from core_api.platform.security import Authz
from core_api.platform.timefmt import fmt
from core_api.system.dept.models import SysDept
from core_api.system.post.models import SysPost
from core_api.system.role.models import SysRole
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser, SysUserPost, SysUserRole

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
    rows = await SysUser.filter(user_id=user_id).values(*USER_FIELDS, "shop_id")
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


# ---- rules shared by the user, role and profile routes ----------------------------------------------

PASSWORD_FORBIDDEN = set("<>\"'\\|")


def check_password_rule(password: str) -> None:
    if not 5 <= len(password) <= 20:
        raise ServiceError("用户密码长度必须介于 5 和 20 之间")
    if PASSWORD_FORBIDDEN & set(password):
        raise ServiceError("密码不能包含非法字符：< > \" ' \\ |")


def check_user_allowed(user_id: int) -> None:
    """Nobody, the super administrator included, edits, resets, disables, deletes or re-roles the super
    administrator through the user calls (RuoYi's checkUserAllowed); its owner uses the personal centre."""
    if user_id == SUPER_ADMIN_ID:
        raise ServiceError("不允许操作超级管理员用户")


async def check_user_scope(caller: Authz, user_ids: list[int]) -> None:
    """Every user id a caller names must be inside their data scope."""
    if caller.scope.all:
        return
    rows = await SysUser.filter(user_id__in=user_ids).values_list("user_id", "dept_id")
    if len(rows) != len(set(user_ids)) or not all(caller.scope.allows_user(uid, dept) for uid, dept in rows):
        raise ServiceError("没有权限访问用户数据！")


async def user_name_taken(user_name: str, user_id: int | None = None) -> bool:
    """User names are unique without regard to case: "Admin" is admin's. This check gives the clear message; a
    unique index on LOWER(user_name) (migration 0037) decides a race. Sign-in still matches the name exactly."""
    qs = SysUser.filter(user_name__iexact=user_name)
    return await (qs.exclude(user_id=user_id) if user_id else qs).exists()


async def check_unique(user_id: int | None, user_name: str | None, phone: str | None, email: str | None,
                       action: str, label: str) -> None:
    others = SysUser.exclude(user_id=user_id) if user_id else SysUser.all()
    if user_name and await user_name_taken(user_name, user_id):
        raise ServiceError(f"{action}用户'{label}'失败，登录账号已存在")
    if phone and await others.filter(phonenumber=phone).exists():
        raise ServiceError(f"{action}用户'{label}'失败，手机号码已存在")
    if email and await others.filter(email=email).exists():
        raise ServiceError(f"{action}用户'{label}'失败，邮箱账号已存在")


async def replace_links(user_id: int, role_ids: list[int] | None, post_ids: list[int] | None) -> None:
    """Sets a user's roles and posts (None leaves them as they are). Call inside a transaction."""
    if role_ids is not None:
        await SysUserRole.replace("user_id", user_id, "role_id", role_ids)
    if post_ids is not None:
        if await SysPost.filter(post_id__in=post_ids).count() != len(set(post_ids)):
            raise ServiceError("岗位不存在")
        await SysUserPost.replace("user_id", user_id, "post_id", post_ids)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "用户密码长度必须介于 5 和 20 之间": "The password must be between 5 and 20 characters long",
    "不允许操作超级管理员用户": "The super administrator may not be changed",
    "{action}用户'{label}'失败，登录账号已存在": "{action} user '{label}' failed: the user name already exists",
    "{action}用户'{label}'失败，手机号码已存在": "{action} user '{label}' failed: the mobile number already exists",
    "{action}用户'{label}'失败，邮箱账号已存在": "{action} user '{label}' failed: the email already exists",
    "岗位不存在": "The post does not exist",
}, words={
    "新增": "Creating",
    "修改": "Updating",
})
