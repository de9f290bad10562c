"""The app server's order calls (signed partner API, DOMAIN.md "Orders"): place, pay, cancel, confirm; the
wallet callback of an order payment (dispatched from ``POST /api/open/v1/wallet/{provider}/notify``); and the
operator's close through ``GET /admin/common/status_operate``. Rules: core_api/order/place/service.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Literal

from aiohttp import web
from pydantic import Field, model_validator
from tortoise.transactions import in_transaction

from core_api.account.consumer.service import check_acting_user
from core_api.finance.pay_code import service as pay_code
from core_api.order.core import flow
from core_api.order.core.models import OrderMain, OrderShop
from core_api.order.place import buyer, service
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import partner as partner_out
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.partner import PartnerBody
from core_api.platform.resource import partner_api
from core_api.platform.schema import INT_MAX, Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import BUS, CLOCK, DICT, WALLET
from core_api.platform.wallet import WalletRefused, WalletUnavailable

api = Api("order-place")
STATUS_PERM = "order:shop:status"
NO = r"^[A-Z0-9]{8,32}$"


class ItemIn(PartnerBody):
    sku_id: int = Field(ge=1, le=INT_MAX, title="规格编号")
    quantity: int = Field(ge=1, le=99, title="数量")


class ShopIn(PartnerBody):
    shop_id: int = Field(ge=1, le=INT_MAX, title="店铺编号")
    delivery: Literal["express", "pickup"] = Field(title="配送方式")
    user_coupon_id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺优惠券")
    remark: str = Field("", max_length=200, title="买家留言")
    items: list[ItemIn] = Field(min_length=1, max_length=service.MAX_LINES, title="商品")


class AddressIn(PartnerBody):
    name: str = Field(min_length=1, max_length=32, title="收货人")
    phone: str = Field(pattern=r"^[0-9+\- ]{5,20}$", title="联系电话")
    area: str = Field(min_length=1, max_length=100, title="所在地区")
    address: str = Field(min_length=1, max_length=200, title="详细地址")


class PlaceIn(PartnerBody):
    request_no: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$", title="请求号",
                            description="the app server's number of this checkout: a repeat answers the first order")
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    address: AddressIn = Field(title="收货地址")
    shops: list[ShopIn] = Field(min_length=1, max_length=20, title="店铺")
    platform_user_coupon_id: int | None = Field(None, ge=1, le=INT_MAX, title="平台优惠券")
    points: int = Field(0, ge=0, le=100_000_000, title="抵扣积分")
    group_activity_id: int | None = Field(None, ge=1, le=INT_MAX, title="拼团活动",
                                          description="a group checkout: one shop, one SKU of the activity at its "
                                                      "group price")
    team_id: int | None = Field(None, ge=1, le=INT_MAX, title="拼团编号",
                                description="join this team of the activity; without it the buyer opens a team")

    @model_validator(mode="after")
    def _lines(self) -> PlaceIn:
        if sum(len(s.items) for s in self.shops) > service.MAX_LINES:
            raise ValueError(f"一次最多下单{service.MAX_LINES}个商品规格")
        return self


@partner_api.post("/api/partner/v1/orders/place", partner=True, response=partner_out.OrderPlacedOut,
                  summary="An app user places an order: stock reserved, coupons and points used, once per requestNo")
async def partner_place(request: web.Request, body: PlaceIn) -> web.Response:
    await check_acting_user(body.uid)
    now = request.app[CLOCK].now()
    req = service.PlaceRequest(
        request_no=body.request_no, uid=body.uid, address=body.address.model_dump(),
        shops=[{"shop_id": s.shop_id, "delivery": s.delivery, "user_coupon_id": s.user_coupon_id, "remark": s.remark,
                "items": [(i.sku_id, i.quantity) for i in s.items]} for s in body.shops],
        platform_user_coupon_id=body.platform_user_coupon_id, points=body.points,
        group_activity_id=body.group_activity_id, group_team_id=body.team_id)
    placed = await service.place(req, now)
    if placed.created:
        from core_api.order.place import job

        await job.schedule_timeout(request.app[BUS], placed.main)
        await flow.publish(request.app[BUS], [flow.event("placed", so, now, ref=placed.main.order_no,
                                                         amount_fen=so.pay_fen) for so in placed.shops])
    return ok(data={**service.answer(placed.main, placed.shops, placed.lines), "created": placed.created})


class OrderIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    order_no: str = Field(pattern=NO, title="订单号")


@partner_api.post("/api/partner/v1/orders/pay", partner=True, response=partner_out.OrderPaymentOut,
                  summary="A pay code for an unpaid order through the wallet (the same outTradeNo on a retry)")
async def partner_pay(request: web.Request, body: OrderIn) -> web.Response:
    await check_acting_user(body.uid)
    now = request.app[CLOCK].now()
    main = await service.pay_number(body.uid, body.order_no, now)
    if main.pay_fen == 0:
        _, events = await service.pay_free(main, now)
        await flow.publish(request.app[BUS], events)
        return ok(data={"orderNo": main.order_no, "outTradeNo": main.out_trade_no, "payFen": 0, "paid": True,
                        "payDeadline": main.pay_deadline.isoformat()}, msg="支付成功")
    try:
        code = await request.app[WALLET].create_pay_code(main.out_trade_no or "", main.pay_fen,
                                                         f"订单{main.order_no}", main.pay_deadline)
    except (WalletUnavailable, WalletRefused) as exc:
        raise ServiceError(exc.msg) from None
    return ok(data={"orderNo": main.order_no, "outTradeNo": main.out_trade_no, "payFen": main.pay_fen, "paid": False,
                    "codeUrl": code.code_url, "expireAt": code.expires_at.isoformat(),
                    "payDeadline": main.pay_deadline.isoformat()})


async def order_notice(request: web.Request, notice: Any, provider: str) -> str | None:
    done = await service.on_notice(notice, provider, request.app[CLOCK].now())
    if done is None:
        return None
    await flow.publish(request.app[BUS], done[1])
    return done[0]


pay_code.NOTICE_HANDLERS.append(order_notice)


@partner_api.post("/api/partner/v1/orders/cancel", partner=True, response=partner_out.OrderOut,
                  summary="The buyer cancels an unpaid order (main order number): stock, coupons and points come back")
async def partner_cancel(request: web.Request, body: OrderIn) -> web.Response:
    await check_acting_user(body.uid)
    main, events = await service.cancel(body.uid, body.order_no, request.app[CLOCK].now())
    await flow.publish(request.app[BUS], events)
    order = await service.read(main)
    return ok(data=service.answer(order.main, order.shops, order.lines))


@partner_api.post("/api/partner/v1/orders/confirm", partner=True, response=partner_out.OrderConfirmedOut,
                  summary="The buyer confirms receipt of a shipped shop order: completed, the after-sale window starts")
async def partner_confirm(request: web.Request, body: OrderIn) -> web.Response:
    await check_acting_user(body.uid)
    so, events = await service.confirm(body.uid, body.order_no, request.app[CLOCK].now())
    await flow.publish(request.app[BUS], events)
    return ok(data={"orderNo": so.order_no, "status": so.status, "completedAt": so.completed_at.isoformat()
                    if so.completed_at else None,
                    "afterSaleUntil": so.after_sale_until.isoformat() if so.after_sale_until else None})


class InfoIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    order_no: str = Field(pattern=NO, title="订单号", description="the main order number, or one of its shop orders")


async def carriers(request: web.Request) -> dict[str, str]:
    return {d["dictValue"]: d["dictLabel"] for d in await request.app[DICT].data_by_type("biz_logistics_company")}


@partner_api.post("/api/partner/v1/orders/info", partner=True, response=partner_out.BuyerOrderOut,
                  summary="One order of the buyer: shop orders, lines with their after-sale, amounts in fen, "
                          "logistics, the pick-up code; another buyer's order answers 404")
async def partner_info(request: web.Request, body: InfoIn) -> web.Response:
    return ok(data=await buyer.info(body.uid, body.order_no, await carriers(request)))


class ListIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    status: Literal["unpaid", "to_ship", "to_pickup", "grouping", "shipped", "completed", "closed"] | None = Field(
        None, title="订单状态", description="only orders holding a shop order in this status")
    after: int | None = Field(None, ge=1, le=2**63 - 1, title="分页游标",
                              description="the previous page's next: the orders placed before it")
    page_size: int = Field(10, ge=1, le=50, title="每页条数")


@partner_api.post("/api/partner/v1/orders/list", partner=True, response=partner_out.BuyerOrderPageOut,
                  summary="The buyer's orders newest first, keyset-paged (next → after), filtered by status")
async def partner_list(request: web.Request, body: ListIn) -> web.Response:
    rows, after = await buyer.page(body.uid, body.status, body.after, body.page_size, await carriers(request))
    return ok(data={"rows": rows, "next": after})


class StatusQuery(Schema):
    order_no: str = Field(pattern=NO, title="订单号")
    action: Literal["close"] = Field(title="操作")
    reason: str = Field(min_length=1, max_length=200, title="关闭原因")


@api.get("/admin/common/status_operate", need=any_perm(STATUS_PERM),
         summary="An operator or the shop closes an unpaid shop order (action=close): everything it held comes back",
         log=OperLogSpec("订单", BusinessType.UPDATE))
async def status_operate(request: web.Request, principal: Principal, query: StatusQuery) -> web.Response:
    so = await OrderShop.get_or_none(order_no=query.order_no)
    if so is None or not principal.authz.scope.allows_shop(so.shop_id):
        raise NotFound("订单不存在")
    if not (reason := query.reason.strip()):
        raise ServiceError("请填写关闭原因")
    now = request.app[CLOCK].now()
    actor = flow.Actor("staff", principal.user_id, principal.user_name)
    async with in_transaction():
        events = await service.close_shop_order(so, "close", actor, now, reason)
    await flow.publish(request.app[BUS], events)
    fresh = await OrderShop.get(id=so.id)
    main = await OrderMain.get(id=so.main_id)
    return ok(data={"orderNo": fresh.order_no, "status": fresh.status, "mainPayStatus": main.pay_status},
              msg="订单已关闭")


__all__ = ["api", "timedelta"]
