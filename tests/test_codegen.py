"""Code generator: the database catalogue, import, settings and their refusals, preview, zip, sync."""

from __future__ import annotations

import ast
import io
import zipfile

from tortoise import connections

from core_api.tools.gen.models import GenTable, GenTableColumn
from tests.conftest import BACKEND, OK

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
    refused = await admin.post("/tool/gen/importTable", params={"tables": "sys_user"})
    assert refused == {"code": 500, "msg": "表'sys_user'由系统自身管理，不能导入"}


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
