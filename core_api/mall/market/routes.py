"""Group-buy activities (MallGroupActivity): pick goods (approved goods of the caller's shop), list the SKUs of
the chosen goods, add an activity with a group price per SKU, view one, list them, list their parent goods and
delete one (refused while it has open teams).

Every goods and SKU id in a body or a query is the caller's shop's (``owned``) and every SKU is the named
goods item's: otherwise 404 and nothing changes. Activities are not edited: the team members' orders were made
at its prices (delete it while no team is open and add a new one)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.content.common import delete_one
from core_api.mall.goods.models import MallGoods, MallSku
from core_api.mall.market.models import MallGroupActivity, MallGroupSku, MallGroupTeam
from core_api.mall.shop.kind import SHOP, carry_shop_names
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract.mall import GroupActivityInfoOut, GroupAddedOut, GroupGoodsPageOut, GroupSkusOut
from core_api.platform.envelope import ok, table
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import ListQuery, camel_row, parse_ids
from core_api.platform.resource import F, Resource, owned
from core_api.platform.schema import INT_MAX, Schema, StrictSchema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import aware

PERM = "mall:market"
GOODS_FIELDS = ("id", "shop_id", "name", "pics", "price_fen", "stock", "sales", "category_id")
SKU_FIELDS = ("id", "goods_id", "spec", "price_fen", "stock", "image", "code")


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if not values and before is not None:  # a delete
        teams = await MallGroupTeam.filter(activity_id=before["id"], status__in=("pending", "open")).count()
        if teams:
            raise ServiceError(f"活动还有{teams}个拼团进行中，不能删除，请等拼团结束后再删除")


async def written(action: str, record_id: int, row: dict[str, Any] | None) -> None:
    if row is None:
        await MallGroupSku.filter(activity_id=record_id).delete()


resource = Resource(
    name="MallGroupActivity", model=MallGroupActivity, perm=PERM, title="营销活动", title_en="Group buys",
    menu_buttons=("query", "add", "remove"),  # as seeded, not as derived
    view="mall/market/index", list_path="/admin/market_manage/activity_list_data", shop_field="shop_id",
    check=check, written=written, shelf=None, creatable=False, editable=False, exportable=False,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("shop_id", "店铺", "Shop", SHOP, edit="create", filter="exact", required=True),
        F("goods_id", "商品编号", "Goods ID", "id", edit="never", filter="exact"),
        F("goods_name", "商品名称", "Goods", edit="never", filter="fragment"),
        F("team_size", "成团人数", "Team size", "int", edit="never"),
        F("hours", "成团时限（小时）", "Time limit (h)", "int", edit="never"),
        F("min_price_fen", "拼团价（起）", "Group price from", "money", edit="never"),
        F("start_time", "开始时间", "Starts", "datetime", edit="never", sortable=True),
        F("end_time", "结束时间", "Ends", "datetime", edit="never", sortable=True),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("mall-market")


class GoodsQuery(ListQuery):
    name: str | None = Field(None, max_length=100, title="商品名称")
    shop_id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺")


def goods_row(row: dict[str, Any]) -> dict[str, Any]:
    out = camel_row(row)
    out["cover"] = (row.get("pics") or "").split(",")[0]
    return out


@api.post("/admin/market_manage/goods_data_list", need=any_perm(f"{PERM}:add"), response=GroupGoodsPageOut,
          summary="Goods an activity can be made of: approved goods of the caller's shop, by name, paged")
async def goods_data_list(request: web.Request, principal: Principal, body: GoodsQuery) -> web.Response:
    qs = MallGoods.filter(review="approved")
    if (where := principal.authz.scope.shop_filter("shop_id")) is not None:
        qs = qs.filter(where)
    elif body.shop_id:
        qs = qs.filter(shop_id=body.shop_id)
    if body.name:
        qs = qs.filter(name__icontains=body.name)
    total = await qs.count()
    rows = await qs.order_by("-id").offset(body.offset).limit(body.page_size).values(*GOODS_FIELDS)
    await carry_shop_names(resource, rows)
    return table([goods_row(r) for r in rows], total)


class SpecQuery(Schema):
    goods_ids: str = Field(min_length=1, max_length=2000, pattern=r"^[\d,]+$", title="商品编号")


@api.get("/admin/market_manage/goods_spec_data_list", need=any_perm(f"{PERM}:add"), response=GroupSkusOut,
         summary="The SKUs of the chosen goods (comma-joined goodsIds of the caller's shop)")
async def goods_spec_data_list(request: web.Request, principal: Principal, query: SpecQuery) -> web.Response:
    ids = parse_ids(query.goods_ids)
    await owned(principal, MallGoods, ids, what="商品")
    rows = await MallSku.filter(goods_id__in=ids).order_by("goods_id", "id").values(*SKU_FIELDS)
    return ok(data=[camel_row(r) for r in rows])


class SkuPrice(StrictSchema):
    sku_id: int = Field(ge=1, le=INT_MAX, title="规格编号")
    price_fen: int = Field(ge=1, le=100_000_000, strict=True, title="拼团价（分）")


class AddIn(StrictSchema):
    goods_id: int = Field(ge=1, le=INT_MAX, title="商品编号")
    team_size: int = Field(ge=2, le=10, title="成团人数")
    hours: int = Field(24, ge=1, le=72, title="成团时限（小时）")
    start_time: datetime = Field(title="开始时间")
    end_time: datetime = Field(title="结束时间")
    skus: list[SkuPrice] = Field(min_length=1, max_length=200, title="规格拼团价")


@api.post("/admin/market_manage/add", need=any_perm(f"{PERM}:add"), response=GroupAddedOut,
          summary="Add a group-buy activity: a goods item of the caller's shop, team size, time limit, window, "
                  "a group price per SKU", log=OperLogSpec("营销活动", BusinessType.INSERT))
async def add(request: web.Request, principal: Principal, body: AddIn) -> web.Response:
    now = request.app[CLOCK].now()
    await owned(principal, MallGoods, [body.goods_id], what="商品")
    sku_ids = [s.sku_id for s in body.skus]
    if len(set(sku_ids)) != len(sku_ids):
        raise ServiceError("规格重复")
    goods = await MallGoods.get(id=body.goods_id)
    skus = {s.id: s for s in await MallSku.filter(id__in=sku_ids, goods_id=goods.id, shop_id=goods.shop_id)}
    if missing := [i for i in sku_ids if i not in skus]:
        raise NotFound(f"规格不存在：{','.join(map(str, missing))}")
    if goods.review != "approved":
        raise ServiceError("只能为审核通过的商品创建拼团活动")
    start, end = aware(body.start_time), aware(body.end_time)
    assert start is not None and end is not None
    if start >= end:
        raise ServiceError("活动开始时间必须早于结束时间")
    if end <= now:
        raise ServiceError("活动结束时间必须晚于当前时间")
    for s in body.skus:
        sku = skus[s.sku_id]
        if s.price_fen >= sku.price_fen:
            raise ServiceError(f"规格“{sku.spec or sku.id}”的拼团价必须低于原价{sku.price_fen / 100:.2f}元")
    if await MallGroupActivity.filter(goods_id=goods.id, start_time__lt=end, end_time__gt=start).exists():
        raise ServiceError("该商品在这段时间已有拼团活动")
    values = {"shop_id": goods.shop_id, "goods_id": goods.id, "goods_name": goods.name, "team_size": body.team_size,
              "hours": body.hours, "start_time": start, "end_time": end,
              "min_price_fen": min(s.price_fen for s in body.skus)}
    try:
        async with in_transaction():
            row = await MallGroupActivity.create(**values, create_by=principal.user_name, create_time=now)
            await MallGroupSku.bulk_create([MallGroupSku(
                activity_id=row.id, sku_id=s.sku_id, spec=skus[s.sku_id].spec, sku_price_fen=skus[s.sku_id].price_fen,
                price_fen=s.price_fen) for s in body.skus])
            await resource.record(request, principal, row.id, "create", {}, values)
    except IntegrityError as exc:
        raise ServiceError("记录已存在，请勿重复提交") from exc
    return ok(data={"id": row.id})


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.get("/admin/market_manage/info", need=any_perm(f"{PERM}:query"), response=GroupActivityInfoOut,
         summary="One activity: its goods, the group price of each SKU and its teams by status")
async def info(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    row = await resource.one(request, principal, query.id)
    await carry_shop_names(resource, [row])
    skus = await MallGroupSku.filter(activity_id=query.id).order_by("id").values(
        "sku_id", "spec", "sku_price_fen", "price_fen")
    teams = {s: await MallGroupTeam.filter(activity_id=query.id, status=s).count() for s in ("open", "full", "expired")}
    return ok(data={**resource.view_of(principal)(row), "skus": [camel_row(s) for s in skus], "teams": teams})


@api.get("/admin/market_manage/goods_father", need=any_perm(f"{PERM}:list"), response=GroupGoodsPageOut,
         summary="The parent goods of the caller's activities (for the list's goods filter)")
async def goods_father(request: web.Request, principal: Principal) -> web.Response:
    ids = await resource.scoped(principal, MallGroupActivity.all()).distinct().values_list("goods_id", flat=True)
    rows = await MallGoods.filter(id__in=sorted(set(ids))).order_by("-id").limit(500).values(*GOODS_FIELDS)
    await shop_names(resource, rows)
    return table([goods_row(r) for r in rows], len(rows))


@api.get("/admin/market_manage/del", need=any_perm(f"{PERM}:remove"),
         summary="Delete an activity that has no open team", log=OperLogSpec("营销活动", BusinessType.DELETE))
async def delete(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    await delete_one(resource, request, principal, query.id)
    return ok()
