"""Points orders' answers: one order as the detail shows it, the orders per status (core_api.points.order; the
BFF's points screens relay them)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core_api.platform.contract import Envelope
from core_api.platform.schema import Schema

PointsOrderStatus = Literal["to_ship", "shipped", "completed", "cancelled"]


class PointsStatusCounts(Schema):
    """How many points orders the caller may see wait in each status."""

    to_ship: int
    shipped: int
    completed: int
    cancelled: int


class PointsStatusCountsOut(Envelope):
    msg: str = "查询成功"
    data: PointsStatusCounts


class PointsLedgerEntry(Schema):
    id: int
    delta: int
    balance_after: int
    kind: str
    remark: str
    create_time: str | None


class PointsLogEntry(Schema):
    """One step of an order's timeline, oldest first."""

    key: str
    action: Literal["redeem", "ship", "edit_logistics", "cancel", "complete"]
    action_label: str
    actor_kind: Literal["user", "staff", "system"]
    actor_name: str
    note: str
    carrier: str
    tracking_no: str
    create_time: str | None


class PointsOrderView(Schema):
    """A points order as redeemed, its receiver (masked unless the caller may see it) and its shipment."""

    id: int
    order_no: str
    request_no: str
    uid: int
    goods_id: int
    goods_name: str
    goods_image: str
    unit_points: int
    quantity: int
    points: int
    status: PointsOrderStatus
    status_label: str
    receiver_name: str
    receiver_phone: str
    receiver_address: str
    carrier: str
    tracking_no: str
    shipped_by: str
    shipped_at: str | None
    cancelled_by: str
    cancel_reason: str
    cancelled_at: str | None
    completed_at: str | None
    create_time: str | None
    update_time: str | None
    version: int


class PointsOrderViewOut(Envelope):
    data: PointsOrderView


class PointsOrderDetail(PointsOrderView):
    ledger: list[PointsLedgerEntry] = Field(description="the order's points entries, oldest first")
    log: list[PointsLogEntry] = Field(description="the order's timeline, oldest first")


class PointsOrderDetailOut(Envelope):
    data: PointsOrderDetail


class PointsStatusPanel(Schema):
    """Above the points orders' list: the orders per status."""

    kind: Literal["pointsStatus"] = "pointsStatus"
    counts: PointsStatusCounts
