"""The generated web screen: every text that came from the database or the operator is written as a
JSON string literal, so a hostile comment cannot end a string, a JSX expression or a tag."""

from __future__ import annotations

import json

from core_api.tools.gen import render
from core_api.tools.gen.introspect import DbColumn
from core_api.tools.gen.service import column_defaults

HOSTILE = 'x" }); alert(1); ({ "</script><b>{`${process.env.SECRET}`}'


def test_generated_tsx_keeps_hostile_text_inside_string_literals(tmp_path):
    cols = []
    for i, (name, kind, pk) in enumerate([("item_id", "INTEGER", True), ("item_name", "VARCHAR(30)", False),
                                          ("status", "CHAR(1)", False)], start=1):
        col = column_defaults(DbColumn(name, kind, not pk, None, pk, "", None, i), i)
        col["column_comment"] = HOSTILE  # as if the core's cleaning had let it through
        col["is_query"] = not pk
        cols.append(col)
    table = {"table_name": "shop_item", "table_comment": HOSTILE, "class_name": "ShopItem", "module_name": "shop",
             "business_name": "item", "function_name": HOSTILE, "function_author": "x", "parent_menu_id": None}
    files = render.render(table, cols)
    web = {p: c for p, c in files.items() if p.startswith("web/")}
    assert set(web) == {"web/features/generated/shop/item/query.ts", "web/features/generated/shop/item/list.tsx",
                        "web/features/generated/shop/item/view.tsx"}
    literal = json.dumps(HOSTILE, ensure_ascii=False).replace("</", "<\\/")
    for path, content in web.items():
        assert "</script>" not in content, path
        assert HOSTILE not in content, path  # only ever escaped
    list_tsx = web["web/features/generated/shop/item/list.tsx"]
    assert f"const TITLE = {literal};" in list_tsx
    assert "label={" + literal + "}" in list_tsx
    assert "label=\"" not in list_tsx  # never a JSX attribute string: those know no escapes
    assert 'export { view as shopItem } from "./shop/item/view";' in web["web/features/generated/shop/item/view.tsx"]
