"""Points orders (spec 001 §7: GET /admin/order_integral/list_data, GET /admin/order_integral/info_page) and the
points ledger (GET /admin/integral/list_data); the operators ship (or edit the logistics of) and cancel a points
order; the app server redeems (POST /api/partner/v1/points/redeem, once per requestNo) and confirms receipt.

Points goods and their orders are the platform's: every permission here is operator-only, a shop account never
holds it (core_api/platform/security.py OPERATOR_ONLY)."""

from __future__ import annotations

from typing import Any

from aiohttp import web
from pydantic import Field
from pydantic.alias_generators import to_camel
from tortoise.functions import Count

from core_api.account.consumer.service import check_acting_user
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import partner as partner_out
from core_api.platform.contract.points import PointsOrderDetailOut, PointsOrderViewOut, PointsStatusCountsOut
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.models import ChangeLog
from core_api.platform.paging import camel_row
from core_api.platform.partner import PartnerBody
from core_api.platform.resource import Action, F, Resource, partner_api
from core_api.platform.schema import INT_MAX, Schema, StrictSchema
from core_api.platform.security import OPERATOR_ONLY, Principal, any_perm
from core_api.platform.state import CLOCK, DICT
from core_api.platform.timefmt import fmt
from core_api.points.ledger import service as points
from core_api.points.ledger.models import PointsLedger
from core_api.points.order import service
from core_api.points.order.models import OrderIntegral

PERM = "order:integral"
LEDGER_PERM = "order:integralLedger"
CARRIERS = "biz_logistics_company"
OPERATOR_ONLY.update({f"{PERM}:list", f"{PERM}:query", f"{PERM}:ship", f"{PERM}:cancel",
                      f"{LEDGER_PERM}:list", f"{LEDGER_PERM}:query"})

resource = Resource(
    name="OrderIntegral", model=OrderIntegral, perm=PERM, title="积分订单", title_en="Points orders",
    menu_buttons=("query", "ship", "cancel"),  # as seeded, not as derived
    view="order/integral/index", list_path="/admin/order_integral/list_data", shelf=None, creatable=False,
    editable=False, removable=False, operator_only=True,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("order_no", "订单号", "Order no.", edit="never", filter="exact"),
        F("uid", "用户ID", "User ID", "int", edit="never", filter="exact"),
        F("goods_id", "商品编号", "Goods ID", "int", edit="never", listed=False),
        F("goods_name", "商品名称", "Goods", edit="never"),
        F("goods_image", "商品图片", "Picture", "image", edit="never", exported=False),
        F("quantity", "数量", "Quantity", "int", edit="never"),
        F("points", "消耗积分", "Points", "int", edit="never", sortable=True),
        F("status", "状态", "Status", "dict", dict_type="biz_integral_order", edit="never", filter="exact"),
        F("receiver_name", "收货人", "Receiver", edit="never", mask="name"),
        F("receiver_phone", "联系电话", "Phone", edit="never", mask="phone"),
        F("receiver_address", "收货地址", "Address", edit="never", listed=False),
        F("carrier", "物流公司", "Carrier", "dict", dict_type=CARRIERS, edit="never"),
        F("tracking_no", "物流单号", "Tracking no.", edit="never"),
        F("shipped_at", "发货时间", "Shipped at", "datetime", edit="never"),
        F("create_time", "兑换时间", "Redeemed at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[
        Action("detail", "详情", "Details", "query", "order/integral/detail", method="LINK", params={"id": "id"}),
        Action("ship", "发货", "Ship", "ship", "admin/order_integral/send_goods", params={"id": "id"},
               when={"status": [service.TO_SHIP, service.SHIPPED]},
               fields=(F("carrier", "物流公司", "Carrier", "dict", dict_type=CARRIERS, required=True, max_length=32),
                       F("tracking_no", "物流单号", "Tracking no.", required=True, max_length=64))),
        Action("cancel", "取消并退回积分", "Cancel and refund points", "cancel", "admin/order_integral/cancel",
               params={"id": "id"}, when={"status": [service.TO_SHIP]},
               confirm="取消后积分和库存将退回，不可撤销。",
               confirm_en="The points and the stock go back; this cannot be undone.",
               fields=(F("reason", "取消原因", "Reason", "textarea", required=True, max_length=200),)),
    ],
)

ledger = Resource(
    name="PointsLedger", model=PointsLedger, perm=LEDGER_PERM, title="积分明细", title_en="Points ledger",
    menu_buttons=("query",),  # as seeded, not as derived
    view="order/integralLedger/index", list_path="/admin/integral/list_data", shelf=None, creatable=False,
    editable=False, removable=False, operator_only=True,
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("uid", "用户ID", "User ID", "int", edit="never", filter="exact"),
        F("kind", "类型", "Kind", "dict", dict_type="biz_points_kind", edit="never", filter="exact"),
        F("delta", "积分变动", "Change", "int", edit="never"),
        F("balance_after", "变动后余额", "Balance after", "int", edit="never"),
        F("ref", "关联单号", "Reference", edit="never", filter="exact"),
        F("remark", "备注", "Remark", edit="never"),
        F("create_time", "时间", "Time", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("points-order")


class InfoQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


def detail(order: OrderIntegral, principal: Principal) -> dict[str, Any]:
    row = resource.view_of(principal)(
        {c: getattr(order, c) for c in resource.columns} | {"receiver_address": order.receiver_address})
    return {**row, "requestNo": order.request_no, "unitPoints": order.unit_points,
            "statusLabel": service.STATUSES[order.status], "shippedBy": order.shipped_by,
            "cancelledBy": order.cancelled_by, "cancelReason": order.cancel_reason,
            "cancelledAt": fmt(order.cancelled_at), "completedAt": fmt(order.completed_at),
            "updateTime": fmt(order.update_time), "version": order.version}


LOG_LABELS = {"redeem": "用户兑换", "ship": "发货", "edit_logistics": "修改物流", "cancel": "取消并退回积分",
              "complete": "确认收货"}


def _entry(key: str, action: str, actor_kind: str, actor_name: str, at: Any, note: str = "",
           carrier: str = "", tracking_no: str = "") -> dict[str, Any]:
    return {"key": key, "action": action, "actionLabel": LOG_LABELS[action], "actorKind": actor_kind,
            "actorName": actor_name, "note": note, "carrier": carrier, "trackingNo": tracking_no,
            "createTime": fmt(at)}


async def order_log(order: OrderIntegral) -> list[dict[str, Any]]:
    """The timeline of an order, oldest first: the redemption, each shipment, logistics edit or cancel by an
    operator (from the history rows: who, when, the carrier and number then, the reason), and the receipt the
    buyer confirmed."""
    log = [_entry("redeem", "redeem", "user", str(order.uid), order.create_time)]
    shipment = {"carrier": "", "trackingNo": ""}  # a history row holds only what changed: replayed in order
    for row in await ChangeLog.filter(resource=resource.name, record_id=order.id).order_by("id").values():
        changes = row["changes"] if isinstance(row["changes"], dict) else {}
        if row["action"] == "ship":
            for name in shipment:
                pair = changes.get(name)
                if isinstance(pair, list) and len(pair) == 2:
                    shipment[name] = "" if pair[1] is None else str(pair[1])
            log.append(_entry(f"change-{row['id']}", "ship" if "status" in changes else "edit_logistics", "staff",
                              row["actor"], row["at"], carrier=shipment["carrier"],
                              tracking_no=shipment["trackingNo"]))
        elif row["action"] == "cancel":
            log.append(_entry(f"change-{row['id']}", "cancel", "staff", row["actor"], row["at"],
                              note=row["note"] or order.cancel_reason))
    if order.completed_at is not None:
        log.append(_entry("complete", "complete", "user", str(order.uid), order.completed_at))
    return log


@api.get("/admin/order_integral/status_counts", need=any_perm(f"{PERM}:list"), response=PointsStatusCountsOut,
         summary="How many points orders wait in each status (the list's status cards), in one call")
async def status_counts(request: web.Request, principal: Principal) -> web.Response:
    found = await resource.scoped(principal, OrderIntegral.all()).annotate(n=Count("id")).group_by("status").values(
        "status", "n")
    counts = {status: 0 for status in service.STATUSES}
    counts.update({row["status"]: row["n"] for row in found if row["status"] in counts})
    return ok(data={to_camel(status): n for status, n in counts.items()})


@api.get("/admin/order_integral/info_page", need=any_perm(f"{PERM}:query"), response=PointsOrderDetailOut,
         summary="One points order: the goods as redeemed, the receiver, the shipment, the points entries, its log")
async def info_page(request: web.Request, principal: Principal, query: InfoQuery) -> web.Response:
    order = await OrderIntegral.get_or_none(id=query.id)
    if order is None:
        raise NotFound("积分订单不存在")
    entries = await PointsLedger.filter(ref=order.order_no).order_by("id").values(
        "id", "delta", "balance_after", "kind", "remark", "create_time")
    return ok(data={**detail(order, principal),
                    "ledger": [camel_row(e) | {"createTime": fmt(e["create_time"])} for e in entries],
                    "log": await order_log(order)})


class ShipIn(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")
    carrier: str = Field(min_length=1, max_length=32, title="物流公司")
    tracking_no: str = Field(min_length=4, max_length=64, pattern=r"^[A-Za-z0-9\-]+$", title="物流单号")


@api.post("/admin/order_integral/send_goods", need=any_perm(f"{PERM}:ship"), response=PointsOrderViewOut,
          summary="Ship a to-ship points order, or edit the logistics of a shipped one",
          log=OperLogSpec("积分订单", BusinessType.UPDATE))
async def send_goods(request: web.Request, principal: Principal, body: ShipIn) -> web.Response:
    known = {d["dictValue"] for d in await request.app[DICT].data_by_type(CARRIERS)}
    if known and body.carrier not in known:
        raise ServiceError(f"物流公司 {body.carrier} 不存在")
    before = await resource.one(request, principal, body.id)
    order = await service.ship(body.id, body.carrier, body.tracking_no, principal.user_name,
                               request.app[CLOCK].now())
    await resource.record(request, principal, order.id, "ship", before,
                          {"status": order.status, "carrier": order.carrier, "tracking_no": order.tracking_no})
    return ok(data=detail(order, principal), msg="发货成功" if before["status"] == service.TO_SHIP else "物流已修改")


class CancelIn(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")
    reason: str = Field(min_length=1, max_length=200, title="取消原因")


@api.post("/admin/order_integral/cancel", need=any_perm(f"{PERM}:cancel"), response=PointsOrderViewOut,
          summary="Cancel a to-ship points order: its points and stock go back, once",
          log=OperLogSpec("积分订单", BusinessType.UPDATE))
async def cancel(request: web.Request, principal: Principal, body: CancelIn) -> web.Response:
    if not body.reason.strip():
        raise ServiceError("请填写取消原因")
    before = await resource.one(request, principal, body.id)
    order = await service.cancel(body.id, body.reason.strip(), principal.user_name, request.app[CLOCK].now())
    await resource.record(request, principal, order.id, "cancel", before, {"status": order.status},
                          note=body.reason.strip())
    return ok(data=detail(order, principal), msg="订单已取消，积分已退回")


# ---- the app server's calls


class ReceiverIn(PartnerBody):
    name: str = Field(min_length=1, max_length=32, title="收货人")
    phone: str = Field(pattern=r"^1\d{10}$", title="联系电话")
    address: str = Field(min_length=1, max_length=200, title="收货地址")


class RedeemIn(PartnerBody):
    request_no: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$", title="请求号",
                            description="the app server's number of this redemption: a repeat answers the first")
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    goods_id: int = Field(ge=1, le=INT_MAX, title="积分商品编号")
    quantity: int = Field(ge=1, le=999, strict=True, title="数量")
    address: ReceiverIn = Field(title="收货地址")


def redeemed(order: OrderIntegral, created: bool, balance: int) -> dict[str, Any]:
    return {"orderNo": order.order_no, "created": created, "goodsId": order.goods_id, "goodsName": order.goods_name,
            "quantity": order.quantity, "points": order.points, "status": order.status, "balance": balance,
            "createTime": fmt(order.create_time)}


@partner_api.post("/api/partner/v1/points/redeem", partner=True, response=partner_out.PointsOrderOut,
                  summary="An app user redeems points-mall goods: points debited and stock taken, once per requestNo")
async def partner_redeem(request: web.Request, body: RedeemIn) -> web.Response:
    await check_acting_user(body.uid)
    receiver = {"name": body.address.name.strip(), "phone": body.address.phone,
                "address": body.address.address.strip()}
    if not receiver["name"] or not receiver["address"]:
        raise ServiceError("请填写收货人和收货地址")
    order, created = await service.redeem(body.uid, body.goods_id, body.quantity, body.request_no, receiver,
                                          request.app[CLOCK].now())
    return ok(data=redeemed(order, created, await points.balance(body.uid)))


class ConfirmIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    order_no: str = Field(min_length=1, max_length=32, title="订单号")


@partner_api.post("/api/partner/v1/points/confirm", partner=True, response=partner_out.PointsOrderOut,
                  summary="An app user confirms receipt of a shipped points order: it is completed")
async def partner_confirm(request: web.Request, body: ConfirmIn) -> web.Response:
    await check_acting_user(body.uid)
    order = await OrderIntegral.get_or_none(order_no=body.order_no, uid=body.uid)
    if order is None:
        raise NotFound("积分订单不存在")
    if order.status == service.COMPLETED:
        return ok(data=redeemed(order, False, await points.balance(body.uid)))
    order = await service.complete(order.id, request.app[CLOCK].now())
    return ok(data=redeemed(order, False, await points.balance(body.uid)))
