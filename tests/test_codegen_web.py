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


def hostile_columns(spec: list[tuple[str, str, bool]]) -> list[dict]:
    cols = []
    for i, (name, kind, pk) in enumerate(spec, start=1):
        col = column_defaults(DbColumn(name, kind, not pk, None, pk, "", None, i), i)
        col["column_comment"] = HOSTILE
        col["is_query"] = not pk
        cols.append(col)
    return cols


def test_tree_and_master_detail_screens_keep_hostile_text_inside_string_literals():
    base = {"table_comment": HOSTILE, "function_name": HOSTILE, "function_author": "x", "parent_menu_id": None}
    tree = {**base, "table_name": "shop_category", "class_name": "ShopCategory", "module_name": "shop",
            "business_name": "category", "tpl_category": "tree",
            "options": json.dumps({"treeCode": "category_id", "treeParentCode": "parent_id", "treeName": "name"})}
    tree_cols = hostile_columns([("category_id", "INTEGER", True), ("parent_id", "INTEGER", False),
                                 ("name", "VARCHAR(30)", False)])
    master = {**base, "table_name": "shop_order", "class_name": "ShopOrder", "module_name": "shop",
              "business_name": "order", "tpl_category": "sub",
              "options": json.dumps({"subTableName": "shop_order_item", "subTableFkName": "order_id"})}
    sub = {**base, "table_name": "shop_order_item", "class_name": "ShopOrderItem", "module_name": "shop",
           "business_name": "orderItem", "tpl_category": "crud"}
    master_cols = hostile_columns([("order_id", "INTEGER", True), ("order_no", "VARCHAR(30)", False)])
    sub_cols = hostile_columns([("item_id", "INTEGER", True), ("order_id", "INTEGER", False),
                                ("item_name", "VARCHAR(30)", False)])
    files = {**render.render(tree, tree_cols), **render.render(master, master_cols, sub=(sub, sub_cols))}
    literal = json.dumps(HOSTILE, ensure_ascii=False).replace("</", "<\\/")
    for path, content in files.items():
        if path.startswith("web/"):
            assert "</script>" not in content and HOSTILE not in content, path
    tree_tsx = files["web/features/generated/shop/category/list.tsx"]
    assert "<TreeSelectField" in tree_tsx and "label={" + literal + "}" in tree_tsx and "<TreeCell" in tree_tsx
    order_tsx = files["web/features/generated/shop/order/list.tsx"]
    assert "useFieldArray" in order_tsx and "<TableHead>{" + literal + "}</TableHead>" in order_tsx
    assert "label=\"" not in tree_tsx + order_tsx
