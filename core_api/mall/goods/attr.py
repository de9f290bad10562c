"""Goods attributes and their values (MallAttr, MallAttrValue, spec 001 §2.16 "Goods attributes"): the axes of
the SKU matrix. ``shop_id`` 0 is the platform's attribute, offered to every shop and maintained by operators; a
shop's own attributes are seen and changed by that shop only (another shop's id: 404). The edit calls take
their parameters in the query string, as the spec says.

An attribute or value that goods specs use is neither deleted nor renamed (the SKUs' spec text names it).
"""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from core_api.mall.goods.models import MallAttr, MallAttrValue
from core_api.mall.goods.skus import values_in_use
from core_api.mall.shop.refs import shop_names
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import ListPageOut
from core_api.platform.contract.mall import AttrPageOut, AttrQuery
from core_api.platform.counts import changed
from core_api.platform.envelope import ok, page
from core_api.platform.errors import Forbidden, NotFound, ServiceError
from core_api.platform.schema import INT_MAX, Schema, english
from core_api.platform.security import Principal, any_perm

PERM = "mall:attr"
api = Api("mall-attr")
MAX_VALUES = 100  # values of one attribute


def visible(principal: Principal) -> Q | None:
    """A shop account sees the platform's attributes and its own; an operator every one."""
    own = principal.authz.scope.shop_id
    return None if own is None else Q(shop_id__in=[0, own])


async def attr_of(principal: Principal, attr_id: int, writing: bool) -> dict[str, Any]:
    qs = MallAttr.filter(id=attr_id)
    if (where := visible(principal)) is not None:
        qs = qs.filter(where)
    rows = await qs.values("id", "shop_id", "name", "sort")
    if not rows:
        raise NotFound("属性不存在")
    if writing and principal.authz.scope.shop_id is not None and rows[0]["shop_id"] != principal.authz.scope.shop_id:
        raise Forbidden("平台属性只能由平台维护")
    return rows[0]


@api.get("/admin/mall/shop_mall_attr/list_data", need=any_perm(f"{PERM}:list", "mall:goods:edit"), response=AttrPageOut,
         summary="A page of goods attributes (the platform's and, for a shop account, its own) with their values")
async def attr_list(request: web.Request, principal: Principal, query: AttrQuery) -> web.Response:
    qs = MallAttr.all()
    if (where := visible(principal)) is not None:
        qs = qs.filter(where)
    if query.shop_id is not None:
        qs = qs.filter(shop_id=query.shop_id)
    if query.name:
        qs = qs.filter(name__icontains=query.name)
    total = await qs.count()
    rows = await qs.order_by("shop_id", "sort", "id").offset(query.offset).limit(query.page_size).values(
        "id", "shop_id", "name", "sort", "create_time")
    values = await MallAttrValue.filter(attr_id__in=[r["id"] for r in rows]).order_by("sort", "id").values(
        "id", "attr_id", "value", "sort") if rows else []
    names = await shop_names([r["shop_id"] for r in rows])
    by_attr: dict[int, list[dict[str, Any]]] = {}
    for v in values:
        by_attr.setdefault(v["attr_id"], []).append({"id": v["id"], "value": v["value"], "sort": v["sort"]})
    own = principal.authz.scope.shop_id
    attrs = [{"id": r["id"], "shopId": r["shop_id"],
              "shopName": "平台" if r["shop_id"] == 0 else names.get(r["shop_id"], ""),
              "name": r["name"], "sort": r["sort"], "values": by_attr.get(r["id"], []),
              "editable": own is None or r["shop_id"] == own} for r in rows]
    return page(attrs, total, query.page_num, query.page_size)


class AttrId(Schema):
    attr_id: int = Field(..., ge=1, le=INT_MAX, title="属性编号")


@api.get("/admin/mall/shop_mall_attr/list_data_val", need=any_perm(f"{PERM}:list", "mall:goods:edit"),
         response=ListPageOut, summary="The values of one attribute, by sort: every value in one page")
async def attr_values(request: web.Request, principal: Principal, query: AttrId) -> web.Response:
    await attr_of(principal, query.attr_id, writing=False)
    rows = await MallAttrValue.filter(attr_id=query.attr_id).order_by("sort", "id").limit(MAX_VALUES).values(
        "id", "attr_id", "value", "sort")
    return page([{"id": r["id"], "attrId": r["attr_id"], "value": r["value"], "sort": r["sort"]} for r in rows],
                len(rows), 1, MAX_VALUES)


class EditAttr(Schema):
    id: int | None = Field(None, ge=1, le=INT_MAX, title="属性编号", description="absent: a new attribute")
    name: str = Field(..., min_length=1, max_length=32, title="属性名称")
    sort: int = Field(0, ge=0, le=9999, title="排序")
    shop_id: int | None = Field(None, ge=0, le=INT_MAX, title="店铺",
                                description="an operator's new attribute: 0 (the platform, default) or a shop")


@api.post("/admin/mall/shop_mall_attr/edit_attr", need=any_perm(f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a goods attribute; the parameters are in the query string",
          log=OperLogSpec("商品属性", BusinessType.UPDATE))
async def edit_attr(request: web.Request, principal: Principal, query: EditAttr) -> web.Response:
    name = query.name.strip()
    if not name:
        raise ServiceError("属性名称不能为空")
    own = principal.authz.scope.shop_id
    try:
        if query.id is None:
            shop_id = query.shop_id or 0
            if own is not None:
                if query.shop_id not in (None, own):
                    raise NotFound()
                shop_id = own
            elif shop_id and shop_id not in await shop_names([shop_id]):
                raise ServiceError(f"店铺 {shop_id} 不存在")
            row = await MallAttr.create(shop_id=shop_id, name=name, sort=query.sort)
            record_id = row.id
        else:
            before = await attr_of(principal, query.id, writing=True)
            if query.shop_id is not None and query.shop_id != before["shop_id"]:
                raise ServiceError("不允许修改属性所属店铺")
            if name != before["name"] and await values_in_use(await MallAttrValue.filter(
                    attr_id=query.id).values_list("id", flat=True)):  # type: ignore[arg-type]
                raise ServiceError(f"属性“{before['name']}”已被商品规格使用，不能改名")
            if not await MallAttr.filter(id=query.id, name=before["name"], sort=before["sort"]).update(
                    name=name, sort=query.sort):
                raise ServiceError("记录已被他人修改，请刷新后重试")
            record_id = query.id
    except IntegrityError as exc:
        raise ServiceError(f"已有同名属性“{name}”") from exc
    await changed(request.app, "mall_attr")
    return ok(data={"id": record_id})


class EditValue(Schema):
    id: int | None = Field(None, ge=1, le=INT_MAX, title="属性值编号", description="absent: a new value")
    attr_id: int = Field(..., ge=1, le=INT_MAX, title="属性编号")
    value: str = Field(..., min_length=1, max_length=32, title="属性值")
    sort: int = Field(0, ge=0, le=9999, title="排序")


@api.post("/admin/mall/shop_mall_attr/edit_attr_val", need=any_perm(f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a value of an attribute; the parameters are in the query string",
          log=OperLogSpec("商品属性", BusinessType.UPDATE))
async def edit_attr_val(request: web.Request, principal: Principal, query: EditValue) -> web.Response:
    value = query.value.strip()
    if not value:
        raise ServiceError("属性值不能为空")
    attr = await attr_of(principal, query.attr_id, writing=True)
    try:
        if query.id is None:
            if await MallAttrValue.filter(attr_id=attr["id"]).count() >= MAX_VALUES:
                raise ServiceError(f"一个属性最多{MAX_VALUES}个值")
            row = await MallAttrValue.create(attr_id=attr["id"], shop_id=attr["shop_id"], value=value,
                                             sort=query.sort)
            record_id = row.id
        else:
            rows = await MallAttrValue.filter(id=query.id, attr_id=attr["id"]).values("id", "value", "sort")
            if not rows:
                raise NotFound("属性值不存在")
            before = rows[0]
            if value != before["value"] and await values_in_use([query.id]):
                raise ServiceError(f"属性值“{before['value']}”已被商品规格使用，不能修改")
            if not await MallAttrValue.filter(id=query.id, value=before["value"], sort=before["sort"]).update(
                    value=value, sort=query.sort):
                raise ServiceError("记录已被他人修改，请刷新后重试")
            record_id = query.id
    except IntegrityError as exc:
        raise ServiceError(f"属性“{attr['name']}”已有值“{value}”") from exc
    await changed(request.app, "mall_attr_value")
    return ok(data={"id": record_id})


class IdQuery(Schema):
    id: int = Field(..., ge=1, le=INT_MAX, title="编号")


@api.get("/admin/mall/shop_mall_attr/del_attr", need=any_perm(f"{PERM}:remove"),
         summary="Delete an attribute and its values (refused while goods specs use them)",
         log=OperLogSpec("商品属性", BusinessType.DELETE))
async def del_attr(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    attr = await attr_of(principal, query.id, writing=True)
    value_ids = await MallAttrValue.filter(attr_id=query.id).values_list("id", flat=True)
    used = await values_in_use(value_ids)  # type: ignore[arg-type]
    if used:
        raise ServiceError(f"属性“{attr['name']}”已被{used}个商品规格使用，不能删除")
    async with in_transaction():
        await MallAttrValue.filter(attr_id=query.id).delete()
        await MallAttr.filter(id=query.id).delete()
    await changed(request.app, "mall_attr", "mall_attr_value")
    return ok(msg="删除成功")


@api.get("/admin/mall/shop_mall_attr/del_attr_val", need=any_perm(f"{PERM}:remove"),
         summary="Delete a value of an attribute (refused while goods specs use it)",
         log=OperLogSpec("商品属性", BusinessType.DELETE))
async def del_attr_val(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    rows = await MallAttrValue.filter(id=query.id).values("id", "attr_id", "value")
    if not rows:
        raise NotFound("属性值不存在")
    await attr_of(principal, rows[0]["attr_id"], writing=True)
    used = await values_in_use([query.id])
    if used:
        raise ServiceError(f"属性值“{rows[0]['value']}”已被{used}个商品规格使用，不能删除")
    await MallAttrValue.filter(id=query.id).delete()
    await changed(request.app, "mall_attr_value")
    return ok(msg="删除成功")


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "属性不存在": "The attribute does not exist",
    "属性值不存在": "The attribute value does not exist",
    "平台属性只能由平台维护": "Platform attributes are maintained by the platform only",
    "属性“{name}”已被{used}个商品规格使用，不能删除":
        "The attribute “{name}” is used by {used} goods specs: it cannot be deleted",
    "已有同名属性“{name}”": "An attribute named “{name}” already exists",
    "店铺 {id} 不存在": "Shop {id} does not exist",
})
