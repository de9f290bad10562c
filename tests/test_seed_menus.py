"""The seeded menu table is pinned: moving where an entry is written (menus.py, a resource's declaration) must not
change one row a role is granted by (issue 27 §2). The snapshot was dumped from the seed before the move."""

from __future__ import annotations

import json
import os
from pathlib import Path

from core_api.system.menu.models import SysMenu

SNAPSHOT = Path(__file__).parent / "snapshots" / "seeded_menus.json"


async def seeded_menus() -> list[dict]:
    """Every row of sys_menu as the seed leaves it, parents named by their place in the tree (ids aside)."""
    rows = await SysMenu.all().order_by("menu_id").values(
        "menu_id", "parent_id", "menu_name", "order_num", "path", "component", "query", "route_name", "is_frame",
        "is_cache", "menu_type", "visible", "status", "perms", "icon")
    where: dict[int, str] = {0: ""}
    out = []
    for r in rows:  # a parent is always created before its children
        place = f"{where[r['parent_id']]}/{r['menu_type']}{r['order_num']}:{r['menu_name']}"
        where[r["menu_id"]] = place
        out.append({"place": place, **{k: v for k, v in r.items() if k not in ("menu_id", "parent_id")}})
    return out


async def test_the_seeded_menu_table_is_exactly_the_snapshot(client):
    rows = await seeded_menus()
    if os.environ.get("CONSOLE_WRITE_MENU_SNAPSHOT"):
        lines = ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows)  # a row a line: a diff names the row
        SNAPSHOT.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    assert rows == json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def test_a_declared_entry_is_drawn_from_its_declaration():
    from core_api.business import business_apis
    from core_api.seed.menus import Declared

    business_apis()
    auth = Declared("account/auth/index", icon="validCode").menu()
    assert (auth.name, auth.perm, auth.icon) == ("实名认证", "account:auth:list", "validCode")
    assert auth.buttons == ["query", "add", "edit", "remove", "shelf", "export", "audit"]  # the writes, then actions
