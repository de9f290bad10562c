"""Code generator: the imported tables, the database's tables for the import dialog, and the edit
page (a table's settings with its columns, the dictionary types and the directories a menu can hang
under). Preview, import, save, sync, delete and the zip downloads go through the pass-through."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from pydantic import Field

from bff.core_client import CoreClient
from bff.screens.system_shared import core_params, page_of, paged_screen
from core_api.platform.api import Api
from core_api.platform.contract import Envelope
from core_api.platform.contract.system import DictTypeRow, TreeNode
from core_api.platform.envelope import ok
from core_api.platform.paging import ListQuery
from core_api.platform.schema import Schema

api = Api("tool-gen")


class GenScreenQuery(ListQuery):
    table_name: str | None = Field(None, max_length=64)
    table_comment: str | None = Field(None, max_length=200)


class GenTableRow(Schema):
    table_id: int
    table_name: str
    table_comment: str
    class_name: str
    tpl_category: str
    module_name: str
    business_name: str
    function_name: str
    function_author: str
    parent_menu_id: int | None = None
    options: dict[str, Any] = {}
    package_name: str = Field("core_api.generated", description="the generated code's package: it or one below")
    tpl_web_type: str = ""
    gen_type: str = "0"
    gen_path: str = "/"
    form_col_num: int = Field(2, description="the generated dialog's fields per row, 1-4")
    create_time: str | None = None
    update_time: str | None = None
    remark: str | None = None
    managed: bool = Field(False, description="a table of the product itself (imported like any other)")


paged_screen(api, "/bff/screens/tool/gen", name="Gen", rows=GenTableRow, core_path="/tool/gen/list",
             query=GenScreenQuery, summary="Code generator: the imported tables, paged")


class DbTableRow(Schema):
    table_name: str
    table_comment: str
    managed: bool


class DbTablePage(Schema):
    rows: list[DbTableRow]
    total: int


class DbTablesOut(Envelope):
    data: DbTablePage


@api.get("/bff/screens/tool/gen/db", login_only=True,
         summary="Import dialog: the database's tables not imported yet (the product's own marked managed)",
         response=DbTablesOut)
async def gen_db_tables(core: CoreClient, query: GenScreenQuery) -> web.Response:
    return ok(data=page_of(await core.get("/tool/gen/db/list", params=core_params(query))))


class GenColumnRow(Schema):
    column_id: int
    table_id: int | None = None
    column_name: str
    column_comment: str
    column_type: str
    python_type: str
    ts_type: str
    max_length: int | None = None
    is_pk: bool
    is_increment: bool
    is_required: bool
    is_insert: bool
    is_edit: bool
    is_list: bool
    is_query: bool
    query_type: str
    html_type: str
    dict_type: str
    sort: int


class GenEditScreen(Schema):
    info: GenTableRow
    rows: list[GenColumnRow]
    tables: list[GenTableRow]
    dict_types: list[DictTypeRow]
    menus: list[TreeNode] = Field(description="the directories (menu type M) a generated menu may hang under")


class GenEditScreenOut(Envelope):
    data: GenEditScreen


def directories(menus: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The directory rows as a TreeSelect tree under a root "主类目" (id 0)."""
    dirs = [m for m in menus if m.get("menuType") == "M"]
    children: dict[int, list[dict[str, Any]]] = {}
    for m in sorted(dirs, key=lambda m: (m.get("orderNum") or 0, m["menuId"])):
        children.setdefault(m.get("parentId") or 0, []).append(m)

    def build(parent: int) -> list[dict[str, Any]]:
        out = []
        for m in children.get(parent, []):
            node: dict[str, Any] = {"id": m["menuId"], "label": m["menuName"]}
            if kids := build(m["menuId"]):
                node["children"] = kids
            out.append(node)
        return out

    return [{"id": 0, "label": "主类目", "disabled": True, "children": build(0)}]


@api.get(r"/bff/screens/tool/gen/{tableId:\d+}", login_only=True,
         summary="Edit generation config: the table's settings and columns, dictionary types, directories",
         response=GenEditScreenOut)
async def gen_edit_screen(request: web.Request, core: CoreClient) -> web.Response:
    table_id = int(request.match_info["tableId"])
    results: list[Any] = await asyncio.gather(
        core.get(f"/tool/gen/{table_id}"),
        core.get("/system/dict/type/optionselect"),
        core.get("/system/menu/list"),
        return_exceptions=True,
    )
    detail, types, menus = results
    # The table decides the answer; without system:menu:list the parent menu tree is only the root.
    for result in (detail, types):
        if isinstance(result, BaseException):
            raise result
    menu_rows = [] if isinstance(menus, BaseException) else menus.get("data", [])
    assert isinstance(detail, dict) and isinstance(types, dict)
    return ok(data={**detail["data"], "dictTypes": types.get("data", []), "menus": directories(menu_rows)})
