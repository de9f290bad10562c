from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.buyer_line import BuyerLine
    from ..models.logistics import Logistics
    from ..models.receiver import Receiver


T = TypeVar("T", bound="BuyerShopOrder")


@_attrs_define
class BuyerShopOrder:
    """
    Attributes:
        coupon_fen (int):
        delivery (str):
        freight_fen (int):
        goods_fen (int):
        kind (str):
        lines (list[BuyerLine]):
        order_no (str):
        pay_fen (int):
        pickup_status (str):
        points_fen (int):
        refund_status (str):
        refunded_fen (int):
        shop_id (int):
        shop_name (str):
        status (str):
        status_label (str):
        team_id (int | None):
        after_sale_until (None | str | Unset):
        buyer_remark (None | str | Unset):
        close_reason (None | str | Unset):
        closed_at (None | str | Unset):
        completed_at (None | str | Unset):
        logistics (Logistics | None | Unset):
        paid_at (None | str | Unset):
        pickup_code (None | str | Unset): order info only, as the rest below
        receiver (None | Receiver | Unset):
        shipped_at (None | str | Unset):
    """

    coupon_fen: int
    delivery: str
    freight_fen: int
    goods_fen: int
    kind: str
    lines: list[BuyerLine]
    order_no: str
    pay_fen: int
    pickup_status: str
    points_fen: int
    refund_status: str
    refunded_fen: int
    shop_id: int
    shop_name: str
    status: str
    status_label: str
    team_id: int | None
    after_sale_until: None | str | Unset = UNSET
    buyer_remark: None | str | Unset = UNSET
    close_reason: None | str | Unset = UNSET
    closed_at: None | str | Unset = UNSET
    completed_at: None | str | Unset = UNSET
    logistics: Logistics | None | Unset = UNSET
    paid_at: None | str | Unset = UNSET
    pickup_code: None | str | Unset = UNSET
    receiver: None | Receiver | Unset = UNSET
    shipped_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.logistics import Logistics  # noqa: PLC0415
        from ..models.receiver import Receiver  # noqa: PLC0415

        coupon_fen = self.coupon_fen

        delivery = self.delivery

        freight_fen = self.freight_fen

        goods_fen = self.goods_fen

        kind = self.kind

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        order_no = self.order_no

        pay_fen = self.pay_fen

        pickup_status = self.pickup_status

        points_fen = self.points_fen

        refund_status = self.refund_status

        refunded_fen = self.refunded_fen

        shop_id = self.shop_id

        shop_name = self.shop_name

        status = self.status

        status_label = self.status_label

        team_id: int | None
        team_id = self.team_id

        after_sale_until: None | str | Unset
        if isinstance(self.after_sale_until, Unset):
            after_sale_until = UNSET
        else:
            after_sale_until = self.after_sale_until

        buyer_remark: None | str | Unset
        if isinstance(self.buyer_remark, Unset):
            buyer_remark = UNSET
        else:
            buyer_remark = self.buyer_remark

        close_reason: None | str | Unset
        if isinstance(self.close_reason, Unset):
            close_reason = UNSET
        else:
            close_reason = self.close_reason

        closed_at: None | str | Unset
        if isinstance(self.closed_at, Unset):
            closed_at = UNSET
        else:
            closed_at = self.closed_at

        completed_at: None | str | Unset
        if isinstance(self.completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = self.completed_at

        logistics: dict[str, Any] | None | Unset
        if isinstance(self.logistics, Unset):
            logistics = UNSET
        elif isinstance(self.logistics, Logistics):
            logistics = self.logistics.to_dict()
        else:
            logistics = self.logistics

        paid_at: None | str | Unset
        if isinstance(self.paid_at, Unset):
            paid_at = UNSET
        else:
            paid_at = self.paid_at

        pickup_code: None | str | Unset
        if isinstance(self.pickup_code, Unset):
            pickup_code = UNSET
        else:
            pickup_code = self.pickup_code

        receiver: dict[str, Any] | None | Unset
        if isinstance(self.receiver, Unset):
            receiver = UNSET
        elif isinstance(self.receiver, Receiver):
            receiver = self.receiver.to_dict()
        else:
            receiver = self.receiver

        shipped_at: None | str | Unset
        if isinstance(self.shipped_at, Unset):
            shipped_at = UNSET
        else:
            shipped_at = self.shipped_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couponFen": coupon_fen,
                "delivery": delivery,
                "freightFen": freight_fen,
                "goodsFen": goods_fen,
                "kind": kind,
                "lines": lines,
                "orderNo": order_no,
                "payFen": pay_fen,
                "pickupStatus": pickup_status,
                "pointsFen": points_fen,
                "refundStatus": refund_status,
                "refundedFen": refunded_fen,
                "shopId": shop_id,
                "shopName": shop_name,
                "status": status,
                "statusLabel": status_label,
                "teamId": team_id,
            }
        )
        if after_sale_until is not UNSET:
            field_dict["afterSaleUntil"] = after_sale_until
        if buyer_remark is not UNSET:
            field_dict["buyerRemark"] = buyer_remark
        if close_reason is not UNSET:
            field_dict["closeReason"] = close_reason
        if closed_at is not UNSET:
            field_dict["closedAt"] = closed_at
        if completed_at is not UNSET:
            field_dict["completedAt"] = completed_at
        if logistics is not UNSET:
            field_dict["logistics"] = logistics
        if paid_at is not UNSET:
            field_dict["paidAt"] = paid_at
        if pickup_code is not UNSET:
            field_dict["pickupCode"] = pickup_code
        if receiver is not UNSET:
            field_dict["receiver"] = receiver
        if shipped_at is not UNSET:
            field_dict["shippedAt"] = shipped_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.buyer_line import BuyerLine  # noqa: PLC0415
        from ..models.logistics import Logistics  # noqa: PLC0415
        from ..models.receiver import Receiver  # noqa: PLC0415

        d = dict(src_dict)
        coupon_fen = d.pop("couponFen")

        delivery = d.pop("delivery")

        freight_fen = d.pop("freightFen")

        goods_fen = d.pop("goodsFen")

        kind = d.pop("kind")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = BuyerLine.from_dict(lines_item_data)

            lines.append(lines_item)

        order_no = d.pop("orderNo")

        pay_fen = d.pop("payFen")

        pickup_status = d.pop("pickupStatus")

        points_fen = d.pop("pointsFen")

        refund_status = d.pop("refundStatus")

        refunded_fen = d.pop("refundedFen")

        shop_id = d.pop("shopId")

        shop_name = d.pop("shopName")

        status = d.pop("status")

        status_label = d.pop("statusLabel")

        def _parse_team_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        team_id = _parse_team_id(d.pop("teamId"))

        def _parse_after_sale_until(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        after_sale_until = _parse_after_sale_until(d.pop("afterSaleUntil", UNSET))

        def _parse_buyer_remark(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        buyer_remark = _parse_buyer_remark(d.pop("buyerRemark", UNSET))

        def _parse_close_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        close_reason = _parse_close_reason(d.pop("closeReason", UNSET))

        def _parse_closed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        closed_at = _parse_closed_at(d.pop("closedAt", UNSET))

        def _parse_completed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        completed_at = _parse_completed_at(d.pop("completedAt", UNSET))

        def _parse_logistics(data: object) -> Logistics | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                logistics_type_0 = Logistics.from_dict(data)

                return logistics_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Logistics | None | Unset, data)

        logistics = _parse_logistics(d.pop("logistics", UNSET))

        def _parse_paid_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        paid_at = _parse_paid_at(d.pop("paidAt", UNSET))

        def _parse_pickup_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pickup_code = _parse_pickup_code(d.pop("pickupCode", UNSET))

        def _parse_receiver(data: object) -> None | Receiver | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                receiver_type_0 = Receiver.from_dict(data)

                return receiver_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Receiver | Unset, data)

        receiver = _parse_receiver(d.pop("receiver", UNSET))

        def _parse_shipped_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        shipped_at = _parse_shipped_at(d.pop("shippedAt", UNSET))

        buyer_shop_order = cls(
            coupon_fen=coupon_fen,
            delivery=delivery,
            freight_fen=freight_fen,
            goods_fen=goods_fen,
            kind=kind,
            lines=lines,
            order_no=order_no,
            pay_fen=pay_fen,
            pickup_status=pickup_status,
            points_fen=points_fen,
            refund_status=refund_status,
            refunded_fen=refunded_fen,
            shop_id=shop_id,
            shop_name=shop_name,
            status=status,
            status_label=status_label,
            team_id=team_id,
            after_sale_until=after_sale_until,
            buyer_remark=buyer_remark,
            close_reason=close_reason,
            closed_at=closed_at,
            completed_at=completed_at,
            logistics=logistics,
            paid_at=paid_at,
            pickup_code=pickup_code,
            receiver=receiver,
            shipped_at=shipped_at,
        )

        buyer_shop_order.additional_properties = d
        return buyer_shop_order

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
