"""Turntables (MallTurntable) and their gifts: the list at the spec's GET /admin/turntable/list_data, the save
(create without an id, edit with one), the one call that deletes or puts on / takes off the shelf
(``action=del|shelf``), the gifts' list and save; and the app server's draw.

A turntable goes on shelf only when its odds total exactly 10 000 with a "no prize" slot; while it is on shelf
a gift save that breaks that total is refused (take it off the shelf to rebalance the odds). Every change of
the weights is a new odds version (service.new_version). A turntable that has draws is not deleted."""

from __future__ import annotations

from typing import Any, Literal

from aiohttp import web
from pydantic import Field, create_model
from tortoise.transactions import in_transaction

from core_api.account.consumer.service import check_acting_user
from core_api.content.common import delete_one, save
from core_api.mall.coupon.models import MallCoupon
from core_api.mall.goods.models import MallGoods
from core_api.mall.turntable import service
from core_api.mall.turntable.models import MallTurntable, MallTurntableDraw, MallTurntableGift
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import partner as partner_out
from core_api.platform.contract.mall import GiftPageOut, GiftSavedOut, TurntableShelfOut
from core_api.platform.envelope import ok, page
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import camel_row
from core_api.platform.partner import PartnerBody
from core_api.platform.resource import CONFLICT, SHELF_OFF, SHELF_ON, F, Resource, partner_api
from core_api.platform.schema import INT_MAX, PAGE_MAX, Schema, StrictSchema
from core_api.platform.security import OPERATOR_ONLY, Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import fmt
from core_api.points.ledger import service as points

PERM = "mall:turntable"
OPERATOR_ONLY.add(f"{PERM}:gifts")  # the platform's turntables: never a shop account's to change
GIFT_FIELDS = ("id", "turntable_id", "name", "image", "kind", "value", "weight", "stock", "daily_cap", "sort")


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if not values and before is not None:  # a delete
        if before["shelf"] == SHELF_ON:
            raise ServiceError("转盘已上架，请先下架再删除")
        if await MallTurntableDraw.exists(turntable_id=before["id"]):
            raise ServiceError("转盘已有抽奖记录，不能删除")
        return
    row = {**(before or {}), **values}
    if row.get("start_time") and row.get("end_time") and row["start_time"] >= row["end_time"]:
        raise ServiceError("活动开始时间必须早于结束时间")


async def written(action: str, record_id: int, row: dict[str, Any] | None) -> None:
    if row is None:
        await MallTurntableGift.filter(turntable_id=record_id).delete()


resource = Resource(
    name="MallTurntable", model=MallTurntable, perm=PERM, title="大转盘", title_en="Turntables",
    menu_buttons=("query", "edit", "remove", "shelf", "gifts"),  # as seeded, not as derived
    view="mall/turntable/index", list_path="/admin/turntable/list_data", check=check, written=written, shelf=None,
    add_perm=f"{PERM}:edit", operator_only=True,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("name", "活动名称", "Name", required=True, max_length=64, filter="fragment"),
        F("points", "每次消耗积分", "Points per draw", "int", min=0, max=1_000_000, required=True),
        F("daily_limit", "每人每天次数", "Draws per user a day", "int", min=1, max=10_000, required=True),
        F("start_time", "开始时间", "Starts", "datetime"),
        F("end_time", "结束时间", "Ends", "datetime"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("version", "概率版本", "Odds version", "int", edit="never"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("mall-turntable")
EditBody = create_model("MallTurntableEdit", __base__=resource.create_model,
                        id=(int | None, Field(None, ge=1, le=INT_MAX, title="编号")))


@api.post("/admin/turntable/add_edit", need=any_perm(f"{PERM}:edit"),
          summary="Create (no id) or edit (an id) a turntable, by the declaration's rules",
          log=OperLogSpec("大转盘", BusinessType.UPDATE))
async def add_edit(request: web.Request, principal: Principal, body: EditBody) -> web.Response:  # type: ignore[valid-type]
    new_id = await save(resource, request, principal, body, body.id)  # type: ignore[attr-defined]
    return ok(data={"id": new_id})


class DelShelfQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")
    action: Literal["del", "shelf"] = Field(title="操作")


@api.get("/admin/turntable/del_shelf", need=any_perm(f"{PERM}:remove", f"{PERM}:shelf"), response=TurntableShelfOut,
         summary="Delete (action=del) or put on / take off the shelf (action=shelf) a turntable",
         log=OperLogSpec("大转盘", BusinessType.UPDATE))
async def del_shelf(request: web.Request, principal: Principal, query: DelShelfQuery) -> web.Response:
    if not principal.authz.has_permi(f"{PERM}:remove" if query.action == "del" else f"{PERM}:shelf"):
        raise ServiceError("当前操作没有权限", 403)
    if query.action == "del":
        await delete_one(resource, request, principal, query.id)
        return ok()
    before = await resource.one(request, principal, query.id)
    now = SHELF_OFF if before["shelf"] == SHELF_ON else SHELF_ON
    async with in_transaction():
        if now == SHELF_ON:
            service.validate(await MallTurntableGift.filter(turntable_id=query.id))
            await service.new_version(query.id, principal.user_name, request.app[CLOCK].now())
        if not await MallTurntable.filter(id=query.id, shelf=before["shelf"]).update(shelf=now):
            raise ServiceError(CONFLICT)
        await resource.record(request, principal, query.id, "shelf", before, {"shelf": now})
    return ok(data={"shelf": now}, msg="上架成功" if now == SHELF_ON else "下架成功")


class GiftQuery(Schema):
    turntable_id: int = Field(ge=1, le=INT_MAX, title="转盘编号")
    page_num: int = Field(1, ge=1, le=PAGE_MAX, title="页码")
    page_size: int = Field(100, ge=1, le=500, title="每页条数")


@api.get("/admin/turntable/gift/list_data", need=any_perm(f"{PERM}:gifts"), response=GiftPageOut,
         summary="The gifts of a turntable by sort, a page (100 by default), with the weights' total of all its gifts "
                 "and the current odds version")
async def gift_list(request: web.Request, principal: Principal, query: GiftQuery) -> web.Response:
    tt = await resource.one(request, principal, query.turntable_id)
    rows = await MallTurntableGift.filter(turntable_id=query.turntable_id).order_by("sort", "id").values(*GIFT_FIELDS)
    start = (query.page_num - 1) * query.page_size
    return page([camel_row(r) for r in rows[start:start + query.page_size]], len(rows), query.page_num,
                query.page_size, totalWeight=sum(r["weight"] for r in rows), version=tt["version"], shelf=tt["shelf"])


class GiftIn(StrictSchema):
    id: int | None = Field(None, ge=1, le=INT_MAX, title="编号")
    turntable_id: int = Field(ge=1, le=INT_MAX, title="转盘编号")
    name: str = Field(min_length=1, max_length=64, title="奖品名称")
    image: str = Field("", max_length=500, title="奖品图片")
    kind: Literal["points", "coupon", "goods", "none"] = Field(title="奖品类型")
    value: int = Field(0, ge=0, le=INT_MAX, title="奖品值")
    weight: int = Field(ge=0, le=service.TOTAL, title="权重")
    stock: int = Field(0, ge=0, le=10_000_000, title="库存")
    daily_cap: int = Field(0, ge=0, le=10_000_000, title="每日上限")
    sort: int = Field(0, ge=0, le=9999, title="排序")


async def check_gift(body: GiftIn) -> None:
    if body.kind == "points" and not 1 <= body.value <= points.MAX_POINTS:
        raise ServiceError("请填写赠送的积分数")
    if body.kind == "coupon" and not await MallCoupon.exists(id=body.value, shop_id=0):
        raise ServiceError(f"平台优惠券 {body.value} 不存在")
    if body.kind == "goods" and not await MallGoods.exists(id=body.value):
        raise ServiceError(f"商品 {body.value} 不存在")


@api.post("/admin/turntable/gift/add_edit", need=any_perm(f"{PERM}:gifts"), response=GiftSavedOut,
          summary="Create (no id) or edit (an id) a gift of a turntable; a change of the weights is a new odds version",
          log=OperLogSpec("大转盘奖品", BusinessType.UPDATE))
async def gift_add_edit(request: web.Request, principal: Principal, body: GiftIn) -> web.Response:
    tt = await resource.one(request, principal, body.turntable_id)
    await check_gift(body)
    gifts = await MallTurntableGift.filter(turntable_id=body.turntable_id)
    if body.id is not None and not any(g.id == body.id for g in gifts):
        raise NotFound("奖品不存在")
    values = body.model_dump(exclude={"id"}, by_alias=False)
    if body.kind == "none":
        values.update(value=0, stock=0, daily_cap=0)
    if tt["shelf"] == SHELF_ON:  # the odds in use must stay whole
        after = [g for g in gifts if g.id != body.id] + [MallTurntableGift(id=body.id or 0, **values)]
        try:
            service.validate(after)
        except ServiceError as exc:
            raise ServiceError(f"{exc.msg}；转盘上架中，请先下架再调整概率") from None
    now = request.app[CLOCK].now()
    async with in_transaction():
        if body.id is None:
            gift = await MallTurntableGift.create(**values)
            gift_id = gift.id
        else:
            gift_id = body.id
            await MallTurntableGift.filter(id=gift_id, turntable_id=body.turntable_id).update(**values)
        version = await service.new_version(body.turntable_id, principal.user_name, now)
        await resource.record(request, principal, body.turntable_id, "gift", {}, {f"gift{gift_id}": values},
                              note=f"奖品 {gift_id}，概率版本 {version}")
    return ok(data={"id": gift_id, "version": version})


class DrawIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    turntable_id: int = Field(ge=1, le=INT_MAX, title="转盘编号")
    request_id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$", title="请求号",
                            description="the app server's number of this draw: a repeated one answers the first draw")


@partner_api.post("/api/partner/v1/turntable/draw", partner=True, response=partner_out.TurntableDrawOut,
                  summary="An app user draws once: points debited, a prize picked by the weights, once per requestId")
async def partner_draw(request: web.Request, body: DrawIn) -> web.Response:
    await check_acting_user(body.uid)
    row, created, balance = await service.draw(body.uid, body.turntable_id, body.request_id, request.app[CLOCK].now())
    return ok(data={"id": row.id, "created": created, "giftId": row.gift_id, "giftName": row.gift_name,
                    "kind": row.kind, "value": row.value, "fellBack": row.fell_back, "version": row.version,
                    "points": row.points, "balance": await points.balance(body.uid) if balance is None else balance,
                    "createTime": fmt(row.create_time)})
