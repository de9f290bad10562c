"""The answers of the partner API (``/api/partner/v1/...``, docs/partner-api.md).

Each partner call declares one of these with ``response=``: the partner document (``python -m core_api openapi
--partner``) describes them and the clients in ``clients/`` are generated from it. Amounts are in fen; times are
ISO 8601 text (``...At``, ``payDeadline``) or the console's ``yyyy-MM-dd HH:mm:ss`` (``...Time``).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from core_api.platform.contract import Envelope
from core_api.platform.schema import Schema

# ---- app users


class ConsumerSaved(Schema):
    id: int
    uid: int
    invite_code: str
    created: bool = Field(description="false: the user with this uid was updated")
    register_time: str | None


class ConsumerOut(Envelope):
    data: ConsumerSaved


class DoneOut(Envelope):
    """A write that answers nothing but its envelope."""


# ---- declared feeds (core_api/platform/resource/partner_feed.py)


class FeedSaved(Schema):
    id: int | None = Field(description="the record written (null for a chat record inserted in bulk)")
    created: bool = Field(description="false: the record with the same key (or id) was updated")


class FeedOut(Envelope):
    data: FeedSaved


class FeedBatch(Schema):
    count: int
    created: int
    updated: int
    ids: list[int] = Field(description="the records written, in order (empty for chat records)")


class FeedBatchOut(Envelope):
    data: FeedBatch


class FeedRemoved(Schema):
    removed: int = Field(description="1, or 0 when there was no such record")


class FeedRemovedOut(Envelope):
    data: FeedRemoved


# ---- configuration pages (core_api/platform/config_page.py)


class ConfigObject(Schema):
    key: str
    platform: str | None = Field(None, description="core_v2 only: the platform asked for")
    version: int = Field(description="0: never saved, the defaults")
    update_time: str | None
    data: dict[str, Any] = Field(description="every field of the page, secrets included")


class ConfigObjectOut(Envelope):
    data: ConfigObject


# ---- wallet and withdrawals


class WalletCredited(Schema):
    ledger_id: int
    applied: bool = Field(description="false: this bizNo was credited before; nothing changed")
    available_fen: int
    frozen_fen: int


class WalletCreditOut(Envelope):
    data: WalletCredited


class WithdrawalRequested(Schema):
    id: int
    withdraw_no: str
    status: str
    created: bool = Field(description="false: this requestNo was requested before")
    available_fen: int
    frozen_fen: int


class WithdrawalOut(Envelope):
    data: WithdrawalRequested


# ---- orders


class PlacedLine(Schema):
    line_id: int
    sku_id: int
    quantity: int
    pay_fen: int
    points_used: int


class PlacedShopOrder(Schema):
    order_no: str
    shop_id: int
    status: str
    delivery: str
    goods_fen: int
    coupon_fen: int
    points_fen: int
    pay_fen: int
    kind: str
    team_id: int | None
    lines: list[PlacedLine]


class PlacedOrder(Schema):
    order_no: str
    pay_fen: int
    goods_fen: int
    coupon_fen: int
    points_fen: int
    points_used: int
    pay_status: str
    pay_deadline: str
    shop_orders: list[PlacedShopOrder]


class OrderPlaced(PlacedOrder):
    created: bool = Field(description="false: this requestNo placed the order before")


class OrderPlacedOut(Envelope):
    data: OrderPlaced


class OrderOut(Envelope):
    data: PlacedOrder


class OrderPayment(Schema):
    order_no: str
    out_trade_no: str | None
    pay_fen: int
    paid: bool = Field(description="true: nothing to pay (the order is paid); else pay through codeUrl")
    code_url: str | None = None
    expire_at: str | None = None
    pay_deadline: str


class OrderPaymentOut(Envelope):
    data: OrderPayment


class OrderConfirmed(Schema):
    order_no: str
    status: str
    completed_at: str | None
    after_sale_until: str | None


class OrderConfirmedOut(Envelope):
    data: OrderConfirmed


class LineAfterSale(Schema):
    id: int
    after_sale_no: str
    kind: str
    status: str
    status_label: str
    quantity: int
    amount_fen: int
    reject_reason: str | None


class BuyerLine(Schema):
    line_id: int
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
    points_used: int
    pay_fen: int
    refunded_fen: int
    refunded_qty: int
    after_sale_status: str
    after_sale: LineAfterSale | None
    commented: bool


class Receiver(Schema):
    name: str
    phone: str
    area: str
    address: str


class Logistics(Schema):
    carrier: str
    carrier_label: str
    tracking_no: str
    shipped_at: str | None


class BuyerShopOrder(Schema):
    order_no: str
    shop_id: int
    shop_name: str
    status: str
    status_label: str
    delivery: str
    kind: str
    team_id: int | None
    goods_fen: int
    freight_fen: int
    coupon_fen: int
    points_fen: int
    pay_fen: int
    refunded_fen: int
    refund_status: str
    pickup_status: str
    lines: list[BuyerLine]
    pickup_code: str | None = Field(None, description="order info only, as the rest below")
    receiver: Receiver | None = None
    logistics: Logistics | None = None
    buyer_remark: str | None = None
    close_reason: str | None = None
    paid_at: str | None = None
    shipped_at: str | None = None
    completed_at: str | None = None
    closed_at: str | None = None
    after_sale_until: str | None = None


class BuyerOrder(Schema):
    order_no: str
    pay_status: str
    pay_status_label: str
    goods_fen: int
    freight_fen: int
    coupon_fen: int
    points_fen: int
    points_used: int
    pay_fen: int
    pay_deadline: str | None
    paid_at: str | None
    closed_at: str | None
    create_time: str | None
    shop_orders: list[BuyerShopOrder]


class BuyerOrderOut(Envelope):
    data: BuyerOrder


class BuyerOrderPage(Schema):
    rows: list[BuyerOrder]
    next: int | None = Field(description="send as `after` for the next page; null on the last")


class BuyerOrderPageOut(Envelope):
    data: BuyerOrderPage


class AfterSaleShown(Schema):
    id: int
    after_sale_no: str
    status: str
    status_label: str
    kind: str
    quantity: int
    amount_fen: int
    line_id: int
    shop_order_id: int


class AfterSaleOut(Envelope):
    data: AfterSaleShown


class AfterSaleApplied(AfterSaleShown):
    created: bool = Field(description="false: this requestNo applied before")


class AfterSaleAppliedOut(Envelope):
    data: AfterSaleApplied


# ---- points, coupons, turntable, settlement


class PointsCredited(Schema):
    ledger_id: int
    applied: bool = Field(description="false: this bizNo was credited before; nothing changed")
    balance: int


class PointsCreditOut(Envelope):
    data: PointsCredited


class PointsOrder(Schema):
    order_no: str
    created: bool
    goods_id: int
    goods_name: str
    quantity: int
    points: int
    status: str
    balance: int
    create_time: str | None


class PointsOrderOut(Envelope):
    data: PointsOrder


class CouponClaimed(Schema):
    id: int
    coupon_id: int
    uid: int
    shop_id: int
    valid_start: str | None
    valid_end: str | None
    status: str


class CouponClaimOut(Envelope):
    data: CouponClaimed


class TurntableDrawn(Schema):
    id: int
    created: bool
    gift_id: int | None
    gift_name: str
    kind: str
    value: int
    fell_back: bool
    version: int
    points: int
    balance: int
    create_time: str | None


class TurntableDrawOut(Envelope):
    data: TurntableDrawn


class SettledApplied(Schema):
    id: int
    status: str


class SettledOut(Envelope):
    data: SettledApplied
