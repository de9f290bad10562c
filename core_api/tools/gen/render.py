"""Rendering the generated code with a sandboxed template engine. Templates see only plain values
prepared here (validated identifiers, cleaned comments, literals made by the right quoting function);
the output is returned as text (preview) or a zip, never written into the server's source tree."""

from __future__ import annotations

import io
import json
import re
import zipfile
from dataclasses import dataclass, replace
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment

from core_api.platform.settings import ROOT
from core_api.tools.gen.models import GENERATED_PACKAGE
from core_api.tools.gen.service import camel, pascal

TEMPLATES = "core_api.tools.gen.templates"


def py_str(value: str) -> str:
    """A Python string literal (repr escapes every quote and backslash)."""
    return repr(str(value))


def ts_str(value: str) -> str:
    """A TypeScript/JSON string literal."""
    return json.dumps(str(value), ensure_ascii=False).replace("</", "<\\/")


def _env() -> ImmutableSandboxedEnvironment:
    env = ImmutableSandboxedEnvironment(undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                                        keep_trailing_newline=True, autoescape=False)
    env.filters.update(py=py_str, ts=ts_str, camel=camel, pascal=pascal)
    return env


def _template(name: str) -> str:
    return resources.files(TEMPLATES).joinpath(name).read_text(encoding="utf-8")


def latest_migration(root: Path = ROOT) -> str:
    names = sorted(p.stem for p in (root / "core_api" / "migrations").glob("[0-9][0-9][0-9][0-9]_*.py"))
    return names[-1] if names else "0001_initial"


@dataclass(frozen=True)
class Field:
    name: str
    camel: str
    comment: str
    py_type: str
    ts_type: str
    tortoise: str  # the field constructor text, built from validated values only
    max_length: int | None
    pk: bool
    required: bool
    insert: bool
    edit: bool
    list: bool
    query: bool
    query_type: str
    html_type: str
    dict_type: str


def tortoise_field(col: dict[str, Any]) -> str:
    null = "" if col["is_pk"] or col["is_required"] else "null=True"
    args = []
    py = col["python_type"]
    if col["is_pk"]:
        if py == "int":
            return "fields.BigIntField(primary_key=True)"
        return f"fields.CharField(primary_key=True, max_length={int(col['max_length'] or 64)})"
    if py == "int":
        kind = "BigIntField"
    elif py == "Decimal":
        match = re.search(r"\((\d+),\s*(\d+)\)", col["column_type"])
        digits, places = (int(match.group(1)), int(match.group(2))) if match else (18, 2)
        kind = "DecimalField"
        args.append(f"max_digits={digits}, decimal_places={places}")
    elif py == "float":
        kind = "FloatField"
    elif py == "bool":
        kind = "BooleanField"
    elif py == "datetime":
        kind = "DatetimeField"
    elif py == "date":
        kind = "DateField"
    elif col["max_length"] and col["max_length"] <= 4000:
        kind = "CharField"
        args.append(f"max_length={int(col['max_length'])}")
    else:
        kind = "TextField"
    if null:
        args.append(null)
    return f"fields.{kind}({', '.join(args)})"


def fields_of(columns: list[dict[str, Any]]) -> list[Field]:
    return [Field(
        name=c["column_name"], camel=camel(c["column_name"]), comment=c["column_comment"], py_type=c["python_type"],
        ts_type=c["ts_type"], tortoise=tortoise_field(c), max_length=c["max_length"], pk=c["is_pk"],
        required=c["is_required"], insert=c["is_insert"], edit=c["is_edit"], list=c["is_list"], query=c["is_query"],
        query_type=c["query_type"], html_type=c["html_type"], dict_type=c["dict_type"],
    ) for c in sorted(columns, key=lambda c: c["sort"])]


def options_of(table: dict[str, Any]) -> dict[str, Any]:
    raw = table.get("options") or "{}"
    return json.loads(raw) if isinstance(raw, str) else dict(raw)


def tree_context(fields: list[Field], options: dict[str, Any]) -> tuple[list[Field], dict[str, Field]]:
    """The parent column is always listed and written, the name column always listed (validated before)."""
    parent, name = options["treeParentCode"], options["treeName"]
    fields = [replace(f, list=True, insert=True, edit=True) if f.name == parent else
              replace(f, list=True) if f.name == name else f for f in fields]
    by_name = {f.name: f for f in fields}
    return fields, {"code": by_name[options["treeCode"]], "parent": by_name[parent], "name": by_name[name]}


def sub_context(table: dict[str, Any], columns: list[dict[str, Any]], fk: str) -> dict[str, Any]:
    """The detail table: its model goes beside the master's; its foreign key is set by the master's calls."""
    fields = fields_of(columns)
    class_name = table["class_name"]
    return {
        "table": table["table_name"],
        "class_name": class_name,
        "function_name": table["function_name"],
        "fields": fields,
        "pk": next(f for f in fields if f.pk),
        "fk": next(f for f in fields if f.name == fk),
        "list_name": f"{table['table_name']}_list",
        "list_camel": camel(f"{table['table_name']}_list"),
    }


def context(table: dict[str, Any], columns: list[dict[str, Any]], root: Path = ROOT,
            sub: tuple[dict[str, Any], list[dict[str, Any]]] | None = None) -> dict[str, Any]:
    fields = fields_of(columns)
    tpl = table.get("tpl_category") or "crud"
    options = options_of(table)
    tree: dict[str, Field] | None = None
    if tpl == "tree":
        fields, tree = tree_context(fields, options)
    pk = next(f for f in fields if f.pk)
    detail = sub_context(sub[0], sub[1], options["subTableFkName"]) if tpl == "sub" and sub else None
    module, business = table["module_name"], table["business_name"]
    package = f"{module}_{re.sub(r'(?<!^)(?=[A-Z])', '_', business).lower()}"
    package_name = table.get("package_name") or GENERATED_PACKAGE  # checked on save: it or a package below it
    return {
        "table": table["table_name"],
        "class_name": table["class_name"],
        "comment": table["table_comment"],
        "function_name": table["function_name"],
        "author": table["function_author"],
        "module": module,
        "business": business,
        "package": package,
        "package_name": package_name,  # the code's module is <package_name>.<package>
        "package_dir": package_name.replace(".", "/"),
        "form_col_num": int(table.get("form_col_num") or 2),
        "perm": f"{module}:{business}",
        "route": f"/{module}/{business}",
        "view_path": f"{module}/{business}/index",
        "parent_menu_id": table.get("parent_menu_id") or 0,
        "fields": fields,
        "pk": pk,
        "tpl": tpl,
        "tree": tree,
        "sub": detail,
        # the detail rows' choices too: their cells are picked from the same dictionaries
        "dict_types": sorted({f.dict_type for f in fields + (detail["fields"] if detail else []) if f.dict_type}),
        "migration_after": latest_migration(root),
        "generated_at": datetime.now().strftime("%Y-%m-%d"),
    }


FILES = [
    ("{package_dir}/{package}/__init__.py", "init.py.j2"),
    ("{package_dir}/{package}/models.py", "models.py.j2"),
    ("{package_dir}/{package}/routes.py", "routes.py.j2"),
    ("core_api/migrations/{migration}.py", "migration.py.j2"),
    ("bff/screens/gen_{package}.py", "bff_screen.py.j2"),
    ("tests/test_gen_{package}.py", "test.py.j2"),
    ("web/features/generated/{module}/{business}/query.ts", "web_query.ts.j2"),
    ("web/features/generated/{module}/{business}/list.tsx", "web_list.tsx.j2"),
    ("web/features/generated/{module}/{business}/view.tsx", "web_view.tsx.j2"),
]


def render(table: dict[str, Any], columns: list[dict[str, Any]], root: Path = ROOT,
           sequence: int | None = None, sub: tuple[dict[str, Any], list[dict[str, Any]]] | None = None,
           ) -> dict[str, str]:
    """{path in the repository: content} for one table (with its detail table for a master-detail pair)."""
    ctx = context(table, columns, root, sub)
    number = sequence if sequence is not None else int(ctx["migration_after"][:4]) + 1
    ctx["migration"] = f"{number:04d}_gen_{ctx['table']}"
    env = _env()
    out: dict[str, str] = {}
    for path, template in FILES:
        out[path.format(**ctx)] = env.from_string(_template(template)).render(**ctx)
    # the packages between core_api.generated and the code's own, when its package name groups it below
    groups = ctx["package_name"].split(".")[2:]
    for depth in range(1, len(groups) + 1):
        out["/".join([*GENERATED_PACKAGE.split("."), *groups[:depth]]) + "/__init__.py"] = (
            f'"""Generated code grouped under {".".join([GENERATED_PACKAGE, *groups[:depth]])} (the code '
            'generator\'s package name)."""\n')
    return out


def zip_of(files: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path, content in sorted(files.items()):
            z.writestr(path, content)
    return buf.getvalue()
