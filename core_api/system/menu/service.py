"""Menus: the rows a user's roles grant, and the getRouters tree built from them (RuoYi's rules)."""

from __future__ import annotations

import re
from typing import Any

from core_api.platform.security import Authz
from core_api.system.menu.models import SysMenu
from core_api.system.role.models import SysRoleMenu

TYPE_DIR, TYPE_MENU, TYPE_BUTTON = "M", "C", "F"
NO_FRAME = "1"
LAYOUT, PARENT_VIEW, INNER_LINK = "Layout", "ParentView", "InnerLink"
MENU_FIELDS = (
    "menu_id", "menu_name", "parent_id", "order_num", "path", "component", "query", "route_name",
    "is_frame", "is_cache", "menu_type", "visible", "status", "perms", "icon",
)


async def granted_menu_rows(authz: Authz) -> list[dict[str, Any]]:
    """Enabled directories and menus (no buttons) the user may see, ordered for tree building."""
    qs = SysMenu.filter(status="0", menu_type__in=[TYPE_DIR, TYPE_MENU])
    if not authz.is_admin:
        if not authz.role_ids:
            return []
        menu_ids = SysRoleMenu.filter(role_id__in=list(authz.role_ids)).values_list("menu_id", flat=True)
        qs = qs.filter(menu_id__in=await menu_ids)
    rows = await qs.order_by("parent_id", "order_num", "menu_id").values(*MENU_FIELDS)
    if authz.scope.shop_id is not None:  # a shop account: no screen whose permission it may not hold
        rows = _without_empty_directories(
            [r for r in rows if r["menu_type"] != TYPE_MENU or _usable(authz, r["perms"])])
    return rows


def _usable(authz: Authz, perms: str | None) -> bool:
    """A menu without a permission, or one of whose permissions (comma-separated, as RuoYi allows) is held."""
    named = [p.strip() for p in (perms or "").split(",") if p.strip()]
    return not named or any(authz.has_permi(p) for p in named)


def _without_empty_directories(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` without the directories left with no menu below them."""
    while True:
        parents = {r["parent_id"] for r in rows}
        kept = [r for r in rows if r["menu_type"] != TYPE_DIR or r["menu_id"] in parents]
        if len(kept) == len(rows):
            return kept
        rows = kept


def child_tree(rows: list[dict[str, Any]], parent_id: int = 0) -> list[dict[str, Any]]:
    by_parent: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_parent.setdefault(row["parent_id"], []).append({**row})
    for siblings in by_parent.values():
        siblings.sort(key=lambda r: (r["order_num"], r["menu_id"]))

    def attach(pid: int) -> list[dict[str, Any]]:
        nodes = by_parent.get(pid, [])
        for node in nodes:
            node["children"] = attach(node["menu_id"])
        return nodes

    return attach(parent_id)


def is_http(link: str | None) -> bool:
    return link is not None and link.startswith(("http://", "https://"))


def is_menu_frame(m: dict[str, Any]) -> bool:
    return m["parent_id"] == 0 and m["menu_type"] == TYPE_MENU and m["is_frame"] == NO_FRAME


def is_inner_link(m: dict[str, Any]) -> bool:
    return m["is_frame"] == NO_FRAME and is_http(m["path"])


def is_parent_view(m: dict[str, Any]) -> bool:
    return m["parent_id"] != 0 and m["menu_type"] == TYPE_DIR


def inner_link_path(path: str) -> str:
    for old, new in (("http://", ""), ("https://", ""), ("www.", ""), (".", "/"), (":", "/")):
        path = path.replace(old, new)
    return path


def router_path(m: dict[str, Any]) -> str:
    path = m["path"]
    if m["parent_id"] != 0 and is_inner_link(m):
        path = inner_link_path(path)
    if m["parent_id"] == 0 and m["menu_type"] == TYPE_DIR and m["is_frame"] == NO_FRAME:
        path = "/" + m["path"]
    elif is_menu_frame(m):
        path = "/"
    return path


def component_of(m: dict[str, Any]) -> str:
    component = m["component"] or ""
    if component and not is_menu_frame(m):
        return component
    if not component and m["parent_id"] != 0 and is_inner_link(m):
        return INNER_LINK
    if not component and is_parent_view(m):
        return PARENT_VIEW
    return LAYOUT


def route_name(name: str | None, path: str) -> str:
    if name:
        return name
    cleaned = re.sub(r"[^0-9A-Za-z]", "", path) if is_http(path) else path
    return cleaned[:1].upper() + cleaned[1:]


def meta(title: str, icon: str, no_cache: bool = False, link: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"title": title, "icon": icon, "noCache": no_cache}
    if is_http(link):
        out["link"] = link
    return out


def build_routers(tree: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """RuoYi's SysMenuServiceImpl.buildMenus; empty fields are left out."""
    routers: list[dict[str, Any]] = []
    for m in tree:
        no_cache = m["is_cache"] == "1"
        router: dict[str, Any] = {
            "name": "" if is_menu_frame(m) else route_name(m["route_name"], m["path"]),
            "path": router_path(m),
            "hidden": m["visible"] == "1",
            "component": component_of(m),
            "query": m["query"],
            "meta": meta(m["menu_name"], m["icon"], no_cache, m["path"]),
        }
        children = m.get("children") or []
        if children and m["menu_type"] == TYPE_DIR:
            router["alwaysShow"] = True
            router["redirect"] = "noRedirect"
            router["children"] = build_routers(children)
        elif is_menu_frame(m):
            router["meta"] = None
            router["children"] = [
                {
                    "path": m["path"],
                    "component": m["component"],
                    "name": route_name(m["route_name"], m["path"]),
                    "meta": meta(m["menu_name"], m["icon"], no_cache, m["path"]),
                    "query": m["query"],
                    "hidden": False,
                }
            ]
        elif m["parent_id"] == 0 and is_inner_link(m):
            router["meta"] = meta(m["menu_name"], m["icon"])
            router["path"] = "/"
            path = inner_link_path(m["path"])
            router["children"] = [
                {
                    "path": path,
                    "component": INNER_LINK,
                    "name": route_name(m["route_name"], path),
                    "meta": meta(m["menu_name"], m["icon"], link=m["path"]),
                    "hidden": False,
                }
            ]
        routers.append(_drop_empty(router))
    return routers


def _drop_empty(node: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in node.items() if v not in (None, "", [], {})}
