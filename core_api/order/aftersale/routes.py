"""After-sale and refunds: the buyer's calls (partner API: apply, cancel, return shipped), the console's after-sale
list and decision (``/admin/order_mall/after_sale_order``, ``/admin/order_mall/refund_operate``), the refund lists
(order side ``/admin/order_main/refund_order``, finance side ``/admin/finance_refund/refund_order``) and the
finance execution (POST ``/admin/finance_refund/refund_order``).

Permissions: the after-sale list ``order:afterSale:list``, a decision ``order:afterSale:refund`` (shop staff see and
decide only their shop's); the order-side refund list ``order:refund:list`` (shop scoped); the finance list
``finance:refund:list`` and the execution ``finance:refund:execute`` (operators only). A refund above
``biz.refund.secondApproveFen`` (system parameter, fen) is executed by someone other than its approver, who
re-enters their sign-in password (the withdrawal payout's rule and check).
"""

from __future__ import annotations

from typing import Any, Literal

from aiohttp import web
from pydantic import Field, field_validator
from tortoise.functions import Count

from core_api.account.consumer.service import check_acting_user
from core_api.order.aftersale import service
from core_api.order.aftersale.models import OrderAfterSale, OrderRefund
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderShop
from core_api.order.group.service import SYSTEM_PREFIX
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import partner as partner_out
from core_api.platform.contract.order import AfterSalePageOut, FinanceRefundPageOut, RefundExecutedOut, RefundPageOut
from core_api.platform.envelope import ok, table
from core_api.platform.errors import ServiceError
from core_api.platform.paging import ListQuery, between_days, camel_row, page_of
from core_api.platform.partner import PartnerBody
from core_api.platform.resource import partner_api
from core_api.platform.schema import INT_MAX, StrictSchema, english
from core_api.platform.security import OPERATOR_ONLY, Principal, any_perm
from core_api.platform.state import AUTH, BUS, CLOCK, CONFIG, WALLET

api = Api("order-aftersale")
PERM = "order:afterSale"
FINANCE = "finance:refund"
OPERATOR_ONLY.update({f"{FINANCE}:list", f"{FINANCE}:query", f"{FINANCE}:execute"})
Status = Literal["applied", "rejected", "awaiting_refund", "awaiting_return", "return_shipped", "received",
                 "return_rejected", "refunding", "refunded", "refund_failed", "cancelled"]
ROW_FIELDS = ("id", "after_sale_no", "uid", "main_id", "shop_order_id", "shop_id", "line_id", "kind", "status",
              "quantity", "amount_fen", "before_ship", "reason", "images", "reject_reason", "carrier", "tracking_no",
              "sellable", "approver", "refund_id", "create_time", "update_time")
REFUND_FIELDS = ("id", "refund_no", "after_sale_id", "main_no", "shop_order_id", "shop_id", "line_id", "uid",
                 "amount_fen", "status", "reason", "trade_no", "attempts", "executor", "points_back",
                 "points_reversed", "points_unreversed", "create_time", "finish_time")
SORTS = {"id": "id", "createTime": "create_time", "amountFen": "amount_fen"}


async def with_lines(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row with its line (goods, spec, price, quantity, paid) and its shop order number."""
    lines = {x["id"]: x for x in await OrderLine.filter(id__in=[r["line_id"] for r in rows]).values(
        "id", "goods_name", "spec", "image", "price_fen", "quantity", "pay_fen", "refunded_fen", "refunded_qty")}
    orders = dict(await OrderShop.filter(id__in=[r["shop_order_id"] for r in rows]).values_list("id", "order_no"))
    out = []
    for r in rows:
        line = lines.get(r["line_id"], {})
        item = camel_row(r)
        item.update(orderNo=orders.get(r["shop_order_id"], ""), statusLabel=service.STATUSES.get(r["status"], ""),
                    goodsName=line.get("goods_name", ""), spec=line.get("spec", ""), image=line.get("image", ""),
                    lineQuantity=line.get("quantity", 0), linePayFen=line.get("pay_fen", 0),
                    lineRefundedFen=line.get("refunded_fen", 0))
        out.append(item)
    return out


# ---- console: after-sale list and decisions

class AfterSaleQuery(ListQuery):
    status: Status | None = Field(None, title="状态")
    kind: Literal["refund", "return_refund"] | None = Field(None, title="类型")
    after_sale_no: str | None = Field(None, max_length=32, pattern=r"^[A-Z0-9]+$", title="售后单号")
    shop_order_id: int | None = Field(None, ge=1, le=INT_MAX, title="订单编号")
    uid: int | None = Field(None, ge=1, le=INT_MAX, title="用户ID")
    shop_id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺编号")


def scoped(principal: Principal, qs: Any) -> Any:
    where = principal.authz.scope.shop_filter()
    return qs if where is None else qs.filter(where)


@api.get("/admin/order_mall/after_sale_order", need=any_perm(f"{PERM}:list"), response=AfterSalePageOut,
         summary="After-sales, newest first: filters status, kind, number, order, uid, shop, days; counts per status")
async def after_sale_order(request: web.Request, principal: Principal, query: AfterSaleQuery) -> web.Response:
    base = scoped(principal, OrderAfterSale.all())
    for name in ("kind", "after_sale_no", "shop_order_id", "uid", "shop_id"):
        if (value := getattr(query, name)) is not None:
            base = base.filter(**{name: value})
    base = between_days(base, "create_time", query.begin_time, query.end_time)
    counts: dict[str, int] = dict.fromkeys(service.STATUSES, 0)
    for item in await base.annotate(n=Count("id")).group_by("status").values("status", "n"):
        counts[item["status"]] = item["n"]
    qs = base.filter(status=query.status) if query.status else base
    rows, total = await page_of(qs, query, SORTS, ["-id"], *ROW_FIELDS)
    return table(await with_lines(rows), total, counts=counts, statuses=service.STATUSES)


class OperateBody(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="售后编号")
    action: Literal["approve", "reject", "receive"] = Field(title="操作")
    reason: str = Field("", max_length=200, title="原因")
    sellable: bool | None = Field(None, title="可再次销售")


def staff(principal: Principal) -> flow.Actor:
    return flow.Actor("staff", principal.user_id, principal.user_name)


@api.post("/admin/order_mall/refund_operate", need=any_perm(f"{PERM}:refund"),
          summary="Decide an after-sale: approve, reject (a reason; a shipped-back return is refused), receive the "
                  "returned goods (sellable or not)",
          log=OperLogSpec("售后订单", BusinessType.UPDATE))
async def refund_operate(request: web.Request, principal: Principal, body: OperateBody) -> web.Response:
    row = await service.get(body.id, shop_id=principal.authz.scope.shop_id)
    reason = body.reason.strip()
    if body.action == "reject" and not reason:
        raise ServiceError("请填写拒绝原因")
    now = request.app[CLOCK].now()
    after = await service.decide(row, body.action, staff(principal), now, reason=reason, sellable=body.sellable)
    return ok(data={"id": after.id, "status": after.status, "statusLabel": service.STATUSES[after.status]})


# ---- refund lists and the finance execution

class RefundQuery(ListQuery):
    status: Literal["refunding", "refunded", "failed"] | None = Field(None, title="状态")
    refund_no: str | None = Field(None, max_length=32, pattern=r"^[A-Z0-9]+$", title="退款单号")
    shop_order_id: int | None = Field(None, ge=1, le=INT_MAX, title="订单编号")
    uid: int | None = Field(None, ge=1, le=INT_MAX, title="用户ID")
    shop_id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺编号")


async def refund_page(principal: Principal, query: RefundQuery) -> web.Response:
    qs = scoped(principal, OrderRefund.all())
    for name in ("status", "refund_no", "shop_order_id", "uid", "shop_id"):
        if (value := getattr(query, name)) is not None:
            qs = qs.filter(**{name: value})
    qs = between_days(qs, "create_time", query.begin_time, query.end_time)
    rows, total = await page_of(qs, query, SORTS, ["-id"], *REFUND_FIELDS)
    return table([camel_row(r) for r in rows], total)


@api.get("/admin/order_main/refund_order", need=any_perm("order:refund:list"), response=RefundPageOut,
         summary="Refunds, order side (shop scoped): filters status, number, order, uid, shop, days")
async def order_refunds(request: web.Request, principal: Principal, query: RefundQuery) -> web.Response:
    return await refund_page(principal, query)


class FinanceQuery(ListQuery):
    status: Literal["awaiting_refund", "refunding", "refund_failed", "refunded"] | None = Field(None, title="状态")
    after_sale_no: str | None = Field(None, max_length=32, pattern=r"^[A-Z0-9]+$", title="售后单号")
    uid: int | None = Field(None, ge=1, le=INT_MAX, title="用户ID")
    shop_id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺编号")


FINANCE_STATUSES = ("awaiting_refund", "refunding", "refund_failed", "refunded")


@api.get("/admin/finance_refund/refund_order", need=any_perm(f"{FINANCE}:list"), response=FinanceRefundPageOut,
         summary="Finance's refund queue: approved after-sales awaiting, executing, failed or refunded, with their "
                 "refund number and the second-approval threshold")
async def finance_refunds(request: web.Request, query: FinanceQuery) -> web.Response:
    qs = OrderAfterSale.filter(status__in=(query.status,) if query.status else FINANCE_STATUSES)
    for name in ("after_sale_no", "uid", "shop_id"):
        if (value := getattr(query, name)) is not None:
            qs = qs.filter(**{name: value})
    qs = between_days(qs, "create_time", query.begin_time, query.end_time)
    rows, total = await page_of(qs, query, SORTS, ["-id"], *ROW_FIELDS)
    items = await with_lines(rows)
    refunds = {r["after_sale_id"]: r for r in await OrderRefund.filter(
        after_sale_id__in=[r["id"] for r in rows]).values("after_sale_id", "refund_no", "status", "reason",
                                                          "attempts", "executor", "finish_time")}
    limit = await request.app[CONFIG].fen(service.THRESHOLD_KEY, service.DEFAULT_THRESHOLD)
    for item in items:
        refund = refunds.get(item["id"])
        item.update(refund=camel_row(refund) if refund else None, passwordNeeded=item["amountFen"] > limit)
    return table(items, total, threshold=limit)


class ExecuteBody(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="售后编号")
    password: str | None = Field(None, max_length=64, title="登录密码",
                                 description="the executor's own sign-in password: a refund above the threshold "
                                             "needs it")


@api.post("/admin/finance_refund/refund_order", need=any_perm(f"{FINANCE}:execute"), response=RefundExecutedOut,
          summary="Execute (or retry with the same refund number) the refund of an approved after-sale",
          log=OperLogSpec("财务退款", BusinessType.UPDATE))
async def finance_execute(request: web.Request, principal: Principal, body: ExecuteBody) -> web.Response:
    row = await service.get(body.id)
    now = request.app[CLOCK].now()
    if row.status in service.ACTIONS["execute"][0] and \
            row.amount_fen > await request.app[CONFIG].fen(service.THRESHOLD_KEY, service.DEFAULT_THRESHOLD):
        if row.approver_id == principal.user_id:
            raise ServiceError("大额退款需要另一位审核人执行，审核人不能执行")
        await request.app[AUTH].check_reentered_password(principal, body.password, "退款")
    outcome = await service.execute(row, request.app[WALLET], staff(principal), now)
    await flow.publish(request.app[BUS], outcome.events)
    refund = outcome.refund
    msg = "退款成功" if outcome.status == service.REFUNDED else f"退款失败：{refund.reason}"
    if outcome.status == service.REFUNDING:  # not an error: the wallet has it, the sweep asks again
        msg = "退款处理中，稍后自动重查结果，无需重复执行（不会重复退款）"
    return ok(data={"id": row.id, "status": outcome.status, "refundNo": refund.refund_no,
                    "amountFen": refund.amount_fen, "reason": refund.reason,
                    "orderClosed": outcome.closed is not None}, msg=msg)


# ---- the buyer (the app server, signed)

class ApplyIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    request_no: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$", title="申请号",
                            description="the app server's number of this request: one after-sale per number")
    line_id: int = Field(ge=1, le=INT_MAX, title="订单商品编号")
    kind: Literal["refund", "return_refund"] = Field(title="售后类型")
    quantity: int = Field(ge=1, le=100_000, strict=True, title="数量")
    amount_fen: int | None = Field(None, ge=1, le=10**10, strict=True, title="退款金额（分）",
                                   description="default: the quantity's share of what the line paid")
    reason: str = Field(min_length=1, max_length=200, title="原因")
    images: list[str] = Field(default_factory=list, max_length=9, title="图片")

    @field_validator("request_no")
    @classmethod
    def not_the_systems(cls, value: str) -> str:
        if value.lower().startswith(SYSTEM_PREFIX):  # the group-failure refunds' numbers, one per line
            raise ValueError(f"申请号不能以 {SYSTEM_PREFIX} 开头（系统保留）")
        return value


def shown(row: OrderAfterSale) -> dict[str, Any]:
    return {"id": row.id, "afterSaleNo": row.after_sale_no, "status": row.status,
            "statusLabel": service.STATUSES[row.status], "kind": row.kind, "quantity": row.quantity,
            "amountFen": row.amount_fen, "lineId": row.line_id, "shopOrderId": row.shop_order_id}


@partner_api.post("/api/partner/v1/order/after_sale/apply", partner=True, response=partner_out.AfterSaleAppliedOut,
                  summary="A buyer applies for a refund or a return of one order line; once per requestNo")
async def partner_apply(request: web.Request, body: ApplyIn) -> web.Response:
    await check_acting_user(body.uid)
    for image in body.images:
        if not 1 <= len(image) <= 500 or not image.startswith(("http://", "https://", "/")):
            raise ServiceError("图片地址不正确")
    reason = body.reason.strip()
    if not reason:
        raise ServiceError("请填写售后原因")
    now = request.app[CLOCK].now()
    row, created = await service.apply(service.Application(
        body.uid, body.request_no, body.line_id, body.kind, body.quantity, body.amount_fen, reason, body.images), now)
    if created:
        order = await OrderShop.get(id=row.shop_order_id)
        await flow.publish(request.app[BUS], [flow.event("after_sale_applied", order, now, ref=row.after_sale_no,
                                                         amount_fen=row.amount_fen)])
    return ok(data={**shown(row), "created": created})


class CancelIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    after_sale_id: int = Field(ge=1, le=INT_MAX, title="售后编号")


@partner_api.post("/api/partner/v1/order/after_sale/cancel", partner=True, response=partner_out.AfterSaleOut,
                  summary="The buyer withdraws an after-sale before its refund executes")
async def partner_cancel(request: web.Request, body: CancelIn) -> web.Response:
    await check_acting_user(body.uid)
    row = await service.buyer_step(body.after_sale_id, body.uid, "cancel", request.app[CLOCK].now())
    return ok(data=shown(row))


class ShippedIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    after_sale_id: int = Field(ge=1, le=INT_MAX, title="售后编号")
    carrier: str = Field(min_length=1, max_length=32, title="物流公司")
    tracking_no: str = Field(min_length=4, max_length=64, pattern=r"^[A-Za-z0-9\-]+$", title="物流单号")


@partner_api.post("/api/partner/v1/order/after_sale/return_shipped", partner=True, response=partner_out.AfterSaleOut,
                  summary="The buyer has sent the goods back: carrier and tracking number")
async def partner_return_shipped(request: web.Request, body: ShippedIn) -> web.Response:
    await check_acting_user(body.uid)
    carrier = body.carrier.strip()
    if not carrier:
        raise ServiceError("请填写物流公司")
    row = await service.buyer_step(body.after_sale_id, body.uid, "return_ship", request.app[CLOCK].now(),
                                   carrier=carrier, tracking_no=body.tracking_no)
    return ok(data=shown(row))


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "大额退款需要另一位审核人执行，审核人不能执行":
        "A large refund must be executed by another person than its reviewer",
    "请填写拒绝原因": "Give the reason for refusing",
    "请填写物流公司": "Give the carrier",
})
