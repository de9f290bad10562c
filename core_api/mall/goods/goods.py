"""Shop goods (MallGoods, spec 001 §2.16 "Shop goods"): the declaration (its list is the spec's ``list_data``,
keyset-paged and confined to the caller's shop) and the spec's calls beside it.

A goods item belongs to one shop (a shop account's own, unasked; an operator names the shop). It is sold only
when approved and on shelf. Its review: draft → pending (``submit_review``) → approved | rejected (the
platform's ``aduit_data``); a rejected item is edited and submitted again; an approved item edited (its
description or its prices and specs) goes back to pending and off the shelf. Every write is conditional on
the item's ``version`` (two editors: the second is refused, nothing half-written).
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from aiohttp import web
from pydantic import Field, create_model
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.mall.goods.category import CATEGORY, category_names, goods_leaf, tree_of
from core_api.mall.goods.models import MallAttr, MallAttrValue, MallCategory, MallGoods, MallSku
from core_api.mall.goods.skus import (
    PRICE_MAX,
    PRICE_MIN,
    STOCK_MAX,
    chosen_specs,
    combinations,
    sku_in_open_orders,
    value_ids_of,
)
from core_api.mall.shop.kind import SHOP, carry_shop_names
from core_api.platform.api import Api, BusinessType, OperLogSpec, parse, read_json
from core_api.platform.contract.mall import (
    GoodsDetailOut,
    GoodsEditPageOut,
    GoodsEditQuery,
    GoodsPageOut,
    GoodsReviewOut,
    GoodsSavedOut,
    GoodsSpecsSavedOut,
    ReviewQuery,
)
from core_api.platform.counts import changed, counted
from core_api.platform.envelope import ok, page
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import parse_ids
from core_api.platform.resource import CONFLICT, SHELF_OFF, SHELF_ON, Action, F, Resource
from core_api.platform.schema import INT_MAX, Flag, Schema, StrictSchema, english
from core_api.platform.security import OPERATOR_ONLY, Principal, any_perm
from core_api.platform.seek import cursor_after, seek_filter
from core_api.platform.state import CLOCK

PERM = "mall:goods"
DRAFT, PENDING, APPROVED, REJECTED = "draft", "pending", "approved", "rejected"
# What an approved item's edit sends back to review: all it shows the buyer (not its sort number).
REVIEWED = ("category_id", "name", "subtitle", "pics", "detail", "market_price_fen", "unit")
MAX_MULTI = 100


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is not None and not values:  # a delete
        skus = await MallSku.filter(goods_id=before["id"]).values_list("id", flat=True)
        held = await sku_in_open_orders(skus)  # type: ignore[arg-type]
        if held:
            raise ServiceError(f"商品“{before['name']}”还有未完成的订单，不能删除")
        return
    if "category_id" in values and (before is None or values["category_id"] != before["category_id"]):
        await goods_leaf(values["category_id"])
    if before is not None and before["review"] == APPROVED and any(
            k in values and values[k] != before[k] for k in REVIEWED):
        values.update(review=PENDING, shelf=SHELF_OFF, review_reason="")


async def enrich(rows: list[dict[str, Any]]) -> None:
    names = await category_names([r["category_id"] for r in rows])
    for r in rows:
        r["category_name"] = names.get(r["category_id"], "")


resource = Resource(
    name="MallGoods", model=MallGoods, perm=PERM, title="商品管理", title_en="Goods", view="mall/goods/index",
    menu_buttons=("query", "edit", "remove", "shelf", "recommend", "specs"),  # as seeded, not as derived
    list_path="/admin/mall/shop/goods/list_data", shop_field="shop_id", check=check, enrich=enrich,
    creatable=False, editable=False, removable=False, exportable=False, shelf=None, add_perm=f"{PERM}:edit",
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("shop_id", "店铺", "Shop", SHOP, edit="create", filter="exact", required=True),
        F("pics", "商品图片", "Pictures", "images", max_length=2000),
        F("name", "商品名称", "Name", required=True, max_length=100, filter="fragment"),
        F("category_id", "商品分类", "Category", CATEGORY, required=True, min=1, max=INT_MAX, filter="exact",
          listed=False),
        F("category_name", "商品分类", "Category", virtual=True, edit="never", exported=False),
        F("subtitle", "副标题", "Subtitle", max_length=200, listed=False),
        F("price_fen", "价格", "Price", "money", edit="never"),
        F("market_price_fen", "划线价", "Market price", "money", min=0, max=PRICE_MAX, default=0, listed=False),
        F("stock", "库存", "Stock", "int", edit="never", filter="range"),  # the shop home's low stock opens it
        F("sales", "销量", "Sales", "int", edit="never"),
        F("unit", "单位", "Unit", max_length=8, default="件", listed=False),
        F("detail", "商品详情", "Details", "richtext", listed=False, exported=False),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("recommend", "推荐", "Recommended", "flag", dict_type="biz_yes_no", edit="never", filter="exact"),
        F("review", "审核状态", "Review", "dict", dict_type="biz_goods_review", edit="never", filter="exact"),
        F("review_reason", "驳回原因", "Rejection reason", edit="never"),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0),
        F("version", "版本", "Version", "int", edit="never", listed=False, exported=False),
        F("create_time", "创建时间", "Created at", "datetime", edit="never"),
    ],
    actions=[
        Action("add", "新增商品", "New goods", "edit", "mall/goods/edit", "LINK", row=False),
        Action("edit", "编辑", "Edit", "edit", "mall/goods/edit", "LINK", params={"id": "id"}),
        Action("submit", "提交审核", "Submit for review", "edit", "admin/mall/shop/goods/submit_review", "GET",
               params={"id": "id"}, when={"review": [DRAFT, REJECTED]}, confirm="提交后由平台审核。",
               confirm_en="The platform reviews the item."),
        Action("shelf", "上下架", "Shelf", "shelf", "admin/mall/shop/goods/shelf_recommend", "GET",
               params={"id": "id"}, fields=(F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf",
                                              required=True),)),
        Action("recommend", "推荐", "Recommend", "recommend", "admin/mall/shop/goods/shelf_recommend", "GET",
               params={"id": "id"}, fields=(F("recommend", "推荐", "Recommended", "flag", dict_type="biz_yes_no",
                                              required=True),)),
        Action("del", "删除", "Delete", "remove", "admin/mall/shop/goods/del", "GET", params={"id": "id"},
               confirm="商品及其全部规格将被删除，不可恢复。",
               confirm_en="The item and all its SKUs are deleted for good."),
    ],
)
api = Api("mall-goods")
EditBody = create_model("MallGoodsEdit", __base__=resource.update_model,  # type: ignore[call-overload]
                        id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")))


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="商品编号")


async def bump(request: web.Request, principal: Principal, before: dict[str, Any], after: dict[str, Any],
               note: str | None = None, action: str = "update", **where: Any) -> None:
    """One conditional write of a goods item (its version, and ``where``), with its history row."""
    async with in_transaction():
        if not await MallGoods.filter(id=before["id"], version=before["version"], **where).update(
                **after, version=before["version"] + 1, update_by=principal.user_name,
                update_time=request.app[CLOCK].now()):
            raise ServiceError(CONFLICT)
        await resource.record(request, principal, before["id"], action, before, after, note=note)
    await changed(request.app, resource.table)


# ---- create and edit

@api.post("/admin/mall/shop/goods/add_edit", need=any_perm(f"{PERM}:edit"), response=GoodsSavedOut,
          summary="Create (no id) or edit (an id) a goods item; an approved item edited goes back to review",
          log=OperLogSpec("商品管理", BusinessType.UPDATE))
async def add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    record_id = body.id  # type: ignore[attr-defined]
    if record_id is None:
        body = await parse(resource.create_model, await read_json(request), request)
        values = await resource.checked_values(request, body, None)
        now = request.app[CLOCK].now()
        async with in_transaction():
            row = await MallGoods.create(**values, review=DRAFT, shelf=SHELF_OFF, create_by=principal.user_name,
                                         create_time=now)
            await resource.record(request, principal, row.id, "create", {}, values)
        await changed(request.app, resource.table)
        return ok(data={"id": row.id, "review": DRAFT})
    before = await resource.one(request, principal, record_id)
    sent_version = getattr(body, "version", None)
    if sent_version not in (None, "") and str(sent_version) != str(before["version"]):
        raise ServiceError(CONFLICT)  # the page was loaded before someone else saved the item
    body.version = None  # type: ignore[attr-defined]
    values = await resource.checked_values(request, body, before)
    await bump(request, principal, before, values)
    review = values.get("review", before["review"])
    msg = "保存成功，商品已重新提交审核并下架" if review != before["review"] else "保存成功"
    return ok(data={"id": record_id, "review": review}, msg=msg)


@api.get("/admin/mall/shop/goods/del", need=any_perm(f"{PERM}:remove"),
         summary="Delete a goods item and its SKUs (refused while an open order holds one)",
         log=OperLogSpec("商品管理", BusinessType.DELETE))
async def remove(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    before = await resource.one(request, principal, query.id)
    await check(request, {}, before)
    async with in_transaction():
        if not await MallGoods.filter(id=query.id, version=before["version"]).delete():
            raise ServiceError(CONFLICT)
        await MallSku.filter(goods_id=query.id).delete()
        await resource.record(request, principal, query.id, "delete", before, {})
    await changed(request.app, resource.table)
    return ok(msg="删除成功")


# ---- shelf and recommend

class ShelfQuery(IdQuery):
    shelf: Flag | None = Field(None, pattern=r"^[01]$", title="上架", description="1 on shelf, 0 off")
    recommend: Flag | None = Field(None, pattern=r"^[01]$", title="推荐", description="1 recommended, 0 not")


@api.get("/admin/mall/shop/goods/shelf_recommend", need=any_perm(f"{PERM}:shelf", f"{PERM}:recommend"),
         summary="Put a goods item on or off the shelf (only an approved one goes on), or (un)recommend it",
         log=OperLogSpec("商品管理", BusinessType.UPDATE))
async def shelf_recommend(request: web.Request, principal: Principal, query: ShelfQuery) -> web.Response:
    if (query.shelf is None) == (query.recommend is None):
        raise ServiceError("请指定上架状态（shelf）或推荐状态（recommend）其中之一")
    field = "shelf" if query.shelf is not None else "recommend"
    if not principal.authz.has_permi(f"{PERM}:{field}"):
        raise ServiceError("当前操作没有权限", 403)
    before = await resource.one(request, principal, query.id)
    target = str(query.shelf if field == "shelf" else query.recommend)
    if before[field] == target:
        already = {("shelf", "1"): "商品已上架", ("shelf", "0"): "商品已下架",
                   ("recommend", "1"): "商品已是推荐商品", ("recommend", "0"): "商品未被推荐"}
        raise ServiceError(already[(field, target)])
    if field == "shelf" and target == SHELF_ON:
        refuse_unsellable([before])
    await bump(request, principal, before, {field: target}, action=field)
    label = {"shelf": ("下架成功", "上架成功"), "recommend": ("已取消推荐", "已设为推荐")}[field]
    return ok(data={field: target}, msg=label[target == "1"])


def refuse_unsellable(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        if row["review"] != APPROVED:
            raise ServiceError(f"商品“{row['name']}”未通过审核，不能上架")
        if row["price_fen"] <= 0:
            raise ServiceError(f"商品“{row['name']}”还没有规格和价格，不能上架")


class MultiShelfQuery(Schema):
    ids: str = Field(..., min_length=1, max_length=2000, pattern=r"^\d+(,\d+)*$", title="商品编号",
                     description="comma-separated goods ids (at most 100)")
    shelf: Flag = Field(..., pattern=r"^[01]$", title="上架")


@api.get("/admin/mall/shop/goods/multi_shelf", need=any_perm(f"{PERM}:shelf"),
         summary="Put several goods items on or off the shelf: all or none",
         log=OperLogSpec("商品管理", BusinessType.UPDATE))
async def multi_shelf(request: web.Request, principal: Principal, query: MultiShelfQuery) -> web.Response:
    wanted = sorted(set(parse_ids(query.ids)))
    if len(wanted) > MAX_MULTI:
        raise ServiceError(f"一次最多操作{MAX_MULTI}件商品")
    rows = await resource.scoped(principal, MallGoods.filter(id__in=wanted)).values(*resource.columns)
    if len(rows) != len(wanted):
        found = {r["id"] for r in rows}
        raise NotFound(f"商品不存在：{','.join(str(i) for i in wanted if i not in found)}")
    if query.shelf == SHELF_ON:
        refuse_unsellable(rows)
    moving = [r for r in rows if r["shelf"] != query.shelf]
    now = request.app[CLOCK].now()
    async with in_transaction():
        for row in moving:
            if not await MallGoods.filter(id=row["id"], version=row["version"]).update(
                    shelf=query.shelf, version=row["version"] + 1, update_by=principal.user_name, update_time=now):
                raise ServiceError(CONFLICT)
            await resource.record(request, principal, row["id"], "shelf", row, {"shelf": query.shelf},
                                  note="批量上下架")
    await changed(request.app, resource.table)
    what = "上架" if query.shelf == SHELF_ON else "下架"
    return ok(data={"changed": len(moving)}, msg=f"已{what}{len(moving)}件商品")


# ---- categories for the goods screens (shop accounts read them here)

class ChildQuery(Schema):
    parent_id: int = Field(0, ge=0, le=INT_MAX, title="上级分类编号", description="0: the first level")


@api.get("/admin/mall/shop/goods/child_catetory", need=any_perm(f"{PERM}:list", f"{PERM}:edit"),
         summary="The goods categories (on shelf) under a category, or the first level")
async def child_category(request: web.Request, principal: Principal, query: ChildQuery) -> web.Response:
    rows = await MallCategory.filter(kind="goods", parent_id=query.parent_id, shelf=SHELF_ON).order_by(
        "sort", "id").limit(1000).values("id", "parent_id", "name", "icon", "sort")
    kids = set(await MallCategory.filter(parent_id__in=[r["id"] for r in rows]).values_list(
        "parent_id", flat=True)) if rows else set()
    return ok(data=[{"id": r["id"], "parentId": r["parent_id"], "name": r["name"], "icon": r["icon"],
                     "sort": r["sort"], "leaf": r["id"] not in kids} for r in rows])


class TreeQuery(Schema):
    kind: Literal["goods", "picture", "integral"] = Field("goods", title="分类类型",
                                                          description="goods, picture (picture types) or integral")


@api.get("/admin/mall/shop/goods/category",
         need=any_perm(f"{PERM}:list", f"{PERM}:edit", "mall:category:list", "mall:picture:list",
                       "mall:integralGoods:list", "mall:coupon:edit"),
         summary="The category tree of a kind (two levels, on shelf): what shop accounts read categories through "
                 "(and the coupon form picks a category coupon's categories from)")
async def category_tree(request: web.Request, principal: Principal, query: TreeQuery) -> web.Response:
    return ok(data=await tree_of(query.kind, on_shelf=True))


# ---- the edit page

async def attr_options(shop_id: int | None) -> list[dict[str, Any]]:
    """The attributes a goods item of ``shop_id`` may use (the platform's and the shop's), with their values."""
    qs = MallAttr.all() if shop_id is None else MallAttr.filter(shop_id__in=[0, shop_id])
    attrs = await qs.order_by("sort", "id").limit(200).values("id", "shop_id", "name", "sort")
    values = await MallAttrValue.filter(attr_id__in=[a["id"] for a in attrs]).order_by("sort", "id").limit(
        5000).values("id", "attr_id", "value", "sort") if attrs else []
    by_attr: dict[int, list[dict[str, Any]]] = {}
    for v in values:
        by_attr.setdefault(v["attr_id"], []).append({"id": v["id"], "value": v["value"], "sort": v["sort"]})
    return [{"id": a["id"], "shopId": a["shop_id"], "name": a["name"], "values": by_attr.get(a["id"], [])}
            for a in attrs]


async def skus_of(goods_id: int) -> list[dict[str, Any]]:
    return await MallSku.filter(goods_id=goods_id).order_by("id").values(
        "id", "spec_key", "spec", "price_fen", "market_price_fen", "stock", "code", "image")


def sku_view(sku: dict[str, Any]) -> dict[str, Any]:
    return {"id": sku["id"], "specKey": sku["spec_key"], "spec": sku["spec"], "priceFen": sku["price_fen"],
            "marketPriceFen": sku["market_price_fen"], "stock": sku["stock"], "code": sku["code"],
            "image": sku["image"], "valueIds": value_ids_of(sku["spec_key"])}


async def goods_detail(request: web.Request, principal: Principal, goods_id: int) -> dict[str, Any]:
    row = await resource.one(request, principal, goods_id)
    await enrich([row])
    await carry_shop_names(resource, [row], request.app)
    skus = await skus_of(goods_id)
    value_ids = {v for s in skus for v in value_ids_of(s["spec_key"])}
    values = {v["id"]: v for v in await MallAttrValue.filter(id__in=sorted(value_ids)).values(
        "id", "attr_id", "value", "sort")} if value_ids else {}
    attrs = {a["id"]: a for a in await MallAttr.filter(id__in=sorted({v["attr_id"] for v in values.values()}))
             .values("id", "name", "sort")} if values else {}
    return {"goods": resource.view_of(principal)(row), "skus": [sku_view(s) for s in skus],
            "specs": chosen_specs(skus, values, attrs)}


@api.get("/admin/mall/shop/goods/add_edit_page", need=any_perm(f"{PERM}:edit", f"{PERM}:query"),
         response=GoodsEditPageOut,
         summary="The edit page: the item with its SKUs and chosen specs, the category tree and the attributes")
async def add_edit_page(request: web.Request, principal: Principal, query: GoodsEditQuery) -> web.Response:
    data: dict[str, Any] = {"goods": None, "skus": [], "specs": []}
    shop_id = principal.authz.scope.shop_id
    if query.id is not None:
        data = await goods_detail(request, principal, query.id)
        shop_id = data["goods"]["shopId"]
    data["categories"] = await tree_of("goods", on_shelf=True)
    data["attrs"] = await attr_options(shop_id)
    data["ownShop"] = principal.authz.scope.shop_id
    return ok(data=data)


# ---- the specs (the SKU matrix)

class SpecIn(StrictSchema):
    attr_id: int = Field(..., ge=1, le=INT_MAX, title="属性编号")
    value_ids: list[int] = Field(..., min_length=1, max_length=100, title="属性值编号")


class SkuIn(StrictSchema):
    value_ids: list[int] = Field(default_factory=list, max_length=10, title="属性值编号")
    price_fen: int = Field(..., ge=-INT_MAX, le=INT_MAX, title="规格价格", description=f"fen, {PRICE_MIN}..{PRICE_MAX}")
    market_price_fen: int = Field(0, ge=-INT_MAX, le=INT_MAX, title="规格划线价", description=f"fen, 0..{PRICE_MAX}")
    stock: int = Field(..., ge=-INT_MAX, le=INT_MAX, title="规格库存", description=f"0..{STOCK_MAX}")
    code: str = Field("", max_length=64, title="规格编码")
    image: str = Field("", max_length=500, title="规格图片")


class CrossingBody(StrictSchema):
    goods_id: int = Field(..., ge=1, le=INT_MAX, title="商品编号")
    specs: list[SpecIn] = Field(default_factory=list, max_length=10, title="规格属性")
    skus: list[SkuIn] = Field(..., min_length=1, max_length=1000, title="规格")


@api.post("/admin/mall/shop/goods/goods_crossing_attr", need=any_perm(f"{PERM}:specs", f"{PERM}:edit"),
          response=GoodsSpecsSavedOut,
          summary="Save a goods item's specs: every combination of the chosen values is one SKU with its price "
                  "(fen), stock, code and image; remaining combinations keep their SKU ids",
          log=OperLogSpec("商品规格", BusinessType.UPDATE))
async def goods_crossing_attr(request: web.Request, principal: Principal, body: CrossingBody) -> web.Response:
    before = await resource.one(request, principal, body.goods_id)
    matrix = await combinations(before["shop_id"], [(s.attr_id, s.value_ids) for s in body.specs])
    texts = dict(matrix)
    given: dict[str, SkuIn] = {}
    for sku in body.skus:
        key = "_".join(str(v) for v in sorted(sku.value_ids))
        if key in given:
            raise ServiceError(f"规格“{texts.get(key, key)}”重复填写")
        if key not in texts:
            raise ServiceError(f"规格（属性值 {key or '无'}）不在所选属性值的组合中")
        given[key] = sku
        what = f"规格“{texts[key]}”" if texts[key] else "商品"
        if not PRICE_MIN <= sku.price_fen <= PRICE_MAX:
            raise ServiceError(f"{what}的价格须在0.01～999999.99元之间")
        if not 0 <= sku.market_price_fen <= PRICE_MAX:
            raise ServiceError(f"{what}的划线价须在0～999999.99元之间")
        if not 0 <= sku.stock <= STOCK_MAX:
            raise ServiceError(f"{what}的库存须在0～{STOCK_MAX}之间")
    missing = [text for key, text in matrix if key not in given]
    if missing:
        raise ServiceError(f"请填写规格“{missing[0]}”的价格和库存（共{len(missing)}个未填）")
    existing = {s["spec_key"]: s for s in await skus_of(body.goods_id)}
    gone = [s["id"] for k, s in existing.items() if k not in texts]
    held = await sku_in_open_orders(gone)
    if held:
        names = "、".join(s["spec"] for s in existing.values() if s["id"] in held)
        raise ServiceError(f"规格“{names}”还有未完成的订单，不能删除")
    prices = [s.price_fen for s in given.values()]
    after: dict[str, Any] = {"price_fen": min(prices), "stock": sum(s.stock for s in given.values())}
    repriced = set(existing) != set(texts) or any(
        existing[k]["price_fen"] != s.price_fen for k, s in given.items() if k in existing)
    if before["review"] == APPROVED and repriced:
        after.update(review=PENDING, shelf=SHELF_OFF, review_reason="")
    now = request.app[CLOCK].now()
    try:
        async with in_transaction():
            if not await MallGoods.filter(id=body.goods_id, version=before["version"]).update(
                    **after, version=before["version"] + 1, update_by=principal.user_name, update_time=now):
                raise ServiceError(CONFLICT)
            if gone:
                await MallSku.filter(id__in=gone).delete()
            fresh = []
            for key, text in matrix:
                sku = given[key]
                values = {"spec": text, "price_fen": sku.price_fen, "market_price_fen": sku.market_price_fen,
                          "stock": sku.stock, "code": sku.code.strip(), "image": sku.image.strip()}
                if key in existing:
                    await MallSku.filter(id=existing[key]["id"]).update(**values)
                else:
                    fresh.append(MallSku(goods_id=body.goods_id, shop_id=before["shop_id"], spec_key=key, **values))
            if fresh:
                await MallSku.bulk_create(fresh)
            await resource.record(request, principal, body.goods_id, "update", before, after,
                                  note=f"规格：{len(matrix)}个，新增{len(fresh)}个，删除{len(gone)}个")
    except IntegrityError as exc:
        raise ServiceError(CONFLICT) from exc
    await changed(request.app, resource.table, "mall_sku")
    skus = await skus_of(body.goods_id)
    msg = "规格已保存，商品已重新提交审核并下架" if after.get("review") == PENDING else "规格已保存"
    return ok(data={"skus": [sku_view(s) for s in skus], "priceFen": after["price_fen"], "stock": after["stock"],
                    "review": after.get("review", before["review"])}, msg=msg)


# ---- the review

@api.get("/admin/mall/shop/goods/submit_review", need=any_perm(f"{PERM}:edit"), response=GoodsReviewOut,
         summary="Submit a draft or rejected goods item for the platform's review",
         log=OperLogSpec("商品管理", BusinessType.UPDATE))
async def submit_review(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    before = await resource.one(request, principal, query.id)
    if before["review"] == PENDING:
        raise ServiceError("商品正在审核中，请勿重复提交")
    if before["review"] == APPROVED:
        raise ServiceError("商品已通过审核，无需提交")
    if not await MallSku.filter(goods_id=query.id).exists():
        raise ServiceError("请先设置商品的规格、价格和库存再提交审核")
    await bump(request, principal, before, {"review": PENDING, "review_reason": ""}, note="提交审核",
               action="action", review=before["review"])
    return ok(data={"review": PENDING}, msg="已提交审核")


class AuditBody(StrictSchema):
    id: int = Field(..., ge=1, le=INT_MAX, title="商品编号")
    status: Literal["approved", "rejected"] = Field(..., title="审核结果", description="approved or rejected")
    reason: str = Field("", max_length=200, title="驳回原因", description="required when rejected: the shop sees it")


REVIEW_PERM = "mall:review"
OPERATOR_ONLY.update(f"{REVIEW_PERM}:{p}" for p in ("list", "query", "audit"))  # the platform reviews, shops submit


def operator_only(principal: Principal) -> None:
    if principal.authz.scope.shop_id is not None:
        raise ServiceError("店铺账号不能审核商品", 403)


@api.get("/admin/shop/goods_mall/settle_page", need=any_perm(f"{REVIEW_PERM}:query", f"{REVIEW_PERM}:audit"),
         response=GoodsDetailOut,
         summary="The review page of a goods item: the item, its shop and category, its SKUs")
async def settle_page(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    operator_only(principal)
    return ok(data=await goods_detail(request, principal, query.id))


@api.post("/admin/shop/goods_mall/aduit_data", need=any_perm(f"{REVIEW_PERM}:audit"),
          summary="Approve a pending goods item, or reject it with a reason the shop sees (once)",
          log=OperLogSpec("商品审核", BusinessType.UPDATE))
async def audit(request: web.Request, principal: Principal, body: AuditBody) -> web.Response:
    operator_only(principal)
    reason = body.reason.strip()
    if body.status == REJECTED and not reason:
        raise ServiceError("驳回时请填写驳回原因")
    before = await resource.one(request, principal, body.id)
    if before["review"] != PENDING:
        raise ServiceError("该商品已审核，不能重复审核" if before["review"] in (APPROVED, REJECTED)
                           else "该商品未提交审核")
    after = {"review": body.status, "review_reason": reason if body.status == REJECTED else ""}
    try:
        await bump(request, principal, before, after, note="审核通过" if body.status == APPROVED else f"驳回：{reason}",
                   action="action", review=PENDING)
    except ServiceError:
        raise ServiceError("该商品已审核，不能重复审核") from None
    return ok(data={"review": body.status}, msg="审核通过" if body.status == APPROVED else "已驳回")


@api.get("/admin/shop/goods_mall/list_data", need=any_perm(f"{REVIEW_PERM}:list"), response=GoodsPageOut,
         summary="The goods awaiting review (or the approved / rejected ones), oldest first, keyset-paged")
async def review_list(request: web.Request, principal: Principal, query: ReviewQuery) -> web.Response:
    operator_only(principal)
    qs = MallGoods.filter(review=query.review)
    key = f"review={query.review}"
    if query.shop_id is not None:
        qs, key = qs.filter(shop_id=query.shop_id), f"{key}&shop={query.shop_id}"
    if query.name:
        qs, key = qs.filter(name__icontains=query.name), f"{key}&name={query.name!r}"
    ordering = ["id"] if query.review == PENDING else ["-id"]
    seek = seek_filter(MallGoods, query.after, key, ordering, query.page_num)
    page_qs = qs.filter(seek) if seek is not None else qs.offset(query.offset)
    rows, total = await asyncio.gather(
        page_qs.order_by(*ordering).limit(query.page_size).values(*resource.columns),
        counted(request.app, resource.table, f"review:{key}", qs))
    after = cursor_after(MallGoods, rows[-1], key, ordering, query.page_num + 1) if len(
        rows) == query.page_size else None
    await enrich(rows)
    await carry_shop_names(resource, rows, request.app)
    view = resource.view_of(principal)
    return page([view(r) for r in rows], total, query.page_num, query.page_size, next=after)


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "商品已通过审核，无需提交": "The goods are already approved: nothing to submit",
    "商品正在审核中，请勿重复提交": "The goods are under review: do not submit again",
    "店铺账号不能审核商品": "A shop account cannot review goods",
    "该商品已审核，不能重复审核": "The goods have been reviewed already",
    "请先设置商品的规格、价格和库存再提交审核": "Set the goods' specs, prices and stock before submitting for review",
    "驳回时请填写驳回原因": "Give the reason for rejecting",
    "一次最多操作{n}件商品": "At most {n} goods at once",
    "商品“{name}”还有未完成的订单，不能删除": "The goods “{name}” have unfinished orders: they cannot be deleted",
    "商品“{name}”未通过审核，不能上架": "The goods “{name}” are not approved: they cannot go on the shelf",
    "商品“{name}”还没有规格和价格，不能上架":
        "The goods “{name}” have no specs and prices yet: they cannot go on the shelf",
    "商品不存在：{ids}": "Goods do not exist: {ids}",
    "规格“{names}”还有未完成的订单，不能删除": "The specs “{names}” have unfinished orders: they cannot be deleted",
})
