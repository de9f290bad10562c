"""Search keywords of the mall home (spec 001 §2.16, the platform's; operators only): the declaration with its
list at the spec's GET /admin/search_keyword/list_data, and the spec's add_edit and del. A keyword is unique
(case as typed); hot ones are marked on the app's search page; off-shelf ones are not shown."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from core_api.content.common import IdQuery, add_edit, edit_model, need_perms, remove
from core_api.mall.keyword.models import MallKeyword
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Resource
from core_api.platform.schema import english
from core_api.platform.security import Principal, any_perm

PERM = "mall:keyword"


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if "keyword" in values:
        values["keyword"] = values["keyword"].strip()
        if not values["keyword"]:
            raise ServiceError("关键词不能为空")


resource = Resource(
    name="MallKeyword", model=MallKeyword, perm=PERM, title="搜索关键词", title_en="Search keywords",
    menu_buttons=("query", "edit", "remove"),  # as seeded, not as derived
    view="mall/keyword/index", list_path="/admin/search_keyword/list_data", shelf=None,
    add_perm=f"{PERM}:edit", operator_only=True, order=("sort", "id"), duplicate="已有相同的搜索关键词", check=check,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("keyword", "关键词", "Keyword", required=True, max_length=32, filter="fragment"),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("hot", "热门", "Hot", "flag", dict_type="biz_yes_no01", default="0", filter="exact"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", default="1", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("mall-keyword")
EditBody = edit_model(resource)


@api.post("/admin/search_keyword/add_edit", need=any_perm(*need_perms(resource)),
          summary="Create (no id) or edit (an id) a search keyword", log=OperLogSpec("搜索关键词", BusinessType.UPDATE))
async def keyword_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return ok(data={"id": await add_edit(resource, request, principal, body)})


@api.get("/admin/search_keyword/del", need=any_perm(f"{PERM}:remove"), summary="Delete a search keyword",
         log=OperLogSpec("搜索关键词", BusinessType.DELETE))
async def keyword_del(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await remove(resource, request, principal, query.id)
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "已有相同的搜索关键词": "The search keyword already exists",
})
