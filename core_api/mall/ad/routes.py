"""Shop ad categories (spec 001 §2.16): a shop's tabs of goods, each with its goods in an order of their own.
Per shop: a shop account sees and changes only its own shop's categories and entries (another shop's id, in
the query or among the goods ids: 404, nothing changed); an operator names the shop. A goods item is in a
category once (a unique index); the goods added must be the category's shop's.

``change_status`` switches a goods entry (``target=goods``, the default: shown or hidden in the category) or
the category itself (``target=category``) between shown and hidden, by a conditional update."""

from __future__ import annotations

from typing import Any, Literal

from aiohttp import web
from pydantic import Field
from tortoise.transactions import in_transaction

from core_api.content.common import IdQuery, add_edit, edit_model, need_perms, remove
from core_api.mall.ad.models import MallAdCategory, MallAdGoods
from core_api.mall.goods.models import MallGoods
from core_api.mall.shop.kind import SHOP
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract.mall import AdGoodsOut, AdGoodsQuery
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import parse_ids
from core_api.platform.resource import CONFLICT, Action, F, Resource, owned
from core_api.platform.schema import INT_MAX, Flag, Schema, StrictSchema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import fmt

PERM = "mall:adCategory"
SHOWN, HIDDEN = "1", "0"
MAX_GOODS = 200  # goods added in one call


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if "name" in values:
        values["name"] = values["name"].strip()
        if not values["name"]:
            raise ServiceError("分类名称不能为空")


async def written(action: str, record_id: int, row: dict[str, Any] | None) -> None:
    if action == "delete":  # the category's goods entries go with it, in the same transaction
        await MallAdGoods.filter(category_id=record_id).delete()


async def enrich(rows: list[dict[str, Any]]) -> None:
    ids = [r["id"] for r in rows]
    counts: dict[int, int] = {}
    for cid in await MallAdGoods.filter(category_id__in=ids).values_list("category_id", flat=True) if ids else []:
        counts[cid] = counts.get(cid, 0) + 1  # type: ignore[index, call-overload]
    for r in rows:
        r["goods_count"] = counts.get(r["id"], 0)


resource = Resource(
    name="MallAdCategory", model=MallAdCategory, perm=PERM, title="广告分类", title_en="Shop ad categories",
    menu_buttons=("query", "edit", "remove", "status", "goods"),  # as seeded, not as derived
    view="mall/adCategory/index", list_path="/admin/shopAd_category/list_data", shelf=None,
    add_perm=f"{PERM}:edit", shop_field="shop_id", order=("sort", "id"), check=check, written=written,
    enrich=enrich, duplicate="本店铺已有同名广告分类",
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("shop_id", "店铺", "Shop", SHOP, edit="create", filter="exact", required=True),
        F("name", "分类名称", "Name", required=True, max_length=32, filter="fragment"),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("status", "状态", "Status", "flag", dict_type="biz_show_hide", default=SHOWN, filter="exact"),
        F("goods_count", "商品数", "Goods", "int", virtual=True, edit="never", exported=False),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[Action("goods", "分类商品", "Goods", "goods", "mall/adCategory/goods", "LINK", params={"id": "id"})],
)
api = Api("mall-ad")
EditBody = edit_model(resource)


@api.post("/admin/shopAd_category/add_edit", need=any_perm(*need_perms(resource)),
          summary="Create (no id) or edit (an id) an ad category of a shop",
          log=OperLogSpec("广告分类", BusinessType.UPDATE))
async def ad_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return ok(data={"id": await add_edit(resource, request, principal, body)})


@api.get("/admin/shopAd_category/del", need=any_perm(f"{PERM}:remove"),
         summary="Delete an ad category with its goods entries", log=OperLogSpec("广告分类", BusinessType.DELETE))
async def ad_del(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await remove(resource, request, principal, query.id)
    return ok()


@api.get("/admin/shopAd_category/goods_data", need=any_perm(f"{PERM}:goods", f"{PERM}:query"), response=AdGoodsOut,
         summary="The goods of an ad category with their sort numbers and status, by sort")
async def ad_goods_data(request: web.Request, principal: Principal, query: AdGoodsQuery) -> web.Response:
    category = await resource.one(request, principal, query.category_id)
    qs = MallAdGoods.filter(category_id=category["id"])
    if query.status:
        qs = qs.filter(status=query.status)
    if query.name:
        matching = MallGoods.filter(shop_id=category["shop_id"], name__icontains=query.name)
        qs = qs.filter(goods_id__in=await matching.values_list("id", flat=True))
    total = await qs.count()
    entries = await qs.order_by("sort", "id").offset(query.offset).limit(query.page_size).values()
    goods = {g["id"]: g for g in await MallGoods.filter(id__in=[e["goods_id"] for e in entries]).values(
        "id", "name", "pics", "price_fen", "stock", "shelf", "review")}
    rows = []
    for e in entries:
        g = goods.get(e["goods_id"], {})
        rows.append({"id": e["id"], "categoryId": e["category_id"], "shopId": e["shop_id"], "goodsId": e["goods_id"],
                     "sort": e["sort"], "status": e["status"], "createTime": fmt(e["create_time"]),
                     "goodsName": g.get("name", ""), "cover": (g.get("pics") or "").split(",")[0],
                     "priceFen": g.get("price_fen", 0), "stock": g.get("stock", 0), "shelf": g.get("shelf", "0"),
                     "review": g.get("review", "")})
    return table(rows, total)


class AddGoodsQuery(Schema):
    category_id: int = Field(..., ge=1, le=INT_MAX, title="广告分类")
    goods_ids: str = Field(..., min_length=1, max_length=4000, title="商品编号", description="comma-joined goods ids")


@api.get("/admin/shopAd_category/add_goods", need=any_perm(f"{PERM}:goods"),
         summary="Add goods of the category's shop to an ad category (those already in it are kept as they are)",
         log=OperLogSpec("广告分类", BusinessType.INSERT))
async def ad_add_goods(request: web.Request, principal: Principal, query: AddGoodsQuery) -> web.Response:
    ids = sorted(set(parse_ids(query.goods_ids)))
    if len(ids) > MAX_GOODS:
        raise ServiceError(f"一次最多添加{MAX_GOODS}个商品")
    category = await resource.one(request, principal, query.category_id)
    await owned(principal, MallGoods, ids, what="商品")
    foreign = sorted(set(ids) - set(await MallGoods.filter(id__in=ids, shop_id=category["shop_id"]).values_list(
        "id", flat=True)))
    if foreign:
        raise ServiceError(f"商品不属于该广告分类的店铺：{','.join(map(str, foreign))}")
    now = request.app[CLOCK].now()
    async with in_transaction():
        present = set(await MallAdGoods.filter(category_id=category["id"], goods_id__in=ids).values_list(
            "goods_id", flat=True))
        last = await MallAdGoods.filter(category_id=category["id"]).order_by("-sort").values_list("sort", flat=True)
        start = (last[0] if last else 0) + 1  # type: ignore[operator]
        new = [MallAdGoods(category_id=category["id"], shop_id=category["shop_id"], goods_id=g,
                           sort=min(start + i, 9999), create_by=principal.user_name, create_time=now)
               for i, g in enumerate(g for g in ids if g not in present)]
        if new:
            await MallAdGoods.bulk_create(new, ignore_conflicts=True)  # a concurrent add of the same item: kept once
        added = ",".join(str(n.goods_id) for n in new)
        await resource.record(request, principal, category["id"], "update", {}, {},
                              note=f"添加商品 {added}" if new else "添加商品：已在分类中")
    await changed(request.app, "mall_ad_goods")
    return ok(data={"added": len(new), "kept": len(present)})


class StatusQuery(Schema):
    id: int = Field(..., ge=1, le=INT_MAX, title="编号", description="a goods entry's id, or the category's")
    target: Literal["goods", "category"] = Field("goods", title="对象")
    status: Flag | None = Field(None, max_length=1, title="状态", description="1 shown, 0 hidden; empty: switch")


async def entry_of(principal: Principal, entry_id: int) -> dict[str, Any]:
    qs = MallAdGoods.filter(id=entry_id)
    if (where := principal.authz.scope.shop_filter("shop_id")) is not None:
        qs = qs.filter(where)
    rows = await qs.values()
    if not rows:
        raise NotFound()
    return rows[0]


@api.get("/admin/shopAd_category/change_status", need=any_perm(f"{PERM}:status"),
         summary="Show or hide a goods entry of an ad category (target=goods) or the category (target=category)",
         log=OperLogSpec("广告分类", BusinessType.UPDATE))
async def ad_change_status(request: web.Request, principal: Principal, query: StatusQuery) -> web.Response:
    if query.status not in (None, SHOWN, HIDDEN):
        raise ServiceError("状态的取值不正确")
    if query.target == "category":
        before = await resource.one(request, principal, query.id)
        model: Any = MallAdCategory
    else:
        before = await entry_of(principal, query.id)
        model = MallAdGoods
    now = query.status or (HIDDEN if before["status"] == SHOWN else SHOWN)
    if now == before["status"]:
        raise ServiceError("已是显示状态" if now == SHOWN else "已是隐藏状态")
    async with in_transaction():
        if not await model.filter(id=query.id, status=before["status"]).update(status=now):
            raise ServiceError(CONFLICT)
        category_id = before["id"] if query.target == "category" else before["category_id"]
        note = None if query.target == "category" else f"商品 {before['goods_id']} 状态 {before['status']}→{now}"
        await resource.record(request, principal, category_id, "status",
                              {"status": before["status"]} if query.target == "category" else {},
                              {"status": now} if query.target == "category" else {}, note=note)
    await changed(request.app, "mall_ad_goods")
    return ok(data={"status": now}, msg="已显示" if now == SHOWN else "已隐藏")


class EditGoodsBody(StrictSchema):
    id: int = Field(..., ge=1, le=INT_MAX, title="编号", description="the goods entry's id")
    sort: int = Field(..., ge=0, le=9999, title="排序")


@api.post("/admin/shopAd_category/edit_goods", need=any_perm(f"{PERM}:goods"),
          summary="Set the sort number of a goods entry of an ad category",
          log=OperLogSpec("广告分类", BusinessType.UPDATE))
async def ad_edit_goods(request: web.Request, principal: Principal, body: EditGoodsBody) -> web.Response:
    before = await entry_of(principal, body.id)
    async with in_transaction():
        await MallAdGoods.filter(id=body.id).update(sort=body.sort)
        await resource.record(request, principal, before["category_id"], "update", {}, {},
                              note=f"商品 {before['goods_id']} 排序 {before['sort']}→{body.sort}")
    await changed(request.app, "mall_ad_goods")
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "本店铺已有同名广告分类": "The shop already has an ad category of that name",
})
