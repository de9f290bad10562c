"""Code generator: the database catalogue, import, settings and their refusals, preview, zip, sync."""

from __future__ import annotations

import ast
import io
import zipfile

from tortoise import connections

from core_api.tools.gen.models import GenTable, GenTableColumn
from tests.conftest import BACKEND, OK, Refused

HOSTILE = "标题\"\"\" + __import__('os').system('id') # {{ 7*7 }} */ </script>"


async def make_sample_table() -> None:
    conn = connections.get("default")
    await conn.execute_script(
        "CREATE TABLE shop_notice (notice_id INTEGER PRIMARY KEY, title VARCHAR(100) NOT NULL, "
        "content TEXT, status CHAR(1), price NUMERIC(10, 2), on_sale BOOLEAN, publish_date DATE, "
        "cover_image VARCHAR(255), create_time TIMESTAMP)")
    if BACKEND == "postgres":
        await conn.execute_script(f"COMMENT ON TABLE shop_notice IS '店铺公告'; "
                                  f"COMMENT ON COLUMN shop_notice.title IS $${HOSTILE}$$")


async def test_catalogue_lists_tables_and_marks_the_products_own(admin):
    await make_sample_table()
    page = await admin.get("/tool/gen/db/list", params={"pageSize": "200"})
    by_name = {r["tableName"]: r for r in page["rows"]}
    assert by_name["shop_notice"]["managed"] is False and by_name["sys_user"]["managed"] is True
    if BACKEND == "postgres":
        assert by_name["shop_notice"]["tableComment"] == "店铺公告"
    # The product's own tables import too, and stay marked in the list of imported tables.
    assert await admin.post("/tool/gen/importTable", params={"tables": "sys_user"}) == OK
    imported = {r["tableName"]: r for r in (await admin.get("/tool/gen/list"))["rows"]}
    assert imported["sys_user"]["managed"] is True and imported["sys_user"]["className"] == "SysUser"


async def test_import_settings_preview_and_zip(admin):
    await make_sample_table()
    assert await admin.post("/tool/gen/importTable", params={"tables": "shop_notice"}) == OK
    gen = await GenTable.get(table_name="shop_notice")
    assert (gen.class_name, gen.module_name, gen.business_name) == ("ShopNotice", "shop", "notice")
    cols = {c.column_name: c for c in await GenTableColumn.filter(table_id=gen.table_id)}
    assert cols["notice_id"].is_pk and cols["title"].is_required and cols["title"].query_type == "LIKE"
    assert cols["price"].python_type == "Decimal" and cols["create_time"].html_type == "datetime"
    assert cols["content"].html_type == "editor" and cols["cover_image"].html_type == "imageUpload"
    assert cols["status"].dict_type == "sys_normal_disable" and cols["on_sale"].python_type == "bool"
    detail = (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]
    assert detail["info"]["tableName"] == "shop_notice" and len(detail["rows"]) == 9
    files = (await admin.get(f"/tool/gen/preview/{gen.table_id}"))["data"]
    assert set(files) >= {"core_api/generated/shop_notice/models.py", "core_api/generated/shop_notice/routes.py",
                          "bff/screens/gen_shop_notice.py", "tests/test_gen_shop_notice.py"}
    for path, content in files.items():
        assert "{{" not in content and "{%" not in content
        if path.endswith(".py"):
            assert_inert(ast.parse(content, filename=path))  # valid Python, and the hostile comment stays text
    zipped = await admin.get("/tool/gen/genCode/shop_notice")
    assert zipped.headers["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(await zipped.read())).namelist()
    assert "core_api/generated/shop_notice/routes.py" in names
    batch = await admin.get("/tool/gen/batchGenCode", params={"tables": "shop_notice"})
    assert batch.status == 200


async def test_hostile_settings_are_refused_and_comments_cleaned(admin):
    await make_sample_table()
    await admin.post("/tool/gen/importTable", params={"tables": "shop_notice"})
    gen = await GenTable.get(table_name="shop_notice")
    detail = (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]
    body = {**{k: v for k, v in detail["info"].items() if k in ("tableId", "tableComment", "className", "tplCategory",
                                                                   "moduleName", "businessName", "functionName",
                                                                   "functionAuthor", "options", "remark")},
            "columns": detail["rows"]}
    cases = [
        ({"className": "Evil; import os"}, "实体类名称须以大写字母开头，只含字母和数字"),
        ({"moduleName": "a-b"}, "生成模块名须以小写字母开头，只含字母和数字"),
        ({"businessName": "__class__"}, "生成业务名须以小写字母开头，只含字母和数字"),
        ({"options": {"treeCode": "x'); drop table t; --"}}, "选项'treeCode'的值'x'); drop table t; --'不合规"),
        ({"options": {"evil": "x"}}, "不支持的选项'evil'"),
        ({"columns": [{**detail["rows"][0], "pythonType": "object"}]}, "Python 类型'object'不受支持"),
        ({"columns": [{**detail["rows"][0], "htmlType": "script"}]}, "显示类型'script'不受支持"),
        ({"columns": [{**detail["rows"][0], "dictType": "x'); --"}]}, "字典类型'x'); --'格式不正确"),
        ({"columns": [{**detail["rows"][0], "columnId": 999999}]}, "访问资源不存在"),
    ]
    for change, message in cases:
        assert (await admin.put("/tool/gen", json={**body, **change}))["msg"] == message, change
    # A hostile comment is saved cleaned: nothing that could end a string or a comment survives.
    hostile = {**body, "functionName": HOSTILE[:50],
               "columns": [{**c, "columnComment": HOSTILE} for c in detail["rows"]]}
    assert await admin.put("/tool/gen", json=hostile) == OK
    saved = await GenTable.get(table_id=gen.table_id)
    for text in [saved.function_name] + [c.column_comment for c in await GenTableColumn.filter(table_id=gen.table_id)]:
        assert not any(ch in text for ch in "\"'`\\{}<>$#") and "*/" not in text
    files = (await admin.get(f"/tool/gen/preview/{gen.table_id}"))["data"]
    for path, content in files.items():
        if path.endswith(".py"):
            assert_inert(ast.parse(content))


async def test_ruoyis_table_settings_round_trip_are_checked_and_place_the_code(admin):
    """Issue 26 §5: packageName, tplWebType, genType, genPath and formColNum (RuoYi's gen_table columns; the Python
    RuoYi port's edit form requires packageName) are kept, answered, checked, and packageName places the code."""
    await make_sample_table()
    assert await admin.post("/tool/gen/importTable", params={"tables": "shop_notice"}) == OK
    gen = await GenTable.get(table_name="shop_notice")
    detail = (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]
    defaults = {"packageName": "core_api.generated", "tplWebType": "", "genType": "0", "genPath": "/", "formColNum": 2}
    assert {k: detail["info"][k] for k in defaults} == defaults
    listed = (await admin.get("/tool/gen/list"))["rows"][0]
    assert {k: listed[k] for k in defaults} == defaults
    body = {**{k: v for k, v in detail["info"].items() if k in ("tableId", "tableComment", "className", "tplCategory",
                                                                   "moduleName", "businessName", "functionName",
                                                                   "functionAuthor", "options", "remark")},
            "columns": detail["rows"]}

    chosen = {"packageName": "core_api.generated.shop", "tplWebType": "element-plus", "genType": 0,
              "genPath": "src/generated", "formColNum": 3}
    assert await admin.put("/tool/gen", json={**body, **chosen}) == OK
    kept = {**chosen, "genType": "0"}
    assert {k: (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]["info"][k] for k in kept} == kept
    assert {k: (await admin.get("/tool/gen/list"))["rows"][0][k] for k in kept} == kept
    assert await admin.put("/tool/gen", json=body) == OK  # a form that does not send them keeps them
    assert {k: (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]["info"][k] for k in kept} == kept

    # the code's module path follows the package name; the dialog its layout
    files = (await admin.get(f"/tool/gen/preview/{gen.table_id}"))["data"]
    assert {"core_api/generated/shop/__init__.py", "core_api/generated/shop/shop_notice/models.py",
            "core_api/generated/shop/shop_notice/routes.py"} <= set(files)
    assert not any(p.startswith("core_api/generated/shop_notice/") for p in files)
    assert "from core_api.generated.shop.shop_notice.models import ShopNotice" in \
        files["core_api/generated/shop/shop_notice/routes.py"]
    assert "columns={3}" in files["web/features/generated/shop/notice/list.tsx"]
    for path, content in files.items():
        if path.endswith(".py"):
            assert_inert(ast.parse(content, filename=path))

    package = "生成包路径须为 core_api.generated 或其下的包（各段小写字母开头，只含小写字母、数字和下划线）"
    path = "自定义路径须为 / 或相对路径（字母、数字、_ 和 -，以 / 分隔）"
    cases = [
        ({"packageName": "os"}, package),
        ({"packageName": "core_api.generated.x;import os"}, package),
        ({"packageName": "core_api.generated/../../etc"}, package),
        ({"packageName": "core_api.generated.Shop"}, package),
        ({"packageName": "core_api.generated.class"},
         "生成包路径'class'不合规：只能使用小写字母、数字和下划线，以字母开头，且不能是保留字"),
        ({"tplWebType": "vue4"}, "前端类型'vue4'不受支持"),
        ({"genType": "1"}, "生成代码方式只能为 zip 压缩包：本系统不在服务器上写入代码"),
        ({"genType": "2"}, "生成代码方式格式不正确"),
        ({"genPath": "../../etc"}, path),
        ({"genPath": "/etc/passwd"}, path),
        ({"genPath": "src\\gen"}, path),
        ({"formColNum": 0}, "表单布局不能小于1"),
        ({"formColNum": 5}, "表单布局不能大于4"),
    ]
    for change, message in cases:
        assert await admin.put("/tool/gen", json={**body, **change}) == Refused(message), change
    assert {k: (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]["info"][k] for k in kept} == kept


def assert_inert(tree: ast.AST) -> None:
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert not calls & {"__import__", "eval", "exec", "compile", "open"} and "system" not in attrs


async def test_unknown_and_malformed_tables(admin):
    assert (await admin.post("/tool/gen/importTable", params={"tables": "no_such_table"}))["msg"] == \
        "数据库中不存在表'no_such_table'"
    sql = await admin.post("/tool/gen/importTable", params={"tables": "sys_user;drop table sys_user"})
    assert sql["code"] == 500 and "表名" in sql["msg"]
    conn = connections.get("default")
    await conn.execute_script('CREATE TABLE "Weird-Name" (id INTEGER PRIMARY KEY)')
    page = await admin.get("/tool/gen/db/list", params={"pageSize": "200"})
    assert "Weird-Name" in {r["tableName"] for r in page["rows"]}  # listed, never importable
    assert (await admin.post("/tool/gen/importTable", params={"tables": "Weird-Name"}))["code"] == 500
    assert (await admin.get("/tool/gen/genCode/no_such_table"))["code"] == 404
    assert (await admin.get("/tool/gen/preview/999"))["code"] == 404


async def test_sync_and_delete(admin):
    await make_sample_table()
    await admin.post("/tool/gen/importTable", params={"tables": "shop_notice"})
    gen = await GenTable.get(table_name="shop_notice")
    await GenTableColumn.filter(table_id=gen.table_id, column_name="title").update(column_comment="我的标题")
    conn = connections.get("default")
    await conn.execute_script("ALTER TABLE shop_notice ADD COLUMN author VARCHAR(30)")
    assert await admin.get("/tool/gen/synchDb/shop_notice") == OK
    cols = {c.column_name: c for c in await GenTableColumn.filter(table_id=gen.table_id)}
    assert "author" in cols and cols["title"].column_comment == "我的标题"
    assert await admin.delete(f"/tool/gen/{gen.table_id}") == OK
    assert not await GenTableColumn.filter(table_id=gen.table_id).exists()
    listed = await admin.get("/tool/gen/db/list", params={"tableName": "shop_notice"})
    assert [r["tableName"] for r in listed["rows"]] == ["shop_notice"]  # importable again


async def settings_of(admin, table: str) -> tuple[int, dict, list[dict]]:
    gen = await GenTable.get(table_name=table)
    detail = (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]
    body = {k: v for k, v in detail["info"].items() if k in ("tableId", "tableComment", "className", "moduleName",
                                                              "businessName", "functionName", "functionAuthor",
                                                              "remark")}
    return gen.table_id, body, detail["rows"]


async def test_tree_and_master_detail_settings_are_checked(admin):
    conn = connections.get("default")
    await conn.execute_script(
        "CREATE TABLE shop_category (category_id INTEGER PRIMARY KEY, parent_id INTEGER, "
        "category_name VARCHAR(50) NOT NULL);"
        "CREATE TABLE shop_order (order_id INTEGER PRIMARY KEY, order_no VARCHAR(30) NOT NULL);"
        "CREATE TABLE shop_order_item (item_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL, "
        "product_name VARCHAR(50))")
    assert await admin.post("/tool/gen/importTable", params={"tables": "shop_category,shop_order"}) == OK
    _, tree, tree_cols = await settings_of(admin, "shop_category")
    good_tree = {"treeCode": "category_id", "treeParentCode": "parent_id", "treeName": "category_name"}
    tree_cases = [
        ({}, "树表须设置树编码字段"),
        ({**good_tree, "treeParentCode": ""}, "树表须设置树父编码字段"),
        ({**good_tree, "treeName": "no_such_column"}, "树名称字段'no_such_column'不是本表的列"),
        ({**good_tree, "treeCode": "parent_id"}, "树编码字段'parent_id'须为整数主键"),
        ({**good_tree, "treeParentCode": "category_name"}, "树父编码字段'category_name'须为主键以外的整数列"),
    ]
    for options, message in tree_cases:
        saved = await admin.put("/tool/gen", json={**tree, "tplCategory": "tree", "options": options,
                                                   "columns": tree_cols})
        assert saved == {"code": 500, "msg": message}, options
    saved = await admin.put("/tool/gen", json={**tree, "tplCategory": "tree", "options": good_tree,
                                               "columns": tree_cols})
    assert saved == OK

    order_id, order, order_cols = await settings_of(admin, "shop_order")
    good_sub = {"subTableName": "shop_order_item", "subTableFkName": "order_id"}
    sub_cases = [
        ({}, "主子表须设置关联子表的表名"),
        ({**good_sub, "subTableName": "shop_order"}, "子表不能是主表自身"),
        (good_sub, "子表'shop_order_item'尚未导入"),
    ]
    for options, message in sub_cases:
        saved = await admin.put("/tool/gen", json={**order, "tplCategory": "sub", "options": options,
                                                   "columns": order_cols})
        assert saved == {"code": 500, "msg": message}, options
    assert await admin.post("/tool/gen/importTable", params={"tables": "shop_order_item"}) == OK
    sub_cases = [
        ({"subTableName": "shop_order_item"}, "主子表须设置子表关联的外键名"),
        ({**good_sub, "subTableFkName": "orderid"}, "外键'orderid'不是子表'shop_order_item'的列"),
        ({**good_sub, "subTableFkName": "item_id"}, "外键'item_id'须为子表主键以外的整数列"),
        ({**good_sub, "subTableFkName": "product_name"}, "外键'product_name'须为子表主键以外的整数列"),
    ]
    for options, message in sub_cases:
        saved = await admin.put("/tool/gen", json={**order, "tplCategory": "sub", "options": options,
                                                   "columns": order_cols})
        assert saved == {"code": 500, "msg": message}, options
    saved = await admin.put("/tool/gen", json={**order, "tplCategory": "sub", "options": good_sub,
                                               "columns": order_cols})
    assert saved == OK
    files = (await admin.get(f"/tool/gen/preview/{order_id}"))["data"]
    models = files["core_api/generated/shop_order/models.py"]
    assert "class ShopOrderItem(Model)" in models and "table = 'shop_order_item'" in models
    for path, content in files.items():
        if path.endswith(".py"):
            assert_inert(ast.parse(content, filename=path))
    tree_files = (await admin.get(f"/tool/gen/preview/{(await GenTable.get(table_name='shop_category')).table_id}"))
    assert "TreeSelectField" in tree_files["data"]["web/features/generated/shop/category/list.tsx"]
    # The detail table's code comes with its master's, never on its own (two models of one table).
    sub_id = (await GenTable.get(table_name="shop_order_item")).table_id
    alone = {"code": 500, "msg": "表'shop_order_item'是主表'shop_order'的子表，其代码随主表生成"}
    assert await admin.get(f"/tool/gen/preview/{sub_id}") == alone
    assert await admin.get("/tool/gen/batchGenCode", params={"tables": "shop_order,shop_order_item"}) == alone
    # The detail table forgotten since: the master's code is refused with the reason, not half generated.
    assert await admin.delete(f"/tool/gen/{sub_id}") == OK
    assert await admin.get(f"/tool/gen/preview/{order_id}") == {"code": 500, "msg": "子表'shop_order_item'尚未导入"}
