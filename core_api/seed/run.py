"""Seeding: inserts what is missing, never overwrites what an operator changed; safe to run every start."""

from __future__ import annotations

import logging
from typing import Any

from tortoise import connections
from tortoise.transactions import in_transaction

from core_api.business import business_apis
from core_api.monitor.job.models import SysJob
from core_api.platform import partitions
from core_api.platform.passwords import hash_password
from core_api.seed import data
from core_api.seed.menus import TREE, Declared, Dir, Menu, menu_path, route_name
from core_api.system.config.models import SysConfig
from core_api.system.dept.models import SysDept
from core_api.system.dict.models import SysDictData, SysDictType
from core_api.system.menu.models import SysMenu
from core_api.system.post.models import SysPost
from core_api.system.role.models import SysRole, SysRoleDept, SysRoleMenu
from core_api.system.user.models import SysUser, SysUserPost, SysUserRole

log = logging.getLogger("console.seed")
DASHBOARD_PERM = "index:dashboard:view"


async def seed() -> dict[str, int]:
    added: dict[str, int] = {}
    async with in_transaction():
        added["depts"] = await _depts()
        added["posts"] = await _posts()
        dashboard_was_there = await SysMenu.filter(perms=DASHBOARD_PERM).exists()
        shop_role = await SysRole.get_or_none(role_key="shop_staff")
        new_perms: set[str] = set()
        added["menus"] = await _menus(new_perms)
        if not dashboard_was_there:
            await _keep_the_home_page_open()
        if shop_role is not None:  # an installed shop role gets the shop menus that appear with this version
            await _grant(shop_role, [p for p in data.SHOP_STAFF_PERMS if p in new_perms])
        added["roles"] = await _roles()
        added["users"] = await _users()
        added["dicts"] = await _dicts()
        added["configs"] = await _configs()
        added["jobs"] = await _jobs()
    await _sync_sequences()
    from core_api.region.division.loader import ensure_regions
    from core_api.region.place.store import load_region_places

    added["regions"] = await ensure_regions()  # the shipped dataset, when the table holds another version
    added["region_places"] = await load_region_places()  # the divisions' centres for the nearby search
    return added


async def _depts() -> int:
    n = 0
    for dept_id, parent_id, name, order in data.DEPTS:
        if await SysDept.filter(dept_id=dept_id).exists():
            continue
        parent = await SysDept.get_or_none(dept_id=parent_id)
        ancestors = f"{parent.ancestors},{parent_id}" if parent else "0"
        await SysDept.create(dept_id=dept_id, parent_id=parent_id, ancestors=ancestors, dept_name=name,
                             order_num=order, leader="管理员", create_by="admin")
        n += 1
    return n


async def _posts() -> int:
    n = 0
    for post_id, code, name, sort in data.POSTS:
        if not await SysPost.filter(post_code=code).exists():
            await SysPost.create(post_id=post_id, post_code=code, post_name=name, post_sort=sort, create_by="admin")
            n += 1
    return n


async def _menus(new_perms: set[str]) -> int:
    """Inserts the missing menus; the permissions of those it creates are added to ``new_perms``."""
    counter = [0]

    async def upsert(parent_id: int, order: int, node: Dir | Menu | Declared, dir_path: str) -> int:
        if isinstance(node, Declared):
            node = node.menu()
        if isinstance(node, Dir):
            row = await SysMenu.get_or_none(parent_id=parent_id, menu_type="M", path=node.path)
            if row is None:
                row = await SysMenu.create(
                    menu_name=node.name, parent_id=parent_id, order_num=order, path=node.path, menu_type="M",
                    visible="1" if node.hidden else "0", icon=node.icon, create_by="admin",
                )
                counter[0] += 1
            for i, child in enumerate(node.children, start=1):
                await upsert(row.menu_id, i, child, node.path)
            return row.menu_id
        path = menu_path(node, dir_path)
        row = await SysMenu.get_or_none(parent_id=parent_id, menu_type="C", component=node.view)
        if row is None:
            row = await SysMenu.create(
                menu_name=node.name, parent_id=parent_id, order_num=order, path=path, component=node.view,
                route_name=route_name(node.view), menu_type="C", visible="1" if node.hidden else "0",
                perms=node.perm, icon=node.icon, is_frame=node.is_frame, create_by="admin",
            )
            counter[0] += 1
            new_perms.add(node.perm)
        for i, (name, perm) in enumerate(node.button_perms(), start=1):
            if not await SysMenu.filter(parent_id=row.menu_id, menu_type="F", perms=perm).exists():
                await SysMenu.create(menu_name=name, parent_id=row.menu_id, order_num=i, menu_type="F",
                                     perms=perm, create_by="admin")
                counter[0] += 1
                new_perms.add(perm)
        return row.menu_id

    business_apis()  # imports every feature: the declared entries are drawn from their declarations
    for i, top in enumerate(TREE, start=1):
        await upsert(0, i, top, "")
    return counter[0]


async def _keep_the_home_page_open() -> None:
    """An install from before the dashboard had its permission showed the home page to everybody: its
    roles get the new permission with the menu (a fresh install has no roles yet; common gets it below)."""
    for role in await SysRole.exclude(role_key="admin"):
        await _grant(role, [DASHBOARD_PERM])


async def _roles() -> int:
    n = 0
    for role_id, name, key, sort, scope, depts in data.ROLES:
        if await SysRole.filter(role_key=key).exists():
            continue
        # an operator's role may have taken the id: then the next free one
        given: dict[str, Any] = {} if await SysRole.filter(role_id=role_id).exists() else {"role_id": role_id}
        role = await SysRole.create(**given, role_name=name, role_key=key, role_sort=sort, data_scope=scope,
                                    create_by="admin")
        for dept_id in depts:
            await SysRoleDept.create(role_id=role.role_id, dept_id=dept_id)
        if key == "common":
            await _grant(role, data.COMMON_ROLE_PERMS)
        if key == "shop_staff":
            await _grant(role, data.SHOP_STAFF_PERMS)
        n += 1
    return n


async def _grant(role: SysRole, perms: list[str]) -> None:
    """Grants menus by permission, with every ancestor directory so that the tree is reachable (those the role
    holds already are left as they are)."""
    if not perms:
        return
    rows = await SysMenu.all().values("menu_id", "parent_id", "perms")
    by_id = {r["menu_id"]: r for r in rows}
    held: set[int] = set(await SysRoleMenu.filter(role_id=role.role_id).values_list(
        "menu_id", flat=True))  # type: ignore[arg-type]
    wanted = set(held)
    for r in rows:
        if r["perms"] in perms:
            node: dict[str, Any] | None = r
            while node is not None and node["menu_id"] not in wanted:
                wanted.add(node["menu_id"])
                node = by_id.get(node["parent_id"])
    for menu_id in sorted(wanted - held):
        await SysRoleMenu.create(role_id=role.role_id, menu_id=menu_id)


async def _users() -> int:
    n = 0
    hashed: str | None = None
    for user_id, user_name, nick, dept, email, phone, sex, role_id, post_id in data.USERS:
        if await SysUser.filter(user_name=user_name).exists():
            continue
        hashed = hashed or await hash_password(data.DEFAULT_PASSWORD)
        user = await SysUser.create(user_id=user_id, user_name=user_name, nick_name=nick, dept_id=dept, email=email,
                                    phonenumber=phone, sex=sex, password=hashed, create_by="admin",
                                    remark="管理员" if user_id == 1 else "测试员")
        await SysUserRole.create(user_id=user.user_id, role_id=role_id)
        await SysUserPost.create(user_id=user.user_id, post_id=post_id)
        n += 1
    return n


async def _dicts() -> int:
    n = 0
    for dict_type, (name, items) in data.DICTS.items():
        if not await SysDictType.filter(dict_type=dict_type).exists():
            await SysDictType.create(dict_name=name, dict_type=dict_type, create_by="admin", remark=name + "列表")
            n += 1
        if await SysDictData.filter(dict_type=dict_type).exists():
            continue
        for sort, (label, value, list_class, default, label_en) in enumerate(items, start=1):
            await SysDictData.create(dict_sort=sort, dict_label=label, dict_label_en=label_en, dict_value=value,
                                     dict_type=dict_type,
                                     list_class=list_class or "default", is_default=default, create_by="admin")
    return n


def builtin_configs() -> list[tuple[str, str, str]]:
    """Every built-in parameter (name, key, value): the seed's and each partitioned table's retention."""
    retention = [(f"月分区-{spec.title}保留月数(0不限，12,drop删除)", partitions.keep_key(table), spec.keep)
                 for table, spec in partitions.REGISTRY.items()]
    return [*data.CONFIGS, *retention]


async def _configs() -> int:
    n = 0
    for name, key, value in builtin_configs():
        if not await SysConfig.filter(config_key=key).exists():
            await SysConfig.create(config_name=name, config_key=key, config_value=value, config_type="Y",
                                   create_by="admin")
            n += 1
    return n


async def _jobs() -> int:
    n = 0
    for name, group, handler, params, cron, policy, status in data.JOBS:
        if not await SysJob.filter(job_name=name, job_group=group).exists():
            await SysJob.create(job_name=name, job_group=group, invoke_target=handler, job_params=params,
                                cron_expression=cron, misfire_policy=policy, concurrent="1", status=status,
                                create_by="admin")
            n += 1
    return n


async def _sync_sequences() -> None:
    """Rows inserted with explicit ids leave PostgreSQL's sequences behind: move them past the maximum."""
    conn = connections.get("default")
    if conn.capabilities.dialect != "postgres":
        return
    for table, pk in (("sys_dept", "dept_id"), ("sys_post", "post_id"), ("sys_role", "role_id"),
                      ("sys_user", "user_id")):
        await conn.execute_query(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{pk}'), "  # noqa: S608 - constants only
            f"GREATEST((SELECT COALESCE(MAX({pk}), 1) FROM {table}), 1))"
        )
