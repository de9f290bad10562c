"""Code generator (RuoYi /tool/gen): import tables, edit their settings, preview and download code."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import orjson
from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.audit import updated
from core_api.platform.contract.system import GenPreviewOut
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import ListQuery, between_days, camel_row, page_of, parse_ids
from core_api.platform.schema import Flag, Schema
from core_api.platform.security import Principal, any_perm
from core_api.system.menu.models import SysMenu
from core_api.tools.gen import introspect, render
from core_api.tools.gen.models import GenTable, GenTableColumn
from core_api.tools.gen.service import (
    CLASS_NAME,
    DICT_TYPE,
    HTML_TYPES,
    LOWER_NAME,
    QUERY_TYPES,
    check_identifier,
    check_tree,
    clean_comment,
    import_table,
    sub_of,
    sync_columns,
)

api = Api("gen")
TABLE_FIELDS = ("table_id", "table_name", "table_comment", "class_name", "tpl_category", "module_name",
                "business_name", "function_name", "function_author", "parent_menu_id", "options", "package_name",
                "tpl_web_type", "gen_type", "gen_path", "form_col_num", "create_time", "update_time", "remark")
# RuoYi's settings the RuoYi forms send: absent, they keep what is stored.
SETTINGS = ("package_name", "tpl_web_type", "gen_type", "gen_path", "form_col_num")
# The package generated code goes in: core_api.generated or a package below it, where the app finds it.
PACKAGE_NAME = re.compile(r"^core_api\.generated(\.[a-z][a-z0-9_]{0,29}){0,3}$")
WEB_TYPES = ("", "element-ui", "element-plus")  # RuoYi's; the generated screens are this console's either way
GEN_PATH = re.compile(r"^/$|^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*/?$")
SORTS = {"tableId": "table_id", "tableName": "table_name", "createTime": "create_time", "updateTime": "update_time"}
PY_TYPES = ("str", "int", "Decimal", "float", "bool", "datetime", "date")
TABLES_PARAM = r"^[a-z][a-z0-9_]{0,62}(,[a-z][a-z0-9_]{0,62})*$"
# RuoYi-family consoles pick a data source (dataSourceName) before they list or import tables; the
# generator reads the console's own database, which they see as the one source "master".
DATA_SOURCE = "master"


class SourceQuery(Schema):
    data_source_name: str | None = Field(None, title="数据源", max_length=64)


def check_source(name: str | None) -> None:
    if name and name != DATA_SOURCE:
        raise ServiceError(f"数据源'{name}'不存在")


class GenQuery(ListQuery):
    table_name: str | None = Field(None, max_length=64)
    table_comment: str | None = Field(None, max_length=200)
    data_source_name: str | None = Field(None, title="数据源", max_length=64)


class TablesQuery(SourceQuery):
    tables: str = Field(title="表名", pattern=TABLES_PARAM)


class ColumnBody(Schema):
    column_id: int
    column_comment: str = Field("", title="字段描述", max_length=200)
    python_type: str = Field(title="Python 类型")
    is_required: bool = False
    is_insert: bool = True
    is_edit: bool = True
    is_list: bool = True
    is_query: bool = False
    query_type: str = Field("EQ", title="查询方式")
    html_type: str = Field("input", title="显示类型")
    dict_type: str = Field("", title="字典类型", max_length=100)
    sort: int = Field(0, ge=0, le=999)
    # shown with the column, never changed here
    column_name: Any = Field(None, exclude=True)
    column_type: Any = Field(None, exclude=True)
    ts_type: Any = Field(None, exclude=True)
    max_length: Any = Field(None, exclude=True)
    is_pk: Any = Field(None, exclude=True)
    is_increment: Any = Field(None, exclude=True)
    table_id: Any = Field(None, exclude=True)


class GenBody(Schema):
    table_id: int
    table_comment: str = Field(title="表描述", max_length=200)
    class_name: str = Field(title="实体类名称", max_length=64)
    tpl_category: str = Field("crud", title="生成模板", pattern=r"^(crud|tree|sub)$")
    module_name: str = Field(title="生成模块名", max_length=30)
    business_name: str = Field(title="生成业务名", max_length=30)
    function_name: str = Field(title="生成功能名", min_length=1, max_length=50)
    function_author: str = Field("console", title="作者", max_length=50)
    parent_menu_id: int | None = Field(None, title="上级菜单")
    options: dict[str, Any] | None = None
    package_name: str | None = Field(None, title="生成包路径", max_length=100,
                                     description="core_api.generated or a package below it: the code goes in "
                                                 "<package>/<module>_<business>/")
    tpl_web_type: str | None = Field(None, title="前端类型", max_length=30,
                                     description="RuoYi's element-ui or element-plus, or empty: recorded only")
    gen_type: Flag | None = Field(None, title="生成代码方式", pattern=r"^[01]$",
                                  description="0 a zip download; 1 (written on the server) is refused")
    gen_path: str | None = Field(None, title="自定义路径", max_length=200,
                                 description="recorded only: / or a relative path")
    form_col_num: int | None = Field(None, title="表单布局", ge=1, le=4,
                                     description="the generated dialog's fields per row")
    remark: str | None = Field(None, max_length=500)
    columns: list[ColumnBody] = Field(title="字段", min_length=1, max_length=200)
    table_name: Any = Field(None, exclude=True)
    create_time: Any = Field(None, exclude=True)
    update_time: Any = Field(None, exclude=True)
    create_by: Any = Field(None, exclude=True)
    update_by: Any = Field(None, exclude=True)


def checked(body: GenBody) -> None:
    """Every name that becomes code follows its rule; comments are cleaned of anything that could
    end a string or a comment."""
    if not CLASS_NAME.match(body.class_name):
        raise ServiceError("实体类名称须以大写字母开头，只含字母和数字")
    for value, what in ((body.module_name, "生成模块名"), (body.business_name, "生成业务名")):
        if not LOWER_NAME.match(value):
            raise ServiceError(f"{what}须以小写字母开头，只含字母和数字")
    for col in body.columns:
        if col.python_type not in PY_TYPES:
            raise ServiceError(f"Python 类型'{col.python_type}'不受支持")
        if col.query_type not in QUERY_TYPES:
            raise ServiceError(f"查询方式'{col.query_type}'不受支持")
        if col.html_type not in HTML_TYPES:
            raise ServiceError(f"显示类型'{col.html_type}'不受支持")
        if not DICT_TYPE.match(col.dict_type):
            raise ServiceError(f"字典类型'{col.dict_type}'格式不正确")
    if body.package_name is not None:
        if not PACKAGE_NAME.match(body.package_name):
            raise ServiceError("生成包路径须为 core_api.generated 或其下的包（各段小写字母开头，只含小写字母、数字和"
                               "下划线）")
        for segment in body.package_name.split(".")[2:]:
            check_identifier(segment, "生成包路径")
    if body.tpl_web_type is not None and body.tpl_web_type not in WEB_TYPES:
        raise ServiceError(f"前端类型'{body.tpl_web_type}'不受支持")
    if body.gen_type == "1":
        raise ServiceError("生成代码方式只能为 zip 压缩包：本系统不在服务器上写入代码")
    if body.gen_path is not None and (not GEN_PATH.match(body.gen_path) or ".." in body.gen_path):
        raise ServiceError("自定义路径须为 / 或相对路径（字母、数字、_ 和 -，以 / 分隔）")
    if body.options:
        for key, value in body.options.items():
            if key not in ("treeCode", "treeParentCode", "treeName", "subTableName", "subTableFkName"):
                raise ServiceError(f"不支持的选项'{key}'")
            if value and not introspect.IDENTIFIER.match(str(value)):
                raise ServiceError(f"选项'{key}'的值'{value}'不合规")


async def gen_or_404(table_id: int) -> GenTable:
    gen = await GenTable.get_or_none(table_id=table_id)
    if gen is None:
        raise NotFound()
    return gen


def table_view(row: dict[str, Any], managed: set[str] | None = None) -> dict[str, Any]:
    out = camel_row(row)
    out["options"] = orjson.loads(row.get("options") or "{}")
    out["dataSourceName"] = DATA_SOURCE
    if managed is not None:
        out["managed"] = row["table_name"] in managed
    return out


@api.get("/tool/gen/dataSources", need=any_perm("tool:gen:list"),
         summary="The data sources tables can be imported from")
async def data_sources() -> web.Response:
    return ok(data=[{"name": DATA_SOURCE, "dbType": introspect.dialect(), "isDefault": True}])


@api.get("/tool/gen/list", need=any_perm("tool:gen:list"), summary="Imported tables, paged")
async def list_gen(query: GenQuery) -> web.Response:
    check_source(query.data_source_name)
    qs = GenTable.all()
    if query.table_name:
        qs = qs.filter(table_name__icontains=query.table_name)
    if query.table_comment:
        qs = qs.filter(table_comment__icontains=query.table_comment)
    qs = between_days(qs, "create_time", query.begin_time, query.end_time)
    rows, total = await page_of(qs, query, SORTS, ["-table_id"], *TABLE_FIELDS)
    managed = introspect.managed_tables()
    return table([table_view(r, managed) for r in rows], total)


@api.get("/tool/gen/db/list", need=any_perm("tool:gen:list"),
         summary="The database's tables not imported yet; the product's own tables are marked managed")
async def list_db_tables(query: GenQuery) -> web.Response:
    check_source(query.data_source_name)
    imported = set(await GenTable.all().values_list("table_name", flat=True))
    rows = [t for t in await introspect.tables() if t.name not in imported]
    if query.table_name:
        rows = [t for t in rows if query.table_name.lower() in t.name]
    if query.table_comment:
        rows = [t for t in rows if query.table_comment in t.comment]
    page = rows[query.offset:query.offset + query.page_size]
    return table([{"tableName": t.name, "tableComment": t.comment, "managed": t.managed} for t in page], len(rows))


@api.post("/tool/gen/importTable", need=any_perm("tool:gen:import"),
          summary="Import tables (query tables=a,b), the product's own included, with default column settings",
          log=OperLogSpec("代码生成", BusinessType.IMPORT))
async def import_tables(principal: Principal, query: TablesQuery) -> web.Response:
    check_source(query.data_source_name)
    names = list(dict.fromkeys(query.tables.split(",")))
    found = [await introspect.table_named(name) for name in names]
    # The product's own tables import too (RuoYi generates from sys_post in its demo): generated code only
    # ever leaves as a preview or a zip, so it can never overwrite the product's code.
    for t in found:
        if await GenTable.filter(table_name=t.name).exists():
            raise ServiceError(f"表'{t.name}'已导入")
    for t in found:
        await import_table(t, principal.user_name)
    return ok()


@api.get(r"/tool/gen/{tableId:\d+}", need=any_perm("tool:gen:query"),
         summary="A table's settings, its columns and every imported table")
async def get_gen(tableId: int) -> web.Response:  # noqa: N803 - the contract's name
    gen = await gen_or_404(tableId)
    managed = introspect.managed_tables()
    info = table_view((await GenTable.filter(table_id=gen.table_id).values(*TABLE_FIELDS))[0], managed)
    columns = await GenTableColumn.filter(table_id=gen.table_id).order_by("sort").values()
    tables = await GenTable.all().order_by("table_id").values(*TABLE_FIELDS)
    return ok(data={"info": info, "rows": [camel_row(c) for c in columns], "tables": [table_view(t) for t in tables]})


@api.put("/tool/gen", need=any_perm("tool:gen:edit"), summary="Save a table's generation settings",
         log=OperLogSpec("代码生成", BusinessType.UPDATE))
async def update_gen(request: web.Request, principal: Principal, body: GenBody) -> web.Response:
    gen = await gen_or_404(body.table_id)
    checked(body)
    if body.parent_menu_id and not await SysMenu.filter(menu_id=body.parent_menu_id, menu_type="M").exists():
        raise ServiceError("上级菜单须为已有的目录")
    own = {c.column_id for c in await GenTableColumn.filter(table_id=gen.table_id)}
    if not {c.column_id for c in body.columns} <= own:
        raise NotFound()
    stored = {c["column_id"]: c for c in await GenTableColumn.filter(table_id=gen.table_id).values()}
    await check_template(gen.table_name, body.tpl_category, body.options or {},
                         [{**stored[c.column_id], "python_type": c.python_type} for c in body.columns])
    async with in_transaction():
        await GenTable.filter(table_id=gen.table_id).update(
            table_comment=clean_comment(body.table_comment), class_name=body.class_name,
            tpl_category=body.tpl_category, module_name=body.module_name, business_name=body.business_name,
            function_name=clean_comment(body.function_name) or gen.function_name,
            function_author=clean_comment(body.function_author) or "console", parent_menu_id=body.parent_menu_id,
            options=orjson.dumps(body.options or {}).decode(), remark=body.remark,
            **{k: v for k in SETTINGS if (v := getattr(body, k)) is not None}, **updated(request, principal))
        for col in body.columns:
            fields = col.model_dump(exclude={"column_id"}, by_alias=False)
            fields["column_comment"] = clean_comment(fields["column_comment"])
            fields["ts_type"] = {"int": "number", "float": "number", "bool": "boolean"}.get(col.python_type, "string")
            await GenTableColumn.filter(column_id=col.column_id).update(**fields)
    return ok()


async def check_template(table_name: str, tpl: str, options: dict[str, Any], columns: list[dict[str, Any]],
                         ) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """A tree names three of its own columns; a master-detail pair names an imported detail table and
    its foreign-key column. Returns the detail table and its columns for a master-detail pair."""
    if tpl == "tree":
        check_tree(options, columns)
    elif tpl == "sub":
        if not any(c["is_pk"] and c["python_type"] == "int" for c in columns):
            raise ServiceError("主子表的主表须有整数主键")
        return await sub_of(table_name, options)
    return None


async def master_of(table_name: str) -> str | None:
    """The master whose master-detail code already holds this table (its model and migration)."""
    for master in await GenTable.filter(tpl_category="sub").exclude(table_name=table_name).values("table_name",
                                                                                                 "options"):
        if orjson.loads(master["options"] or "{}").get("subTableName") == table_name:
            return str(master["table_name"])
    return None


async def rendered(gen: GenTable, sequence: int | None = None) -> dict[str, str]:
    check_identifier(gen.table_name, "表名")
    if master := await master_of(gen.table_name):
        # generated on its own too, two models would map one table
        raise ServiceError(f"表'{gen.table_name}'是主表'{master}'的子表，其代码随主表生成")
    info = (await GenTable.filter(table_id=gen.table_id).values(*TABLE_FIELDS))[0]
    columns = await GenTableColumn.filter(table_id=gen.table_id).values()
    if not any(c["is_pk"] for c in columns):
        raise ServiceError(f"表'{gen.table_name}'没有主键，无法生成代码")
    options = orjson.loads(info["options"] or "{}")
    # checked again: the detail table may have changed or been forgotten since
    sub = await check_template(gen.table_name, info["tpl_category"], options, columns)
    return render.render(info, columns, sequence=sequence, sub=sub)


@api.get(r"/tool/gen/preview/{tableId:\d+}", need=any_perm("tool:gen:preview"),
         summary="The generated files as text, by path", response=GenPreviewOut)
async def preview(tableId: int) -> web.Response:  # noqa: N803
    return ok(data=await rendered(await gen_or_404(tableId)))


def zip_response(files: dict[str, str], name: str) -> web.Response:
    body = render.zip_of(files)
    return web.Response(body=body, headers={
        "Content-Type": "application/zip", "Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}",
        "download-filename": quote(name)})


@api.get("/tool/gen/genCode/{tableName:[a-z][a-z0-9_]{0,62}}", need=any_perm("tool:gen:code"),
         summary="The generated code of one table as a zip (nothing is written on the server)",
         log=OperLogSpec("代码生成", BusinessType.GENCODE, save_response=False))
async def gen_code(tableName: str, query: SourceQuery) -> web.Response:  # noqa: N803
    check_source(query.data_source_name)
    gen = await GenTable.get_or_none(table_name=tableName)
    if gen is None:
        raise NotFound()
    return zip_response(await rendered(gen), f"{tableName}.zip")


@api.get("/tool/gen/batchGenCode", need=any_perm("tool:gen:code"),
         summary="The generated code of several tables (tables=a,b) in one zip",
         log=OperLogSpec("代码生成", BusinessType.GENCODE, save_response=False))
async def batch_gen_code(query: TablesQuery) -> web.Response:
    check_source(query.data_source_name)
    files: dict[str, str] = {}
    names = list(dict.fromkeys(query.tables.split(",")))
    first = int(render.latest_migration()[:4]) + 1
    for i, name in enumerate(names):
        gen = await GenTable.get_or_none(table_name=name)
        if gen is None:
            raise NotFound()
        files.update(await rendered(gen, sequence=first + i))  # one migration after another
    return zip_response(files, "console-code.zip")


@api.get("/tool/gen/synchDb/{tableName:[a-z][a-z0-9_]{0,62}}", need=any_perm("tool:gen:edit"),
         summary="Read a table's columns from the database again, keeping their settings",
         log=OperLogSpec("代码生成", BusinessType.UPDATE))
async def sync_db(tableName: str, query: SourceQuery) -> web.Response:  # noqa: N803
    check_source(query.data_source_name)
    gen = await GenTable.get_or_none(table_name=tableName)
    if gen is None:
        raise NotFound()
    await sync_columns(gen, await introspect.table_named(tableName))
    return ok()


@api.delete(r"/tool/gen/{tableIds:[\d,]+}", need=any_perm("tool:gen:remove"), summary="Forget imported tables",
            log=OperLogSpec("代码生成", BusinessType.DELETE))
async def delete_gen(tableIds: str) -> web.Response:  # noqa: N803
    ids = parse_ids(tableIds)
    if await GenTable.filter(table_id__in=ids).count() != len(set(ids)):
        raise NotFound()
    await GenTable.filter(table_id__in=ids).delete()
    return ok()
