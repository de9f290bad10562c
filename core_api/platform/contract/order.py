"""Order answers: the after-sale list, the refund lists (order side and finance's queue) (core_api.order; the
BFF's after-sale screens relay them)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core_api.platform.contract import Envelope
from core_api.platform.contract.finance import RowsTotal
from core_api.platform.schema import Schema

AfterSaleStatus = Literal["applied", "rejected", "awaiting_refund", "awaiting_return", "return_shipped", "received",
                          "return_rejected", "refunding", "refunded", "refund_failed", "cancelled"]
RefundStatus = Literal["refunding", "refunded", "failed"]


class AfterSaleRow(Schema):
    id: int
    after_sale_no: str
    uid: int
    main_id: int
    shop_order_id: int
    shop_id: int
    line_id: int
    kind: Literal["refund", "return_refund"]
    status: AfterSaleStatus
    quantity: int
    amount_fen: int
    before_ship: bool = Field(description="applied before the goods left: stock comes back")
    reason: str
    images: list[str]
    reject_reason: str
    carrier: str
    tracking_no: str
    sellable: bool | None = Field(description="the returned goods received: back to stock or not")
    approver: str
    refund_id: int | None
    create_time: str
    update_time: str | None
    order_no: str = Field(description="the shop order's number")
    status_label: str
    goods_name: str
    spec: str
    image: str
    line_quantity: int
    line_pay_fen: int
    line_refunded_fen: int


class AfterSalePageOut(RowsTotal):
    rows: list[AfterSaleRow]
    counts: dict[str, int] = Field(description="status → the after-sales the filters match in it (every status)")
    statuses: dict[str, str] = Field(description="status → its label")


class RefundRow(Schema):
    id: int
    refund_no: str
    after_sale_id: int
    main_no: str
    shop_order_id: int
    shop_id: int
    line_id: int
    uid: int
    amount_fen: int
    status: RefundStatus
    reason: str
    trade_no: str
    attempts: int
    executor: str
    points_back: int
    points_reversed: int
    points_unreversed: int
    create_time: str
    finish_time: str | None


class RefundPageOut(RowsTotal):
    rows: list[RefundRow]


class RefundBrief(Schema):
    after_sale_id: int
    refund_no: str
    status: RefundStatus
    reason: str
    attempts: int
    executor: str
    finish_time: str | None


class FinanceRefundRow(AfterSaleRow):
    refund: RefundBrief | None = Field(description="its refund once executed")
    password_needed: bool = Field(description="above the threshold: the executor re-enters their password")


class FinanceRefundPageOut(RowsTotal):
    rows: list[FinanceRefundRow]
    threshold: int = Field(description="fen: a refund above it is executed by a second person with a password")


class RefundExecuted(Schema):
    id: int
    status: AfterSaleStatus = Field(description="refunded; refunding: the wallet has it, the sweep asks again; "
                                                "refund_failed: retried with the same refund number")
    refund_no: str
    amount_fen: int
    reason: str = Field(description="the wallet's reason of a failure")
    order_closed: bool = Field(description="everything of the shop order refunded: it closed")


class RefundExecutedOut(Envelope):
    data: RefundExecuted


# ---- an order's detail (core_api.order.manage.service.detail)

class OrderMainView(Schema):
    """A main order; a shop account sees no totals (its shop orders carry its own)."""

    id: int
    order_no: str
    uid: int
    pay_status: str = Field(description="unpaid, paid, closed")
    paid_at: str | None
    create_time: str
    goods_fen: int | None = Field(None, description="absent for a shop account, as every total below")
    freight_fen: int | None = None
    coupon_fen: int | None = None
    points_fen: int | None = None
    points_used: int | None = None
    pay_fen: int | None = None
    pay_way: str | None = None
    trade_no: str | None = None
    pay_deadline: str | None = None
    closed_at: str | None = None
    shelf: str | None = None
    remark: str | None = None


class OrderLineView(Schema):
    id: int
    shop_order_id: int
    goods_id: int
    sku_id: int
    goods_name: str
    spec: str
    image: str
    price_fen: int
    quantity: int
    amount_fen: int
    coupon_fen: int
    points_fen: int
    pay_fen: int
    refunded_fen: int
    refunded_qty: int
    after_sale: str = Field(description="none, or the open after-sale's status")
    commented: bool


class OrderLogView(Schema):
    id: int
    shop_order_id: int
    action: str
    action_label: str
    from_status: str
    to_status: str
    actor_kind: str = Field(description="user, staff, system")
    actor_id: int
    actor_name: str
    note: str
    create_time: str


class ShopOrderView(Schema):
    id: int
    order_no: str
    main_no: str
    shop_id: int
    shop_name: str
    uid: int
    status: str
    status_label: str
    delivery: str = Field(description="express, pickup")
    kind: str = Field(description="normal, group")
    goods_fen: int
    freight_fen: int
    coupon_fen: int
    points_fen: int
    points_used: int
    pay_fen: int
    refunded_fen: int
    pay_status: str
    refund_status: str
    settle_status: str
    pickup_status: str
    receiver_name: str
    receiver_phone: str = Field(description="masked unless the caller holds account:consumer:personal")
    receiver_area: str
    receiver_address: str
    carrier: str
    tracking_no: str
    buyer_remark: str
    close_reason: str
    paid_at: str | None
    shipped_at: str | None
    completed_at: str | None
    closed_at: str | None
    after_sale_until: str | None
    after_sale: str | None = Field(description="the state of the order's open after-sale (its earliest), null when "
                                               "none is open: shipping and pick-up wait until it is decided")
    create_time: str
    lines: list[OrderLineView]
    logs: list[OrderLogView]


class OrderPayView(Schema):
    id: int
    kind: str = Field(description="pay, refund")
    main_no: str
    shop_order_id: int | None
    shop_id: int | None
    out_no: str
    trade_no: str
    amount_fen: int
    pay_way: str
    create_time: str


class OrderDetail(Schema):
    main: OrderMainView
    shops: list[ShopOrderView] = Field(description="a shop account: its own shop's only")
    pays: list[OrderPayView]
    focus: int | None = Field(description="the shop order asked for (by its number or id), shown first")


class OrderDetailOut(Envelope):
    data: OrderDetail
