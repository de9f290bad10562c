"""Menus (RuoYi /system/menu)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from aiohttp import web
from pydantic import AfterValidator, Field
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import created, updated
from core_api.platform.contract.system import MenuListOut, MenuOut, RoleMenuTreeOut, TreeOut
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import camel_row, parse_ids
from core_api.platform.schema import EditSchema, Flag, Schema, english
from core_api.platform.security import Authz, Principal, any_perm
from core_api.platform.state import AUTH
from core_api.platform.tree import build_tree, tree_select
from core_api.system.menu.models import SysMenu
from core_api.system.menu.service import MENU_FIELDS, TYPE_BUTTON, TYPE_DIR
from core_api.system.role.models import SysRole, SysRoleMenu

api = Api("menu")
FIELDS = (*MENU_FIELDS, "create_time", "create_by", "update_by", "update_time", "remark")
# module:resource:action, each letters, digits, _ or -: no wildcard, no list, no spaces.
PERMS_RE = re.compile(r"[A-Za-z0-9_\-]+:[A-Za-z0-9_\-]+:[A-Za-z0-9_\-]+")
URL_RE = re.compile(r"^https?://[\w.-]+(:\d+)?(/[\w\-./?%&=#:~+@!$,;]*)?$")


def check_perms(value: str | None) -> str | None:
    if value and not PERMS_RE.fullmatch(value):
        raise ValueError("必须是“模块:资源:操作”的形式，每段只含字母、数字、_ 或 -")
    return value


def check_perms_held(authz: Authz, perms: str | None, stored: str | None = None) -> None:
    """Only the super administrator writes a permission the caller does not hold: otherwise a menu editor
    could put any permission on a button of their own role (an unchanged value is no new grant)."""
    if perms and perms != stored and not authz.is_admin and not authz.has_permi(perms):
        raise ServiceError(f"不能设置自己没有的权限字符'{perms}'")


class MenuQuery(Schema):
    menu_name: str | None = Field(None, max_length=50)
    visible: Flag | None = Field(None, pattern=r"^[01]?$")
    status: Flag | None = Field(None, pattern=r"^[01]?$")


class MenuBody(EditSchema):
    menu_id: int | None = None
    menu_name: str = Field(title="菜单名称", min_length=1, max_length=50)
    parent_id: int = Field(0, title="上级菜单", ge=0)
    order_num: int = Field(0, title="显示排序", ge=0, le=9999)
    path: str = Field("", title="路由地址", max_length=200)
    component: str | None = Field(None, title="组件路径", max_length=255, pattern=r"^[A-Za-z0-9_\-/]*$")
    query: str | None = Field(None, title="路由参数", max_length=255)
    route_name: str = Field("", title="路由名称", max_length=50, pattern=r"^[A-Za-z0-9_\-]*$")
    is_frame: Flag = Field("1", title="是否外链", pattern=r"^[01]$")
    is_cache: Flag = Field("0", title="是否缓存", pattern=r"^[01]$")
    menu_type: str = Field(title="菜单类型", pattern=r"^[MCF]$")
    visible: Flag = Field("0", title="显示状态", pattern=r"^[01]$")
    status: Flag = Field("0", title="菜单状态", pattern=r"^[01]$")
    perms: Annotated[str | None, AfterValidator(check_perms)] = Field(None, title="权限字符", max_length=100)
    icon: str | None = Field("#", title="菜单图标", max_length=100, pattern=r"^[A-Za-z0-9_#\-]*$")
    remark: str | None = Field(None, title="备注", max_length=500)
    children: list | None = Field(None, exclude=True)
    parent_name: str | None = Field(None, exclude=True)


class SortBody(Schema):
    menu_ids: str = Field(title="菜单", pattern=r"^\d+(,\d+)*$")
    order_nums: str = Field(title="排序", pattern=r"^\d+(,\d+)*$")


async def visible_rows(authz: Authz, query: MenuQuery | None = None) -> list[dict[str, Any]]:
    """Every menu for the administrator; the menus their roles grant for anybody else."""
    qs = SysMenu.all()
    if not authz.is_admin:
        granted = await SysRoleMenu.filter(role_id__in=list(authz.role_ids)).values_list("menu_id", flat=True)
        qs = qs.filter(menu_id__in=list(granted))
    if query is not None:
        if query.menu_name:
            qs = qs.filter(menu_name__icontains=query.menu_name)
        if query.visible:
            qs = qs.filter(visible=query.visible)
        if query.status:
            qs = qs.filter(status=query.status)
    return await qs.order_by("parent_id", "order_num", "menu_id").values(*FIELDS)


def menu_tree_select(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return tree_select(build_tree(rows, "menu_id", "parent_id"), "menu_id", lambda m: m["menu_name"])


@api.get("/system/menu/list", need=any_perm("system:menu:list"), summary="Menus the caller may see (flat)",
         response=MenuListOut)
async def list_menus(principal: Principal, query: MenuQuery) -> web.Response:
    return ok(data=[camel_row(r) for r in await visible_rows(principal.authz, query)])


@api.get(r"/system/menu/{menuId:\d+}", need=any_perm("system:menu:query"), summary="One menu", response=MenuOut)
async def get_menu(menuId: int) -> web.Response:  # noqa: N803 - the contract's name
    rows = await SysMenu.filter(menu_id=menuId).values(*FIELDS)
    if not rows:
        raise NotFound()
    return ok(data=camel_row(rows[0]))


@api.get("/system/menu/treeselect", login_only=True, summary="Menu tree (TreeSelect) of the caller's menus",
         response=TreeOut)
async def menu_tree(principal: Principal) -> web.Response:
    return ok(data=menu_tree_select(await visible_rows(principal.authz)))


@api.get(r"/system/menu/roleMenuTreeselect/{roleId:\d+}", login_only=True,
         summary="Menu tree with the role's menus checked", response=RoleMenuTreeOut)
async def role_menu_tree(principal: Principal, roleId: int) -> web.Response:  # noqa: N803
    role = await SysRole.get_or_none(role_id=roleId, del_flag="0")
    if role is None:
        raise NotFound()
    rows = await visible_rows(principal.authz)
    granted = await SysRoleMenu.filter(role_id=roleId).values_list("menu_id", flat=True)
    if role.menu_check_strictly:
        parents = {r["parent_id"] for r in rows if r["menu_id"] in granted}
        granted = [m for m in granted if m not in parents]
    return ok(checkedKeys=sorted(granted), menus=menu_tree_select(rows))


async def check_menu(body: MenuBody, action: str) -> None:
    siblings = SysMenu.filter(parent_id=body.parent_id, menu_name=body.menu_name)
    if body.menu_id:
        siblings = siblings.exclude(menu_id=body.menu_id)
    if await siblings.exists():
        raise ServiceError(f"{action}菜单'{body.menu_name}'失败，菜单名称已存在")
    if body.parent_id and not await SysMenu.filter(menu_id=body.parent_id).exists():
        raise ServiceError(f"{action}菜单'{body.menu_name}'失败，上级菜单不存在")
    if body.menu_type != TYPE_BUTTON:
        if not body.path:
            raise ServiceError("路由地址不能为空")
        http = body.path.startswith(("http://", "https://"))
        if body.is_frame == "0" and not http:
            raise ServiceError(f"{action}菜单'{body.menu_name}'失败，地址必须以http(s)://开头")
        if http and not URL_RE.match(body.path):
            raise ServiceError(f"{action}菜单'{body.menu_name}'失败，链接地址格式不正确")
        if not http and not re.fullmatch(r"[A-Za-z0-9_\-/:]+", body.path):
            raise ServiceError(f"{action}菜单'{body.menu_name}'失败，路由地址只能包含字母、数字、-、_ 和 /")
        if body.route_name:
            same = SysMenu.filter(route_name=body.route_name)
            if body.menu_id:
                same = same.exclude(menu_id=body.menu_id)
            if await same.exists():
                raise ServiceError(f"{action}菜单'{body.menu_name}'失败，路由名称或地址已存在")


def values(body: MenuBody) -> dict:
    out = {"menu_name": body.menu_name, "parent_id": body.parent_id, "order_num": body.order_num,
           "path": body.path, "component": body.component or None, "query": body.query or None,
           "route_name": body.route_name, "is_frame": body.is_frame, "is_cache": body.is_cache,
           "menu_type": body.menu_type, "visible": body.visible, "status": body.status,
           "perms": body.perms or None, "icon": body.icon or "#", "remark": body.remark}
    if body.menu_type == TYPE_BUTTON:
        out.update(path="", component=None, icon="#")
    elif body.menu_type == TYPE_DIR:
        out.update(component=None if body.component != "ParentView" else body.component)
    return out


@api.post("/system/menu", need=any_perm("system:menu:add"), summary="Create a menu",
          log=OperLogSpec("菜单管理", BusinessType.INSERT))
async def create_menu(request: web.Request, principal: Principal, body: MenuBody) -> web.Response:
    body.menu_id = None
    check_perms_held(principal.authz, body.perms)
    await check_menu(body, "新增")
    await SysMenu.create(**values(body), **created(request, principal))
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/menu", need=any_perm("system:menu:edit"), summary="Update a menu",
         log=OperLogSpec("菜单管理", BusinessType.UPDATE))
async def update_menu(request: web.Request, principal: Principal, body: MenuBody) -> web.Response:
    stored = await SysMenu.get_or_none(menu_id=body.menu_id) if body.menu_id else None
    if stored is None:
        raise NotFound()
    check_perms_held(principal.authz, body.perms, stored.perms)
    if body.parent_id == body.menu_id:
        raise ServiceError(f"修改菜单'{body.menu_name}'失败，上级菜单不能选择自己")
    await check_menu(body, "修改")
    await SysMenu.filter(menu_id=body.menu_id).update(**values(body), **updated(request, principal))
    await request.app[AUTH].authz_changed()
    return ok()


@api.put("/system/menu/updateSort", need=any_perm("system:menu:edit"), summary="Save the order of several menus",
         log=OperLogSpec("菜单管理", BusinessType.UPDATE))
async def sort_menus(request: web.Request, principal: Principal, body: SortBody) -> web.Response:
    ids, orders = parse_ids(body.menu_ids), [int(x) for x in body.order_nums.split(",")]
    if len(ids) != len(orders):
        raise ServiceError("菜单与排序数量不一致")
    if await SysMenu.filter(menu_id__in=ids).count() != len(set(ids)):
        raise NotFound()
    async with in_transaction():
        for menu_id, order in zip(ids, orders, strict=True):
            await SysMenu.filter(menu_id=menu_id).update(order_num=order, **updated(request, principal))
    await request.app[AUTH].authz_changed()
    return ok()


@api.delete(r"/system/menu/{menuId:\d+}", need=any_perm("system:menu:remove"),
            summary="Delete a menu (refused with children or while a role holds it)",
            log=OperLogSpec("菜单管理", BusinessType.DELETE))
async def delete_menu(request: web.Request, menuId: int) -> web.Response:  # noqa: N803
    if not await SysMenu.filter(menu_id=menuId).exists():
        raise NotFound()
    if await SysMenu.filter(parent_id=menuId).exists():
        raise ServiceError("存在子菜单,不允许删除")
    if await SysRoleMenu.filter(menu_id=menuId).exists():
        raise ServiceError("菜单已分配,不允许删除")
    await SysMenu.filter(menu_id=menuId).delete()
    await request.app[AUTH].authz_changed()
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "{action}菜单'{name}'失败，菜单名称已存在": "{action} menu '{name}' failed: the menu name already exists",
    "{action}菜单'{name}'失败，上级菜单不存在": "{action} menu '{name}' failed: the parent menu does not exist",
    "路由地址不能为空": "The route path is required",
    "{action}菜单'{name}'失败，路由名称或地址已存在":
        "{action} menu '{name}' failed: the route name or path already exists",
})
