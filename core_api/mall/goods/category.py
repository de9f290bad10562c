"""Mall categories (MallCategory, spec 001 §2.16 "Goods categories"): a two-level tree per kind — goods, picture
(the picture library's types) and integral (the points-mall goods). The platform's: operators maintain them,
shop accounts read them through the goods calls (``/admin/mall/shop/goods/category`` and ``child_catetory``).

- ``GET /admin/mall/type/list_data``: the declared list (keyset paging), filtered by kind, parent, name, shelf.
- ``GET /admin/mall/type/shelf_change``: on or off the shelf (a conditional update).
- ``POST /admin/shop_type/add_edit``: create (no id) or edit (an id) by the declaration's rules.
- ``GET /admin/shop_type/del``: refused while goods or child categories use it.
- ``POST /admin/shop_type/integral_type_data``: the points-goods categories as a tree.

Goods hang on leaves: a category with goods gets no child, and a goods item names a goods category without
children.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from pydantic import Field, create_model
from tortoise import connections
from tortoise.expressions import Q, Subquery
from tortoise.transactions import in_transaction

from core_api.content.common import delete_one, save
from core_api.mall.goods.models import MallCategory, MallGoods
from core_api.platform.api import Api, BusinessType, OperLogSpec, parse, read_json
from core_api.platform.counts import changed
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import CONFLICT, SHELF_OFF, SHELF_ON, F, Kind, Resource, register_kind
from core_api.platform.schema import INT_MAX, Flag, Schema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.platform.tree import build_tree

PERM = "mall:category"
# Other features' records that name a category (the picture library's pictures, the points goods): each answers
# why a category may not be deleted (a zh-CN sentence) or None. A feature appends its own at import.
CategoryUse = Callable[[dict[str, Any]], Awaitable[str | None]]
CATEGORY_USES: list[CategoryUse] = []
MAX_ROWS = 2000  # a tree is read whole: never more than this many categories of a kind


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is not None and not values:  # a delete
        children = await MallCategory.filter(parent_id=before["id"]).count()
        if children:
            raise ServiceError(f"分类“{before['name']}”下还有{children}个子分类，请先删除子分类")
        goods = await MallGoods.filter(category_id=before["id"]).count()
        if goods:
            raise ServiceError(f"分类“{before['name']}”下还有{goods}件商品，不能删除")
        for use in CATEGORY_USES:
            if (refusal := await use(before)) is not None:
                raise ServiceError(refusal)
        return
    kind = (before or {}).get("kind") or values.get("kind") or "goods"
    parent_id = values.get("parent_id", (before or {}).get("parent_id", 0)) or 0
    values["parent_id"] = parent_id
    if not parent_id:
        return
    parents = await MallCategory.filter(id=parent_id).values("id", "parent_id", "kind", "name")
    if not parents:
        raise ServiceError(f"上级分类 {parent_id} 不存在")
    parent = parents[0]
    if parent["kind"] != kind:
        raise ServiceError("上级分类的类型不同")
    if parent["parent_id"]:
        raise ServiceError("商城分类最多两级，上级只能是一级分类")
    if before is not None:
        if parent_id == before["id"]:
            raise ServiceError("上级分类不能是它自己")
        if parent_id != before["parent_id"] and await MallCategory.filter(parent_id=before["id"]).exists():
            raise ServiceError("该分类下还有子分类，不能再挂到其他分类之下")
    if await MallGoods.filter(category_id=parent_id).exists():
        raise ServiceError(f"分类“{parent['name']}”下已有商品，不能再添加子分类")


_NAMES: dict[int, str] = {}  # every category's name: the goods list shows them beside each item's category id
_NAMES_AT = [0.0]
_NAMES_DB: list[int] = [0]  # the connection the map was read from (another database: read again)
NAMES_MAX_AGE = 30.0  # seconds: another node's rename shows here at most this late (this node's at once)


async def forget_names(action: str = "", record_id: int = 0, row: dict[str, Any] | None = None) -> None:
    _NAMES_AT[0] = 0.0


async def category_names(ids: list[int]) -> dict[int, str]:
    """The names of ``ids`` from a kept map of every category (a few hundred rows, read again after a write of
    this node or after NAMES_MAX_AGE): the goods list pays no query for them."""
    wanted = sorted({int(i) for i in ids if i})
    if not wanted:
        return {}
    db = id(connections.get("default"))
    if (time.monotonic() - _NAMES_AT[0] > NAMES_MAX_AGE or _NAMES_DB[0] != db
            or any(i not in _NAMES for i in wanted)):
        rows = await MallCategory.all().limit(MAX_ROWS * 3).values_list("id", "name")
        _NAMES.clear()
        _NAMES.update(dict(rows))  # type: ignore[arg-type]
        _NAMES_AT[0], _NAMES_DB[0] = time.monotonic(), db
    return {i: _NAMES[i] for i in wanted if i in _NAMES}


resource = Resource(
    name="MallCategory", model=MallCategory, perm=PERM, title="商品分类", title_en="Goods categories",
    view="mall/category/index", list_path="/admin/mall/type/list_data", check=check, order=("sort", "id"),
    duplicate="同一上级下已有同名分类", add_perm=f"{PERM}:edit", exportable=False, written=forget_names,
    operator_only=True,
    touches=("mall_goods",),  # the goods list's first-level filter takes in the children: moving one changes it
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("kind", "分类类型", "Kind", "dict", dict_type="biz_mall_category_kind", default="goods", edit="create",
          filter="exact"),
        F("parent_id", "上级编号", "Parent ID", "int", min=0, max=INT_MAX, default=0, filter="exact"),
        F("name", "分类名称", "Name", required=True, max_length=32, filter="fragment"),
        F("icon", "图标", "Icon", "image", max_length=500),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", sortable=True),
    ],
)
api = Api("mall-category")
EditBody = create_model("MallCategoryEdit", __base__=resource.update_model,  # type: ignore[call-overload]
                        id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")))


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="分类编号")


class ShelfQuery(IdQuery):
    shelf: Flag | None = Field(None, pattern=r"^[01]$", title="上架",
                               description="1 on shelf, 0 off; absent: the other state")


@api.get("/admin/mall/type/shelf_change", need=any_perm(f"{PERM}:shelf"),
         summary="Put a mall category on or off the shelf", log=OperLogSpec("商品分类", BusinessType.UPDATE))
async def type_shelf_change(request: web.Request, principal: Principal, query: ShelfQuery) -> web.Response:
    before = await resource.one(request, principal, query.id)
    now = query.shelf or (SHELF_OFF if before["shelf"] == SHELF_ON else SHELF_ON)
    if now == before["shelf"]:
        raise ServiceError("分类已上架" if now == SHELF_ON else "分类已下架")
    async with in_transaction():
        if not await MallCategory.filter(id=query.id, shelf=before["shelf"]).update(
                shelf=now, update_by=principal.user_name, update_time=request.app[CLOCK].now()):
            raise ServiceError(CONFLICT)
        await resource.record(request, principal, query.id, "shelf", before, {"shelf": now})
    await changed(request.app, resource.table)
    return ok(data={"shelf": now}, msg="上架成功" if now == SHELF_ON else "下架成功")


@api.post("/admin/shop_type/add_edit", need=any_perm(f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a mall category (two levels, goods only on leaves)",
          log=OperLogSpec("商品分类", BusinessType.UPDATE))
async def type_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    if body.id is None:  # type: ignore[attr-defined]
        body = await parse(resource.create_model, await read_json(request), request)
    record_id = await save(resource, request, principal, body, body.id)  # type: ignore[attr-defined]
    return ok(data={"id": record_id})


@api.get("/admin/shop_type/del", need=any_perm(f"{PERM}:remove"),
         summary="Delete a mall category (refused while goods or child categories use it)",
         log=OperLogSpec("商品分类", BusinessType.DELETE))
async def type_del(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await delete_one(resource, request, principal, query.id)
    return ok(msg="删除成功")


async def tree_of(kind: str, on_shelf: bool) -> list[dict[str, Any]]:
    """The categories of ``kind`` as a two-level tree, by sort (children under ``children``)."""
    qs = MallCategory.filter(kind=kind)
    if on_shelf:
        qs = qs.filter(shelf=SHELF_ON)
    rows = await qs.order_by("sort", "id").limit(MAX_ROWS).values("id", "parent_id", "name", "icon", "sort", "shelf")
    view = resource.view_of(None)
    return build_tree([view(r) for r in rows], "id", "parentId")


@api.post("/admin/shop_type/integral_type_data", need=any_perm(f"{PERM}:list", "mall:integralGoods:list"),
          summary="The points-goods categories (kind integral, on shelf) as a two-level tree")
async def integral_type_data(request: web.Request, principal: Principal) -> web.Response:
    return ok(data=await tree_of("integral", on_shelf=True))


async def goods_leaf(category_id: int) -> dict[str, Any]:
    """The goods category a goods item names: it exists, is of kind goods and has no children."""
    rows = await MallCategory.filter(id=category_id).values("id", "kind", "name", "parent_id")
    if not rows or rows[0]["kind"] != "goods":
        raise ServiceError(f"商品分类 {category_id} 不存在")
    if await MallCategory.filter(parent_id=category_id).exists():
        raise ServiceError(f"分类“{rows[0]['name']}”下还有子分类，请选择末级分类")
    return rows[0]


def in_category(field: str, category_id: int) -> Q:
    """The records of a category field under ``category_id``: goods hang on leaves, so a first-level category
    takes in its children. One ``IN (subquery)`` of the category and the ids under it (the id bound as a
    parameter): PostgreSQL joins it to the (category_id, id) index as it does an equality, where an OR of the id
    and a subquery scanned the goods (a COUNT of 5,000 goods of a million: 0.8 ms against 30 ms, page 500: 1.6 ms
    against 217 ms)."""
    under = MallCategory.filter(Q(id=category_id) | Q(parent_id=category_id), kind="goods").values("id")
    where: dict[str, Any] = {f"{field}__in": Subquery(under)}
    return Q(**where)


# The category kind (a goods category's id): a filter by a category takes in its children's goods.
CATEGORY = register_kind(Kind("category", base="id", picker="category",
                              condition=lambda field, value: in_category(field, int(value))))


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "上级分类不能是它自己": "A category cannot be its own parent",
    "分类“{name}”下还有{children}个子分类，请先删除子分类":
        "The category “{name}” has {children} sub-categories: delete them first",
    "分类“{name}”下还有{goods}件商品，不能删除": "The category “{name}” holds {goods} goods: it cannot be deleted",
})
