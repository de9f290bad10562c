"""Points-mall goods (spec 001 §2.16, the platform's own table): a name, stored pictures, a category (a mall
category of kind "integral"), a price in points with optional cash (fen), stock, a per-user limit (0: none),
the shelf and a rich-text detail. The spec's calls: GET list_data, GET edit_page, POST add_edit, GET is_shelf
(a conditional update), GET del (refused while on shelf: take it off first)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.content.common import FormQuery, IdQuery, add_edit, edit_model, form_record, need_perms, remove
from core_api.mall.goods.models import MallCategory
from core_api.mall.integral_goods.models import MallIntegralGoods
from core_api.mall.picture.service import category_names
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import CONFLICT, SHELF_OFF, SHELF_ON, F, Resource
from core_api.platform.schema import INT_MAX, Flag, Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import STORAGE
from core_api.platform.storage import stored_image

PERM = "mall:integralGoods"
INTEGRAL = "integral"
MAX_PICS = 9


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if not values:  # a delete
        if before is not None and before.get("shelf") == SHELF_ON:
            raise ServiceError(f"积分商品“{before['name']}”在架上，请先下架再删除")
        return
    if "category_id" in values and not await category_names([values["category_id"]], INTEGRAL):
        raise ServiceError(f"积分商品分类 {values['category_id']} 不存在")
    if "name" in values:
        values["name"] = values["name"].strip()
        if not values["name"]:
            raise ServiceError("商品名称不能为空")
    if "pics" in values:
        pics = [p.strip() for p in (values["pics"] or "").split(",") if p.strip()]
        if not pics:
            raise ServiceError("请上传商品图片")
        if len(pics) > MAX_PICS:
            raise ServiceError(f"商品图片最多{MAX_PICS}张")
        values["pics"] = ",".join(stored_image(p, request.app[STORAGE], "商品图片") for p in pics)


async def enrich(rows: list[dict[str, Any]]) -> None:
    names = await category_names([r["category_id"] for r in rows], INTEGRAL)
    for r in rows:
        r["category_name"] = names.get(r["category_id"], "")


resource = Resource(
    name="MallIntegralGoods", model=MallIntegralGoods,
    menu_buttons=("query", "edit", "remove", "shelf"),  # as seeded, not as derived
    perm=PERM, title="积分商品", title_en="Points-mall goods", view="mall/integralGoods/index",
    list_path="/admin/goods_integral/list_data", add_perm=f"{PERM}:edit", order=("sort", "-id"), check=check,
    enrich=enrich, operator_only=True,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("name", "商品名称", "Name", required=True, max_length=100, filter="fragment"),
        F("pics", "商品图片", "Pictures", "images", required=True, max_length=2000, listed=False),
        F("category_id", "商品分类", "Category", "int", min=1, required=True, filter="exact", listed=False),
        F("category_name", "商品分类", "Category", virtual=True, edit="never", exported=False),
        F("points", "所需积分", "Points", "int", min=1, max=100_000_000, required=True, sortable=True),
        F("cash_fen", "加价金额", "Cash", "money", min=0, max=100_000_000, default=0),
        F("stock", "库存", "Stock", "int", min=0, max=10_000_000, default=0, sortable=True),
        F("limit_per_user", "每人限兑", "Limit per user", "int", min=0, max=10_000, default=0),
        F("sales", "已兑换", "Redeemed", "int", edit="never", sortable=True),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("detail", "商品详情", "Detail", "richtext", listed=False, exported=False),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("mall-integral-goods")
EditBody = edit_model(resource)


@api.get("/admin/goods_integral/edit_page", need=any_perm(*need_perms(resource), f"{PERM}:query"),
         summary="What the edit form opens with: the goods item (with an id) and the points-goods categories")
async def integral_edit_page(request: web.Request, principal: Principal, query: FormQuery) -> web.Response:
    record = await form_record(resource, request, principal, query.id)
    categories = await MallCategory.filter(kind=INTEGRAL).order_by("sort", "id").limit(500).values(
        "id", "parent_id", "name", "shelf")
    return ok(data={"record": record, "categories": [
        {"id": c["id"], "parentId": c["parent_id"], "name": c["name"], "shelf": c["shelf"]} for c in categories]})


@api.post("/admin/goods_integral/add_edit", need=any_perm(*need_perms(resource)),
          summary="Create (no id) or edit (an id) a points-mall goods item",
          log=OperLogSpec("积分商品", BusinessType.UPDATE))
async def integral_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return ok(data={"id": await add_edit(resource, request, principal, body)})


class ShelfQuery(Schema):
    id: int = Field(..., ge=1, le=INT_MAX, title="编号")
    shelf: Flag | None = Field(None, max_length=1, title="上架", description="1 on, 0 off; empty: switch")


@api.get("/admin/goods_integral/is_shelf", need=any_perm(f"{PERM}:shelf"),
         summary="Put a points-mall goods item on or take it off the shelf",
         log=OperLogSpec("积分商品", BusinessType.UPDATE))
async def integral_shelf(request: web.Request, principal: Principal, query: ShelfQuery) -> web.Response:
    if query.shelf not in (None, SHELF_ON, SHELF_OFF):
        raise ServiceError("上架状态的取值不正确")
    before = await resource.one(request, principal, query.id)
    now = query.shelf or (SHELF_OFF if before["shelf"] == SHELF_ON else SHELF_ON)
    if now == before["shelf"]:
        raise ServiceError("商品已在架上" if now == SHELF_ON else "商品已下架")
    async with in_transaction():
        if not await MallIntegralGoods.filter(id=query.id, shelf=before["shelf"]).update(shelf=now):
            raise ServiceError(CONFLICT)
        await resource.record(request, principal, query.id, "shelf", before, {"shelf": now})
    return ok(data={"shelf": now}, msg="上架成功" if now == SHELF_ON else "下架成功")


@api.get("/admin/goods_integral/del", need=any_perm(f"{PERM}:remove"),
         summary="Delete a points-mall goods item (refused while on shelf)",
         log=OperLogSpec("积分商品", BusinessType.DELETE))
async def integral_del(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await remove(resource, request, principal, query.id)
    return ok()
