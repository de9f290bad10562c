"""Nobody grants what they do not hold: the one rule behind every call that writes a role or hands one out.

The super administrator (user 1) may do anything here. Anybody else:

- gives a role only menus they hold themselves, and a data scope no wider than their own widest
  (1 all > 4 own department and below > 3 own department > 5 self; a caller's custom scope counts as
  4); a custom scope (2) is measured by its list instead: only departments inside the caller's scope;
- hands out only roles within what they hold by the same measure (menus, width, custom departments);
- never changes their own roles, nor a role they hold (its menus, scope, status);
- changes a role (menus, scope, status, holders) only when every holder is inside their data scope:
  a role that also serves users outside their departments belongs to whoever manages those users;
- acts on another user's access (password, roles, status, phone, e-mail, deletion, forcing them out) only
  when that user holds nothing beyond what the caller could hand out: otherwise the caller could sign in
  as someone who holds more than they do.
"""

from __future__ import annotations

from typing import Any

from tortoise.queryset import QuerySet

from core_api.platform.errors import ServiceError
from core_api.platform.security import SUPER_ROLE, Authz
from core_api.system.dept.models import SysDept
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRole, SysRoleDept, SysRoleMenu
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser, SysUserRole

# How much of the data a scope opens. A custom scope (2) held counts as "own department and below"; one
# given is judged by its departments instead, which opens exactly those.
SCOPE_WIDTH = {"1": 4, "2": 3, "4": 3, "3": 2, "5": 1}
CUSTOM = "2"
NARROWEST_SCOPE = "5"

MSG_MENUS = "不能授予自己没有的菜单权限"
MSG_SCOPE = "不能授予比自己更大的数据权限"
MSG_DEPTS = "没有权限访问部门数据！"
MSG_ROLE_DATA = "没有权限访问角色数据！"
MSG_ROLE_BEYOND = "不能分配超出自己权限的角色"
MSG_OWN_ROLE = "不允许修改自己所属的角色"
MSG_OWN_ROLES = "不允许修改自己的角色"
MSG_USER_BEYOND = "不能操作拥有超出自己权限的用户"


async def _column(qs: QuerySet[Any], name: str) -> list[Any]:
    """One column of a query (values_list's flat form is typed as tuples)."""
    return [row[name] for row in await qs.values(name)]


async def _held_menus(caller: Authz) -> set[int]:
    return set(await _column(SysRoleMenu.filter(role_id__in=list(caller.role_ids)), "menu_id"))


async def _own_width(caller: Authz) -> int:
    scopes = await _column(SysRole.filter(role_id__in=list(caller.role_ids)), "data_scope")
    return max((SCOPE_WIDTH.get(s, 0) for s in scopes), default=0)


async def check_menus(caller: Authz, menu_ids: list[int] | None) -> None:
    """Menus given to a role must exist and, below the super administrator, be held by the caller."""
    if not menu_ids:
        return
    if await SysMenu.filter(menu_id__in=menu_ids).count() != len(set(menu_ids)):
        raise ServiceError("菜单不存在")
    if not caller.is_admin and not set(menu_ids) <= await _held_menus(caller):
        raise ServiceError(MSG_MENUS)


async def check_data_scope(caller: Authz, data_scope: str, dept_ids: list[int]) -> None:
    """A data scope given to a role: no wider than the caller's, custom departments inside it."""
    if dept_ids and await SysDept.filter(dept_id__in=dept_ids, del_flag="0").count() != len(set(dept_ids)):
        raise ServiceError("部门不存在")
    if caller.is_admin:
        return
    if data_scope != CUSTOM and SCOPE_WIDTH[data_scope] > await _own_width(caller):
        raise ServiceError(MSG_SCOPE)
    if not all(caller.scope.allows_dept(d) for d in dept_ids):
        raise ServiceError(MSG_DEPTS)


async def check_role_editable(caller: Authz, role_id: int) -> None:
    """Before changing a role's menus, scope, status or holders."""
    if caller.is_admin:
        return
    if role_id in caller.role_ids:
        raise ServiceError(MSG_OWN_ROLE)
    await _check_holders_in_scope(caller, [role_id])


async def _check_holders_in_scope(caller: Authz, role_ids: list[int]) -> None:
    if caller.scope.all or not role_ids:
        return
    holders = await _column(SysUserRole.filter(role_id__in=role_ids), "user_id")
    rows = await SysUser.filter(user_id__in=holders).values("user_id", "dept_id")
    if not all(caller.scope.allows_user(r["user_id"], r["dept_id"]) for r in rows):
        raise ServiceError(MSG_ROLE_DATA)


async def check_roles_grantable(caller: Authz, role_ids: list[int]) -> None:
    """Roles handed to users: they exist, and (below the super administrator) they are not the super
    administrator's role and hold nothing beyond the caller's own menus and data scope."""
    if not role_ids:
        return
    ids = list(dict.fromkeys(role_ids))
    roles = await SysRole.filter(role_id__in=ids, del_flag="0").values("role_id", "role_key", "data_scope")
    if len(roles) != len(ids):
        raise ServiceError("角色不存在")
    if caller.is_admin:
        return
    beyond = await _beyond(caller, roles)
    if beyond:
        raise ServiceError(beyond)


async def _beyond(caller: Authz, roles: list[dict[str, Any]]) -> str | None:
    """Why these roles hold more than the caller (their menus, scope width or custom departments), or None."""
    if any(r["role_key"] == SUPER_ROLE for r in roles):
        return MSG_ROLE_DATA
    widths = [SCOPE_WIDTH.get(r["data_scope"], 4) for r in roles if r["data_scope"] != CUSTOM]
    if max(widths, default=0) > await _own_width(caller):
        return MSG_ROLE_BEYOND
    ids = [r["role_id"] for r in roles]
    menus = set(await _column(SysRoleMenu.filter(role_id__in=ids), "menu_id"))
    customs = [r["role_id"] for r in roles if r["data_scope"] == CUSTOM]
    custom = await _column(SysRoleDept.filter(role_id__in=customs), "dept_id")
    if not menus <= await _held_menus(caller) or not all(caller.scope.allows_dept(d) for d in custom):
        return MSG_ROLE_BEYOND
    return None


async def check_user_manageable(caller: Authz, user_ids: list[int]) -> None:
    """Before acting on other users' access (their password, roles, status, phone or e-mail, deleting them,
    forcing them out): below the super administrator, each must hold only roles the caller could hand out,
    so that nobody takes over an account that holds more than they do. A role held but disabled counts (it
    can be enabled again); the super administrator is never such a user."""
    if caller.is_admin or not user_ids:
        return
    if SUPER_ADMIN_ID in user_ids:
        raise ServiceError(MSG_USER_BEYOND)
    held = await _column(SysUserRole.filter(user_id__in=list(set(user_ids))), "role_id")
    roles = await SysRole.filter(role_id__in=held, del_flag="0").values("role_id", "role_key", "data_scope")
    if roles and await _beyond(caller, roles):
        raise ServiceError(MSG_USER_BEYOND)


async def check_holders_change(caller: Authz, role_id: int, user_ids: list[int], granting: bool) -> None:
    """Giving a role to users or taking it from them (the users themselves are checked by the caller)."""
    if caller.user_id in user_ids:
        raise ServiceError(MSG_OWN_ROLES)
    await _check_holders_in_scope(caller, [role_id])
    if granting:
        await check_roles_grantable(caller, [role_id])


async def check_user_roles(caller: Authz, user_id: int | None, role_ids: list[int] | None) -> None:
    """A user's whole role list set at once (create, update, authRole): None leaves it as it is.
    Only the roles added or taken away count; an unchanged list passes, even for oneself."""
    if role_ids is None:
        return
    current = set(await _column(SysUserRole.filter(user_id=user_id), "role_id")) if user_id else set()
    wanted = set(role_ids)
    added, removed = wanted - current, current - wanted
    if not added and not removed:
        return
    if user_id == caller.user_id:
        raise ServiceError(MSG_OWN_ROLES)
    await check_roles_grantable(caller, sorted(added))
    if not caller.is_admin:
        await _check_holders_in_scope(caller, sorted(added | removed))
