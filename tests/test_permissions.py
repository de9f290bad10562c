"""The permission requirement and the data-scope helper, on real roles and departments."""

from __future__ import annotations

import pytest

from core_api.platform.security import Authz, DataScope, Need, all_perms, all_roles, any_perm, any_role
from core_api.platform.state import AUTH
from core_api.system.role.models import SysRole, SysRoleDept
from core_api.system.user.models import SysUser, SysUserRole


def authz(roles=(), perms=(), is_admin=False) -> Authz:
    return Authz(user_id=5, user_name="u", dept_id=None, dept_name="", roles=tuple(roles), role_ids=(),
                 permissions=frozenset(perms), scope=DataScope(), is_admin=is_admin)


def test_any_of_and_all_of():
    user = authz(roles=["common"], perms=["system:user:list", "system:user:query"])
    assert any_perm("system:user:add", "system:user:list").allows(user)
    assert not any_perm("system:user:add").allows(user)
    assert all_perms("system:user:list", "system:user:query").allows(user)
    assert not all_perms("system:user:list", "system:user:add").allows(user)
    assert any_role("common", "boss").allows(user)
    assert not all_roles("common", "boss").allows(user)
    assert Need(perms=("system:user:list",), roles=("boss",)).allows(user) is False


def test_admin_role_and_wildcard_pass_everything():
    assert all_roles("anything", "else").allows(authz(roles=["admin"]))
    assert all_perms("a:b:c", "x:y:z").allows(authz(perms=["*:*:*"]))


@pytest.mark.parametrize("need", [Need(), any_perm(), all_roles()])
def test_an_empty_requirement_fails(need):
    assert not need.allows(authz(roles=["admin"], perms=["*:*:*"]))


async def scope_of(client, user_name: str) -> DataScope:
    user = await SysUser.get(user_name=user_name)
    auth = client.app[AUTH]
    await auth.authz_changed()
    cached = await auth.cached_user(user.user_id)
    assert cached is not None
    return cached.authz.scope


async def visible_users(scope: DataScope) -> set[str]:
    qs = SysUser.all()
    condition = scope.user_filter()
    if condition is not None:
        qs = qs.filter(condition)
    return set(await qs.values_list("user_name", flat=True))


async def add_user(name: str, dept_id: int, role: SysRole) -> SysUser:
    user = await SysUser.create(user_name=name, nick_name=name, password="x", dept_id=dept_id)
    await SysUserRole.create(user_id=user.user_id, role_id=role.role_id)
    return user


async def test_data_scope_all_custom_dept_below_and_self(client):
    # admin sees everybody
    assert (await scope_of(client, "admin")).all
    role = await SysRole.create(role_name="范围", role_key="scoped", role_sort=5, data_scope="2")
    await SysRoleDept.create(role_id=role.role_id, dept_id=108)
    await add_user("in108", 108, role)
    await add_user("in109", 109, role)
    await add_user("in103", 103, role)
    # custom: exactly the granted departments
    assert await visible_users(await scope_of(client, "in109")) == {"in108"}
    # own department only
    await SysRole.filter(role_id=role.role_id).update(data_scope="3")
    assert await visible_users(await scope_of(client, "in109")) == {"in109"}
    # own department and below: 101 holds 103..107 (admin in 103, ry in 105)
    await SysUser.filter(user_name="in103").update(dept_id=101)
    await SysRole.filter(role_id=role.role_id).update(data_scope="4")
    assert await visible_users(await scope_of(client, "in103")) == {"admin", "ry", "in103"}
    # self only
    await SysRole.filter(role_id=role.role_id).update(data_scope="5")
    scope = await scope_of(client, "in108")
    assert await visible_users(scope) == {"in108"}
    assert scope.allows_user((await SysUser.get(user_name="in108")).user_id, 108)
    assert not scope.allows_dept(108)


async def test_a_user_without_roles_sees_nothing(client):
    user = await SysUser.create(user_name="lonely", nick_name="lonely", password="x", dept_id=105)
    scope = await scope_of(client, "lonely")
    assert await visible_users(scope) == set()
    assert (await client.app[AUTH].cached_user(user.user_id)).authz.permissions == frozenset()
