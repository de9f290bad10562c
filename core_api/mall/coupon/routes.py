"""Coupons (MallCoupon): the declaration (its list at the spec's GET /admin/mall/shop_discount_voucher/list_data),
the spec's two save paths (create without an id, edit with one, by the same rules), shelf change and delete;
and the app server's claim call.

A shop account writes only its own shop's coupons (``shop_field``); 0 is a platform coupon, which only
operators create. Goods a coupon lists must be the coupon's shop's (``owned``); categories must exist. Once a
coupon has been claimed its kind, amounts and scope no longer change, and it can no longer be deleted (it can
be taken off the shelf)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field, create_model
from tortoise.transactions import in_transaction

from core_api.account.consumer.service import check_acting_user
from core_api.content.common import delete_one, save
from core_api.mall.coupon import service
from core_api.mall.coupon.models import MallCoupon, MallCouponTarget
from core_api.mall.goods.category import category_names
from core_api.mall.goods.models import MallCategory, MallGoods
from core_api.mall.shop.kind import SHOP
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import partner as partner_out
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.partner import PartnerBody
from core_api.platform.resource import CONFLICT, SHELF_OFF, SHELF_ON, F, Resource, owned, partner_api
from core_api.platform.schema import INT_MAX, Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, PRINCIPAL
from core_api.platform.timefmt import fmt

PERM = "mall:coupon"
LOCKED = ("kind", "amount_fen", "threshold_fen", "discount_bp", "cap_fen", "scope", "target_ids")
MAX_TARGETS = 200


def parse_targets(text: str) -> list[int]:
    parts = [p.strip() for p in (text or "").split(",") if p.strip()]
    if not all(p.isdigit() and len(p) <= 18 for p in parts):
        raise ServiceError("适用商品或分类的编号格式不正确")
    ids = sorted({int(p) for p in parts})
    if len(ids) > MAX_TARGETS:
        raise ServiceError(f"适用商品或分类最多{MAX_TARGETS}个")
    return ids


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:  # noqa: C901
    if not values and before is not None:  # a delete
        if before["issued"]:
            raise ServiceError(f"优惠券“{before['name']}”已被领取{before['issued']}张，不能删除，请改为下架")
        return
    row = {**(before or {}), **values}
    if before is not None and before["issued"]:
        for name in LOCKED:
            if name in values and str(values[name] or "") != str(before[name] or ""):
                if name != "target_ids" or parse_targets(values[name] or "") != parse_targets(before[name] or ""):
                    raise ServiceError("优惠券已被领取，不能再修改类型、面额、门槛和适用范围")
        if row["total"] < before["issued"]:
            raise ServiceError(f"发放总量不能少于已领取的{before['issued']}张")
    kind = row.get("kind") or "amount"
    if kind == "amount":
        amount, threshold = row.get("amount_fen") or 0, row.get("threshold_fen") or 0
        if amount < 1:
            raise ServiceError("请填写优惠金额")
        if threshold and amount >= threshold:
            raise ServiceError("优惠金额必须小于使用门槛")
        values.update(discount_bp=0, cap_fen=0)
    else:
        if not 1 <= (row.get("discount_bp") or 0) <= 9999:
            raise ServiceError("折扣须在0.01%到99.99%之间（基点1到9999）")
        values.update(amount_fen=0)
    if (row.get("validity") or "window") == "window":
        start, end = row.get("valid_start"), row.get("valid_end")
        if start is None or end is None:
            raise ServiceError("请填写有效期的开始和结束时间")
        if start >= end:
            raise ServiceError("有效期的开始时间必须早于结束时间")
        values["valid_days"] = 0
    elif not 1 <= (row.get("valid_days") or 0) <= 365:
        raise ServiceError("领取后有效天数须在1到365之间")
    if row.get("claim_start") and row.get("claim_end") and row["claim_start"] >= row["claim_end"]:
        raise ServiceError("领取开始时间必须早于结束时间")
    if (row.get("total") or 0) < 1:
        raise ServiceError("发放总量至少为1张")
    if (row.get("per_user") or 0) < 1:
        raise ServiceError("每人限领至少为1张")
    scope = row.get("scope") or "all"
    ids = parse_targets(row.get("target_ids") or "")
    if scope == "all":
        ids = []
    elif not ids:
        raise ServiceError("请选择适用的分类或商品")
    elif scope == "category":
        found = set(await MallCategory.filter(id__in=ids, kind="goods").values_list("id", flat=True))
        if missing := [i for i in ids if i not in found]:
            raise ServiceError(f"商品分类不存在：{','.join(map(str, missing))}")
    else:
        principal = request[PRINCIPAL]
        await owned(principal, MallGoods, ids, what="商品")
        shop = row.get("shop_id")
        if shop:  # a shop coupon lists only its own shop's goods (an operator names the shop)
            others = await MallGoods.filter(id__in=ids).exclude(shop_id=shop).values_list("id", flat=True)
            if others:  # only an operator gets here (a shop account's own goods were checked above)
                listed = ",".join(map(str, sorted(others)))
                raise ServiceError(f"店铺优惠券只能指定本店铺的商品，这些商品属于其他店铺：{listed}")
    values["target_ids"] = ",".join(map(str, ids))


async def enrich(rows: list[dict[str, Any]]) -> None:
    """Each row carries the names of what its scope names (``target_labels``: id and name, in the ids' order), so
    the form shows the chosen categories or goods by name."""
    goods_ids = {i for r in rows if r.get("scope") in ("goods", "except") for i in parse_targets(r["target_ids"])}
    goods = dict(await MallGoods.filter(id__in=sorted(goods_ids)).values_list("id", "name")) if goods_ids else {}
    cats = await category_names([i for r in rows if r.get("scope") == "category" for i in parse_targets(
        r["target_ids"])])
    for r in rows:
        scope = r.get("scope")
        names = cats if scope == "category" else goods if scope in ("goods", "except") else None
        r["target_labels"] = [] if names is None else [
            {"id": i, "name": names.get(i, f"#{i}")} for i in parse_targets(r["target_ids"])]


async def written(action: str, record_id: int, row: dict[str, Any] | None) -> None:
    """Keeps the child table of scope ids in step with the coupon (in the write's transaction)."""
    await MallCouponTarget.filter(coupon_id=record_id).delete()
    if row is not None and row.get("target_ids"):
        await MallCouponTarget.bulk_create([MallCouponTarget(coupon_id=record_id, target_id=i)
                                            for i in parse_targets(row["target_ids"])])


resource = Resource(
    name="MallCoupon", model=MallCoupon, perm=PERM, title="优惠券", title_en="Coupons", view="mall/coupon/index",
    menu_buttons=("query", "edit", "remove", "shelf"),  # as seeded, not as derived
    list_path="/admin/mall/shop_discount_voucher/list_data", shop_field="shop_id", check=check, written=written,
    add_perm=f"{PERM}:edit", order=("sort", "-id"), enrich=enrich,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("shop_id", "店铺", "Shop", SHOP, edit="create", filter="exact", required=True, min=0),
        F("name", "优惠券名称", "Name", required=True, max_length=64, filter="fragment"),
        F("kind", "类型", "Kind", "dict", dict_type="biz_coupon_kind", required=True, filter="exact"),
        F("amount_fen", "优惠金额", "Amount off", "money", max=100_000_000, default=0),
        F("threshold_fen", "使用门槛", "Threshold", "money", max=100_000_000, default=0),
        F("discount_bp", "折扣（基点）", "Discount (bp)", "int", min=0, max=9999, default=0),
        F("cap_fen", "最多优惠", "Cap", "money", max=100_000_000, default=0, listed=False),
        F("scope", "适用范围", "Scope", "dict", dict_type="biz_coupon_scope", required=True, filter="exact"),
        F("target_ids", "适用分类或商品", "Categories or goods", "targets", max_length=2000, listed=False,
          follows="scope", picks=(("category", "category"), ("goods", "goods"), ("except", "goods"))),
        F("target_labels", "适用分类或商品名称", "Category or goods names", virtual=True, edit="never",
          exported=False, listed=False),
        F("validity", "有效期类型", "Validity", "dict", dict_type="biz_coupon_validity", required=True),
        F("valid_start", "有效期开始", "Valid from", "datetime", listed=False),
        F("valid_end", "有效期结束", "Valid until", "datetime"),
        F("valid_days", "领取后有效天数", "Days after claiming", "int", min=0, max=365, default=0, listed=False),
        F("claim_start", "领取开始", "Claim from", "datetime", listed=False),
        F("claim_end", "领取结束", "Claim until", "datetime", listed=False),
        F("total", "发放总量", "Total", "int", min=1, max=10_000_000, required=True),
        F("issued", "已领取", "Claimed", "int", edit="never"),
        F("per_user", "每人限领", "Per user", "int", min=1, max=100, default=1),
        F("sort", "排序", "Sort", "int", min=0, max=9999, default=0, sortable=True),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("mall-coupon")
EditBody = create_model("MallCouponEdit", __base__=resource.create_model,
                        id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")))


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


async def add_edit(request: web.Request, principal: Principal, body: Any) -> web.Response:
    new_id = await save(resource, request, principal, body, body.id)
    return ok(data={"id": new_id})


@api.post("/admin/mall/shop_discount_voucher/add_edit", need=any_perm(f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a coupon, by the declaration's rules",
          log=OperLogSpec("优惠券", BusinessType.UPDATE))
async def mall_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return await add_edit(request, principal, body)


@api.post("/admin/shop_discount_voucher/add_edit", need=any_perm(f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a coupon (the second save path, the same rules)",
          log=OperLogSpec("优惠券", BusinessType.UPDATE))
async def shop_add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    return await add_edit(request, principal, body)


@api.get("/admin/shop_discount_voucher/change_shelf", need=any_perm(f"{PERM}:shelf"),
         summary="Put a coupon on or take it off the shelf", log=OperLogSpec("优惠券", BusinessType.UPDATE))
async def change_shelf(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    before = await resource.one(request, principal, query.id)
    now = SHELF_OFF if before["shelf"] == SHELF_ON else SHELF_ON
    async with in_transaction():
        if not await MallCoupon.filter(id=query.id, shelf=before["shelf"]).update(shelf=now):
            raise ServiceError(CONFLICT)
        await resource.record(request, principal, query.id, "shelf", before, {"shelf": now})
    return ok(data={"shelf": now}, msg="上架成功" if now == SHELF_ON else "下架成功")


@api.get("/admin/shop_discount_voucher/del", need=any_perm(f"{PERM}:remove"),
         summary="Delete a coupon nobody has claimed", log=OperLogSpec("优惠券", BusinessType.DELETE))
async def delete(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await delete_one(resource, request, principal, query.id)
    return ok()


class ClaimIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    coupon_id: int = Field(ge=1, le=INT_MAX, title="优惠券编号")


@partner_api.post("/api/partner/v1/coupons/claim", partner=True, response=partner_out.CouponClaimOut,
                  summary="An app user claims a coupon: on shelf, in its claim window, under the issue and user caps")
async def partner_claim(request: web.Request, body: ClaimIn) -> web.Response:
    await check_acting_user(body.uid)
    row = await service.claim(body.uid, body.coupon_id, request.app[CLOCK].now())
    return ok(data={"id": row.id, "couponId": row.coupon_id, "uid": row.uid, "shopId": row.shop_id,
                    "validStart": fmt(row.valid_start), "validEnd": fmt(row.valid_end), "status": row.status})
