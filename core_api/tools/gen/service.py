"""From a database table to generation settings, and the rules every identifier must follow so that
names and comments can never break out of the code they are written into."""

from __future__ import annotations

import re
from typing import Any

from tortoise.transactions import in_transaction

from core_api.platform.errors import ServiceError
from core_api.tools.gen.introspect import IDENTIFIER, DbColumn, DbTable, columns
from core_api.tools.gen.models import GenTable, GenTableColumn

CLASS_NAME = re.compile(r"^[A-Z][A-Za-z0-9]{0,62}$")
LOWER_NAME = re.compile(r"^[a-z][a-zA-Z0-9]{0,29}$")
DICT_TYPE = re.compile(r"^([a-z][a-z0-9_]*)?$")
QUERY_TYPES = ("EQ", "NE", "GT", "GTE", "LT", "LTE", "LIKE", "BETWEEN")
HTML_TYPES = ("input", "textarea", "select", "radio", "checkbox", "datetime", "imageUpload", "fileUpload", "editor")
AUDIT_COLUMNS = {"create_by", "create_time", "update_by", "update_time", "del_flag"}
# Python and TypeScript keywords, and names a Tortoise model or a pydantic model already uses.
RESERVED = {
    "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else", "except",
    "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
    "raise", "return", "try", "while", "with", "yield", "none", "true", "false", "function", "default", "delete",
    "new", "this", "typeof", "var", "let", "const", "void", "pk", "save", "clone", "fetch_related", "refresh_from_db",
    "update_from_dict", "meta", "json", "dict", "copy", "schema", "validate", "construct", "fields", "model_config",
    "model_fields", "model_dump", "model_validate", "params", "search_value",
}


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def pascal(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p)


def python_type(db_type: str) -> str:
    t = db_type.lower()
    if "bool" in t:
        return "bool"
    if any(k in t for k in ("int", "serial")):
        return "int"
    if any(k in t for k in ("numeric", "decimal")):
        return "Decimal"
    if any(k in t for k in ("real", "double", "float")):
        return "float"
    if "timestamp" in t or "datetime" in t:
        return "datetime"
    if t.startswith("date"):
        return "date"
    return "str"


def ts_type(py: str) -> str:
    return {"int": "number", "float": "number", "bool": "boolean"}.get(py, "string")


def default_html(name: str, py: str, length: int | None) -> str:
    if py in ("datetime", "date"):
        return "datetime"
    if py == "bool":
        return "radio"
    if name in ("status",) or name.endswith("_status"):
        return "radio"
    if name in ("sex", "type") or name.endswith("_type"):
        return "select"
    if any(k in name for k in ("image", "avatar", "pic", "img")):
        return "imageUpload"
    if "file" in name:
        return "fileUpload"
    if name in ("content", "detail") or name.endswith("_content"):
        return "editor"
    if py == "str" and (length is None or length > 500):
        return "textarea"
    return "input"


def check_identifier(name: str, what: str) -> None:
    if not IDENTIFIER.match(name) or name in RESERVED:
        raise ServiceError(f"{what}'{name}'不合规：只能使用小写字母、数字和下划线，以字母开头，且不能是保留字")


def clean_comment(text: str) -> str:
    """Comments go into code comments and strings: one line, no comment or string terminators."""
    text = re.sub(r"[\r\n\t]+", " ", text or "")
    text = re.sub(r"[\"'`\\{}<>$]|\*/|/\*|#", "", text)
    return text.strip()[:100]


def column_defaults(col: DbColumn, sort: int) -> dict[str, Any]:
    check_identifier(col.name, "列名")
    py = python_type(col.type)
    audit = col.name in AUDIT_COLUMNS
    increment = bool(col.pk and (col.default or "").startswith("nextval") or (col.pk and py == "int"))
    queryable = not col.pk and not audit and (col.name.endswith(("name", "title", "status", "type", "code"))
                                              or col.name in ("status",))
    return {
        "column_name": col.name,
        "column_comment": clean_comment(col.comment) or col.name,
        "column_type": col.type[:100],
        "python_type": py,
        "ts_type": ts_type(py),
        "max_length": col.max_length,
        "is_pk": col.pk,
        "is_increment": increment,
        "is_required": not col.nullable and not col.pk and col.default is None and not audit,
        "is_insert": not col.pk and not audit,
        "is_edit": not col.pk and not audit,
        "is_list": not audit or col.name == "create_time",
        "is_query": queryable,
        "query_type": "LIKE" if col.name.endswith(("name", "title")) and py == "str" else
        ("BETWEEN" if py in ("datetime", "date") else "EQ"),
        "html_type": default_html(col.name, py, col.max_length),
        "dict_type": "sys_normal_disable" if col.name == "status" else "",
        "sort": sort,
    }


def table_defaults(table: DbTable) -> dict[str, Any]:
    check_identifier(table.name, "表名")
    parts = table.name.split("_", 1)
    module, business = (parts[0], camel(parts[1])) if len(parts) == 2 else ("gen", camel(parts[0]))
    comment = clean_comment(table.comment) or table.name
    # defaults fit their columns (a long comment or table name is the operator's to shorten, not a crash)
    return {"table_name": table.name, "table_comment": comment[:200], "class_name": pascal(table.name)[:64],
            "module_name": module[:30], "business_name": business[:30], "function_name": comment[:50]}


async def import_table(table: DbTable, operator: str) -> GenTable:
    cols = await columns(table)
    if not any(c.pk for c in cols):
        raise ServiceError(f"表'{table.name}'没有主键，无法生成代码")
    column_rows = [column_defaults(c, i) for i, c in enumerate(cols, start=1)]
    async with in_transaction():
        gen = await GenTable.create(**table_defaults(table), create_by=operator)
        await GenTableColumn.bulk_create([GenTableColumn(table_id=gen.table_id, **c) for c in column_rows])
    return gen


async def sync_columns(gen: GenTable, table: DbTable) -> None:
    """Columns follow the database again; the settings of columns that still exist are kept."""
    cols = {c.name: c for c in await columns(table)}
    existing = {c.column_name: c for c in await GenTableColumn.filter(table_id=gen.table_id)}
    async with in_transaction():
        for name, row in existing.items():
            if name not in cols:
                await row.delete()
        for i, col in enumerate(cols.values(), start=1):
            fresh = column_defaults(col, i)
            if col.name in existing:
                keep = existing[col.name]
                await GenTableColumn.filter(column_id=keep.column_id).update(
                    column_type=fresh["column_type"], python_type=fresh["python_type"], ts_type=fresh["ts_type"],
                    max_length=fresh["max_length"], is_pk=fresh["is_pk"], sort=i,
                    column_comment=fresh["column_comment"] if not keep.column_comment else keep.column_comment)
            else:
                await GenTableColumn.create(table_id=gen.table_id, **fresh)


TREE_OPTIONS = (("treeCode", "树编码字段"), ("treeParentCode", "树父编码字段"), ("treeName", "树名称字段"))


def check_tree(options: dict[str, Any], cols: list[dict[str, Any]]) -> None:
    """A tree table names its id (the primary key), its parent id (another whole-number column) and the
    column shown in the tree."""
    by_name = {c["column_name"]: c for c in cols}
    for key, label in TREE_OPTIONS:
        value = options.get(key)
        if not value:
            raise ServiceError(f"树表须设置{label}")
        if value not in by_name:
            raise ServiceError(f"{label}'{value}'不是本表的列")
    code, parent = by_name[options["treeCode"]], by_name[options["treeParentCode"]]
    if not code["is_pk"] or code["python_type"] != "int":
        raise ServiceError(f"树编码字段'{code['column_name']}'须为整数主键")
    if parent["is_pk"] or parent["python_type"] != "int":
        raise ServiceError(f"树父编码字段'{parent['column_name']}'须为主键以外的整数列")


async def sub_of(table_name: str, options: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The detail table of a master-detail pair: an imported table other than the master, with an
    integer primary key and the named foreign-key column."""
    name, fk = options.get("subTableName"), options.get("subTableFkName")
    if not name:
        raise ServiceError("主子表须设置关联子表的表名")
    if name == table_name:
        raise ServiceError("子表不能是主表自身")
    sub = await GenTable.filter(table_name=name).values()
    if not sub:
        raise ServiceError(f"子表'{name}'尚未导入")
    if not CLASS_NAME.match(sub[0]["class_name"]):
        raise ServiceError(f"子表'{name}'的实体类名称不合规")
    cols = await GenTableColumn.filter(table_id=sub[0]["table_id"]).values()
    if not fk:
        raise ServiceError("主子表须设置子表关联的外键名")
    by_name = {c["column_name"]: c for c in cols}
    if fk not in by_name:
        raise ServiceError(f"外键'{fk}'不是子表'{name}'的列")
    if by_name[fk]["is_pk"] or by_name[fk]["python_type"] != "int":
        raise ServiceError(f"外键'{fk}'须为子表主键以外的整数列")
    pk = [c for c in cols if c["is_pk"]]
    if len(pk) != 1 or pk[0]["python_type"] != "int":
        raise ServiceError(f"子表'{name}'须有一个整数主键")
    return sub[0], cols
