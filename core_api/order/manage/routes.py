"""Orders in the console (spec 001 §2.17): main orders (the six standard calls, list_data, info page), shop orders
and their detail, the to-ship list with shipping and logistics editing, pick-up confirmation by code, the
logistics view, payments (pay and refund rows) and order comments (fed by the app server; list and delete).

A main order is a money record: it is never created in the console (the app places orders), only its remark is
edited, only a closed unpaid one is deleted, and its shelf hides it from the buyer's order list in the app. A shop
account sees the main orders holding one of its shop orders, and only its own shop's parts of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.expressions import Q
from tortoise.queryset import QuerySet

from core_api.content.common import delete_one, page_of
from core_api.mall.shop.kind import SHOP
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop
from core_api.order.manage import service
from core_api.order.manage.models import OrderComment
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import ListPageOut
from core_api.platform.contract.order import OrderDetailOut
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.resource import Action, F, Partner, Resource
from core_api.platform.schema import INT_MAX, Schema, StrictSchema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import BUS, CLOCK, DICT
from core_api.platform.tally import DayTally
from core_api.platform.timefmt import aware

ORDER_NO = r"^[A-Za-z0-9]{1,32}$"
# As migration 0036 created them (their triggers keep them): a shop's orders by status, and every shop's.
ORDER_SHOP_TALLIES = (DayTally("order_shop", "create_time", (("shop_id", "BIGINT"), ("status", "VARCHAR(16)"))),
                      DayTally("order_shop", "create_time", (("status", "VARCHAR(16)"),)))


@dataclass
class OrderResource(Resource):
    """A declared order list with a fixed filter (the to-ship list) or, for main orders, the shop scope taken
    through the shop orders (a main order has no shop of its own)."""

    fixed: dict[str, Any] = field(default_factory=dict)
    by_main: bool = False
    cached_count: bool = False  # orders move outside the console (the app, the wallet, the timeouts)

    def _narrowing(self, principal: Principal) -> tuple[list[Q], str]:
        where, key = [], ""
        if self.fixed:
            where.append(Q(**self.fixed))
            key += f"&fixed={sorted(self.fixed.items())}"
        own = principal.authz.scope.shop_id
        if self.by_main and own is not None:
            where.append(Q(id__in=service.mains_of_shop(own)))
            key += f"&mainshop={own}"
        return where, key

    def conditions(self, query: Any, principal: Principal) -> tuple[list[Q], str]:
        where, key = super().conditions(query, principal)
        narrow, extra = self._narrowing(principal)
        return where + narrow, key + extra

    def scoped(self, principal: Principal, qs: QuerySet) -> QuerySet:
        narrow, _ = self._narrowing(principal)
        return super().scoped(principal, qs).filter(*narrow)

    def tally_filter(self, query: Any, principal: Principal) -> tuple[DayTally, dict[str, Any], Any, Any] | None:
        return None if self.fixed or self.by_main else super().tally_filter(query, principal)

    def sorts(self, principal: Principal) -> dict[str, str]:
        sorts = super().sorts(principal)
        if self.by_main and principal.authz.scope.shop_id is not None:  # hidden totals rank nothing either
            sorts = {wire: name for wire, name in sorts.items() if wire not in MAIN_TOTALS}
        return sorts

    def view_of(self, principal: Principal | None) -> Any:
        view = super().view_of(principal)
        if not self.by_main or principal is None or principal.authz.scope.shop_id is None:
            return view

        def shop_view(row: dict[str, Any]) -> dict[str, Any]:
            # a checkout's totals cover every shop's part: a shop account sees none (its part is its shop order),
            # in the list, the record and the export as in the detail (service.MAIN_SHOP_VIEW)
            return {**view(row), **MAIN_TOTALS}

        return shop_view


MAIN_TOTALS = {"goodsFen": None, "freightFen": None, "couponFen": None, "pointsFen": None, "payFen": None}


# ---- main orders

async def check_main(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is None:  # not creatable: the declaration has no create call
        raise ServiceError("订单由App下单产生，不能在后台新建")
    if request.method == "DELETE":
        if before["pay_status"] == "paid" or before["paid_at"] is not None:
            raise ServiceError(f"订单 {before['order_no']} 不是已关闭的未支付订单，不能删除")
        open_parts = await OrderShop.filter(main_id=before["id"]).exclude(status=flow.CLOSED).count()
        if open_parts or await OrderPay.filter(main_id=before["id"]).exists():
            raise ServiceError(f"订单 {before['order_no']} 不是已关闭的未支付订单，不能删除")


async def main_written(action: str, record_id: int, row: dict[str, Any] | None) -> None:
    if action == "delete":  # a closed unpaid order: its parts go with it (no payment, stock released on close)
        shop_ids = await OrderShop.filter(main_id=record_id).values_list("id", flat=True)
        await OrderLine.filter(shop_order_id__in=shop_ids).delete()
        await OrderLog.filter(shop_order_id__in=shop_ids).delete()
        await OrderShop.filter(main_id=record_id).delete()


main_orders = OrderResource(
    name="OrderMain", model=OrderMain, perm="order:main", title="订单列表", title_en="Orders",
    view="order/main/index", check=check_main, written=main_written, by_main=True, operator_only=True,
    # the app places orders: no create call and no 新增 on the screen (issue 28); the seeded buttons stay as they
    # were, order:main:add among them (it grants nothing now)
    creatable=False, menu_buttons=("query", "add", "edit", "remove", "shelf", "export"),
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("order_no", "订单号", "Order no.", edit="never", filter="exact", max_length=32),
        F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact"),
        F("goods_fen", "商品金额", "Goods", "money", edit="never"),
        F("freight_fen", "运费", "Freight", "money", edit="never", listed=False),
        F("coupon_fen", "优惠券抵扣", "Coupon", "money", edit="never", listed=False),
        F("points_fen", "积分抵扣", "Points", "money", edit="never", listed=False),
        F("pay_fen", "实付金额", "Paid", "money", edit="never", sortable=True),
        F("pay_status", "支付状态", "Payment", "dict", dict_type="biz_order_pay_status", edit="never",
          filter="exact"),
        F("pay_way", "支付方式", "Pay way", edit="never"),
        F("paid_at", "支付时间", "Paid at", "datetime", edit="never"),
        F("remark", "备注", "Remark", "textarea", max_length=200),
        F("shelf", "App可见", "Shown in the app", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "下单时间", "Placed at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[Action("detail", "详情", "Details", "query", "order/detail/index", method="LINK",
                    params={"orderNo": "orderNo"})],
)

# ---- shop orders, the to-ship list

SHIP_FIELDS = (F("carrier", "物流公司", "Carrier", "dict", dict_type="biz_logistics_company", required=True),
               F("tracking_no", "物流单号", "Tracking no.", required=True, max_length=40))


def _shop_fields(filters: bool) -> list[F]:
    return [
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("order_no", "订单号", "Order no.", edit="never", filter="exact", max_length=32),
        F("main_no", "主订单号", "Main order no.", edit="never", filter="exact" if filters else None, max_length=32),
        F("shop_id", "店铺", "Shop", SHOP, edit="never", filter="exact"),
        F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact" if filters else None),
        F("status", "订单状态", "Status", "dict", dict_type="biz_order_status", edit="never",
          filter="exact" if filters else None),
        F("delivery", "配送方式", "Delivery", "dict", dict_type="biz_order_delivery", edit="never",
          filter="exact" if filters else None),
        F("pay_fen", "实付金额", "Paid", "money", edit="never", sortable=True),
        F("refunded_fen", "已退款", "Refunded", "money", edit="never", listed=filters),
        F("pickup_status", "自提状态", "Pick-up", "dict", dict_type="biz_order_pickup", edit="never", listed=filters),
        F("receiver_name", "收货人", "Receiver", edit="never"),
        F("receiver_phone", "收货电话", "Receiver phone", "phone", edit="never", mask="phone", filter="exact"),
        F("receiver_area", "收货地区", "Area", edit="never", listed=not filters),
        F("receiver_address", "收货地址", "Address", edit="never", listed=not filters),
        F("carrier", "物流公司", "Carrier", "dict", dict_type="biz_logistics_company", edit="never", listed=filters),
        F("tracking_no", "物流单号", "Tracking no.", edit="never", listed=filters),
        F("paid_at", "支付时间", "Paid at", "datetime", edit="never", sortable=True),
        F("shipped_at", "发货时间", "Shipped at", "datetime", edit="never", listed=filters),
        F("create_time", "下单时间", "Placed at", "datetime", edit="never", filter="range", sortable=True),
        # the state of the order's open after-sale (none: null), read in the page's statement (service.OPEN_AFTER_SALE)
        F("after_sale", "售后", "After-sale", "dict", dict_type="biz_order_after_sale", edit="never",
          exported=False, virtual=True),
    ]


# Ship only rows without an open after-sale: the server refuses them (service._deliverable) and the row's tag
# says why.
NO_AFTER_SALE = {"after_sale": [""]}
DETAIL = Action("detail", "详情", "Details", "order:shop:query", "order/shop/detail", method="LINK",
                params={"id": "id"})
READ_ONLY: dict[str, Any] = {"shelf": None, "creatable": False, "editable": False, "removable": False,
                             "exportable": False}
shop_orders = OrderResource(
    name="OrderShop", model=OrderShop, perm="order:shop", title="商城订单", title_en="Shop orders",
    menu_buttons=("query", "status", "pickup"),  # as seeded, not as derived
    view="order/shop/index", shop_field="shop_id", fields=_shop_fields(True), **READ_ONLY,
    computed={"after_sale": service.OPEN_AFTER_SALE},
    tallies=ORDER_SHOP_TALLIES,  # the total of a shop or a status over a range of days, whatever the volume
    # Newest placed first, as by id, but in the date range's own column: the indexes on order_shop serve the
    # range and the order together (docs/performance.md, "Orders (issue 14)").
    order=("-create_time", "-id"),
    actions=[
        DETAIL,
        Action("pickup", "自提核销", "Confirm pick-up", "pickup", "admin/order_mall/self_take_confirm_order",
               method="GET", params={"orderNo": "orderNo"}, when={"status": [flow.TO_PICKUP]},
               fields=(F("pickup_code", "提货码", "Pick-up code", required=True, max_length=16),)),
        Action("ship", "发货", "Ship", "order:logistics:ship", "admin/order_mall/send_goods",
               params={"orderNo": "orderNo"},
               when={"status": [flow.TO_SHIP], "delivery": ["express"], **NO_AFTER_SALE}, fields=SHIP_FIELDS),
        Action("editLogistics", "修改物流", "Edit logistics", "order:logistics:ship", "admin/order_mall/send_goods",
               params={"orderNo": "orderNo"}, when={"status": [flow.SHIPPED]}, fields=SHIP_FIELDS),
    ],
)
waiting = OrderResource(
    name="OrderLogistics", model=OrderShop, perm="order:logistics", title="待发货", title_en="To ship",
    view="order/logistics/index", list_path="/admin/order_mall/wait_logistics_data", shop_field="shop_id",
    fixed={"status": flow.TO_SHIP, "delivery": "express"}, order=("paid_at", "id"), fields=_shop_fields(False),
    computed={"after_sale": service.OPEN_AFTER_SALE}, **READ_ONLY,
    actions=[Action("ship", "发货", "Ship", "ship", "admin/order_mall/send_goods", params={"orderNo": "orderNo"},
                    when=NO_AFTER_SALE, fields=SHIP_FIELDS), DETAIL],
)

# ---- payments and refunds paid back

pays = OrderResource(
    name="OrderPay", model=OrderPay, perm="order:pay", title="支付记录", title_en="Payments", view="order/pay/index",
    list_path="/admin/order_main/list_data_pay", shop_field="shop_id", **READ_ONLY,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("kind", "类型", "Kind", "dict", dict_type="biz_order_pay_kind", edit="never", filter="exact"),
        F("main_no", "主订单号", "Main order no.", edit="never", filter="exact", max_length=32),
        F("shop_id", "店铺", "Shop", SHOP, edit="never", filter="exact"),
        F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact"),
        F("amount_fen", "金额", "Amount", "money", edit="never", sortable=True),
        F("pay_way", "支付方式", "Pay way", edit="never"),
        F("out_no", "商户单号", "Out no.", edit="never", filter="exact", max_length=64),
        F("trade_no", "支付流水号", "Trade no.", edit="never"),
        F("create_time", "时间", "Time", "datetime", edit="never", filter="range", sortable=True),
    ],
)


# ---- comments

async def check_comment(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    """A comment fed by the app: its line exists, belongs to the buyer and to a completed order; the shop,
    order and goods are taken from the line (never from the body)."""
    if request.method == "DELETE" or (not values and before is not None):
        return  # a delete: staff may delete any comment of their scope
    line_id = values.get("line_id", before and before["line_id"])
    line = await OrderLine.get_or_none(id=line_id)
    if line is None:
        raise ServiceError(f"订单商品 {line_id} 不存在")
    order = await OrderShop.get(id=line.shop_order_id)
    uid = values.get("uid", before and before["uid"])
    if order.uid != uid:
        raise ServiceError("只能评价自己购买的商品")
    if order.status != flow.COMPLETED:
        raise ServiceError(f"订单{flow.STATUSES.get(order.status, order.status)}，完成后才能评价")
    score = values.get("score", before and before["score"])
    if score is None or not 1 <= score <= 5:
        raise ServiceError("评分须在1到5之间")
    written = aware(values.get("create_time"))
    if written is not None and written > request.app[CLOCK].now() + timedelta(minutes=5):  # clocks differ a little
        raise ServiceError("评价时间不能晚于当前时间")
    values.update(shop_id=order.shop_id, shop_order_id=order.id, goods_id=line.goods_id)
    await OrderLine.filter(id=line.id).update(commented=True)


comments = OrderResource(
    name="OrderComment", model=OrderComment, perm="order:comment", title="订单评价", title_en="Order comments",
    view="order/comment/index", list_path="/admin/order_comment_mall/page_data", shop_field="shop_id",
    check=check_comment, shelf=None, creatable=False, editable=False, exportable=False,
    partner=Partner("order_comment", ("line_id", "uid", "score", "content", "images", "create_time"),
                    key=("line_id",), summary="order comment", actor="uid"),
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("shop_id", "店铺", "Shop", SHOP, edit="never", filter="exact"),
        F("shop_order_id", "店铺订单", "Shop order", "id", edit="never", filter="exact"),
        F("line_id", "订单商品", "Order line", "id", edit="never", required=True),
        F("goods_id", "商品编号", "Goods ID", "id", edit="never", filter="exact"),
        F("uid", "用户UID", "User UID", "uid", edit="never", filter="exact", required=True),
        F("score", "评分", "Score", "int", min=1, max=5, edit="never", filter="exact", required=True),
        F("content", "评价内容", "Content", "textarea", max_length=1000, edit="never", filter="fragment"),
        F("images", "图片", "Images", "images", edit="never"),
        F("reply", "回复", "Reply", "textarea", max_length=500, edit="never", listed=False),
        F("create_time", "评价时间", "Commented at", "datetime", edit="never", filter="range", sortable=True),
    ],
)

api = Api("order-manage")


class OrderNoQuery(Schema):
    order_no: str = Field(min_length=1, max_length=32, pattern=ORDER_NO, title="订单号")


class InfoQuery(Schema):
    order_no: str | None = Field(None, min_length=1, max_length=32, pattern=ORDER_NO, title="订单号")
    id: int | None = Field(None, ge=1, le=INT_MAX, title="编号")


@api.get("/admin/OrderMain/list_data", need=any_perm("order:main:list"), response=ListPageOut,
         summary="Main orders: a page in the business envelope")
async def list_data(request: web.Request, principal: Principal, query: main_orders.query_model) -> web.Response:  # type: ignore[name-defined]
    return await page_of(main_orders, principal, query)


@api.get("/admin/OrderMain/info_page", need=any_perm("order:main:query"), response=OrderDetailOut,
         summary="A main order (by its number, a shop order number, or id) with its shop orders, lines, order "
                 "logs and payments")
async def info_page(request: web.Request, principal: Principal, query: InfoQuery) -> web.Response:
    if query.order_no is None and query.id is None:
        raise ServiceError("请提供订单号")
    return ok(data=await service.detail(principal, order_no=query.order_no, main_id=query.id))


class ShopInfoQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.get("/admin/order_mall/info_page", need=any_perm("order:shop:query"), response=OrderDetailOut,
         summary="A shop order's detail: its main order, lines, amounts, order log and payments")
async def shop_info_page(request: web.Request, principal: Principal, query: ShopInfoQuery) -> web.Response:
    return ok(data=await service.detail(principal, shop_order_id=query.id))


class PickupQuery(OrderNoQuery):
    pickup_code: str = Field(min_length=1, max_length=16, title="提货码")


@api.get("/admin/order_mall/self_take_confirm_order", need=any_perm("order:shop:pickup"),
         summary="Confirm a pick-up order by its code: to_pickup → completed",
         log=OperLogSpec("商城订单", BusinessType.UPDATE))
async def self_take_confirm_order(request: web.Request, principal: Principal, query: PickupQuery) -> web.Response:
    now = request.app[CLOCK].now()
    order = await service.confirm_pickup(principal, query.order_no, query.pickup_code, now)
    await flow.publish(request.app[BUS], [flow.event("completed", order, now, ref="pickup")])
    return ok(msg="核销成功，订单已完成", data={"orderNo": order.order_no, "status": order.status})


class ShipBody(StrictSchema):
    order_no: str = Field(min_length=1, max_length=32, pattern=ORDER_NO, title="订单号")
    carrier: str = Field(min_length=1, max_length=32, title="物流公司")
    tracking_no: str = Field(min_length=1, max_length=40, title="物流单号")


@api.post("/admin/order_mall/send_goods", need=any_perm("order:logistics:ship"),
          summary="Ship a to-ship order (carrier from biz_logistics_company, tracking number), or edit the "
                  "logistics of a shipped one", log=OperLogSpec("待发货", BusinessType.UPDATE))
async def send_goods(request: web.Request, principal: Principal, body: ShipBody) -> web.Response:
    carriers = {d["dictValue"]: d["dictLabel"] for d in await request.app[DICT].data_by_type("biz_logistics_company")}
    if body.carrier not in carriers:
        raise ServiceError("物流公司不正确")
    now = request.app[CLOCK].now()
    order, shipped = await service.ship(principal, body.order_no, body.carrier, carriers[body.carrier],
                                        body.tracking_no, now)
    if shipped:
        await flow.publish(request.app[BUS], [flow.event("shipped", order, now, ref=order.tracking_no)])
    return ok(msg="发货成功" if shipped else "物流信息已修改",
              data={"orderNo": order.order_no, "status": order.status, "carrier": order.carrier,
                    "trackingNo": order.tracking_no})


@api.get("/admin/order_mall/logistics", need=any_perm("order:logistics:list", "order:shop:query"),
         summary="The logistics of a shop order: carrier, tracking number, shipped time and the log rows")
async def logistics(request: web.Request, principal: Principal, query: OrderNoQuery) -> web.Response:
    info = await service.logistics(principal, query.order_no)
    labels = {d["dictValue"]: d["dictLabel"] for d in await request.app[DICT].data_by_type("biz_logistics_company")}
    info["carrierName"] = labels.get(info["carrier"], info["carrier"])
    return ok(data=info)


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.get("/admin/order_comment_mall/del", need=any_perm("order:comment:remove"), summary="Delete one order comment",
         log=OperLogSpec("订单评价", BusinessType.DELETE))
async def comment_del(request: web.Request, principal: Principal, query: IdQuery) -> web.Response:
    row = await comments.one(request, principal, query.id)
    if row is None:
        raise NotFound()
    await delete_one(comments, request, principal, query.id)
    return ok()


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "物流公司不正确": "The carrier is not valid",
    "订单由App下单产生，不能在后台新建": "Orders come from the app: they cannot be created in the console",
    "订单 {no} 不是已关闭的未支付订单，不能删除": "Order {no} is not a closed unpaid order: it cannot be deleted",
})
