from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.buyer_shop_order import BuyerShopOrder


T = TypeVar("T", bound="BuyerOrder")


@_attrs_define
class BuyerOrder:
    """
    Attributes:
        closed_at (None | str):
        coupon_fen (int):
        create_time (None | str):
        freight_fen (int):
        goods_fen (int):
        order_no (str):
        paid_at (None | str):
        pay_deadline (None | str):
        pay_fen (int):
        pay_status (str):
        pay_status_label (str):
        points_fen (int):
        points_used (int):
        shop_orders (list[BuyerShopOrder]):
    """

    closed_at: None | str
    coupon_fen: int
    create_time: None | str
    freight_fen: int
    goods_fen: int
    order_no: str
    paid_at: None | str
    pay_deadline: None | str
    pay_fen: int
    pay_status: str
    pay_status_label: str
    points_fen: int
    points_used: int
    shop_orders: list[BuyerShopOrder]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        closed_at: None | str
        closed_at = self.closed_at

        coupon_fen = self.coupon_fen

        create_time: None | str
        create_time = self.create_time

        freight_fen = self.freight_fen

        goods_fen = self.goods_fen

        order_no = self.order_no

        paid_at: None | str
        paid_at = self.paid_at

        pay_deadline: None | str
        pay_deadline = self.pay_deadline

        pay_fen = self.pay_fen

        pay_status = self.pay_status

        pay_status_label = self.pay_status_label

        points_fen = self.points_fen

        points_used = self.points_used

        shop_orders = []
        for shop_orders_item_data in self.shop_orders:
            shop_orders_item = shop_orders_item_data.to_dict()
            shop_orders.append(shop_orders_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "closedAt": closed_at,
                "couponFen": coupon_fen,
                "createTime": create_time,
                "freightFen": freight_fen,
                "goodsFen": goods_fen,
                "orderNo": order_no,
                "paidAt": paid_at,
                "payDeadline": pay_deadline,
                "payFen": pay_fen,
                "payStatus": pay_status,
                "payStatusLabel": pay_status_label,
                "pointsFen": points_fen,
                "pointsUsed": points_used,
                "shopOrders": shop_orders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.buyer_shop_order import BuyerShopOrder  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_closed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        closed_at = _parse_closed_at(d.pop("closedAt"))

        coupon_fen = d.pop("couponFen")

        def _parse_create_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        create_time = _parse_create_time(d.pop("createTime"))

        freight_fen = d.pop("freightFen")

        goods_fen = d.pop("goodsFen")

        order_no = d.pop("orderNo")

        def _parse_paid_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        paid_at = _parse_paid_at(d.pop("paidAt"))

        def _parse_pay_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pay_deadline = _parse_pay_deadline(d.pop("payDeadline"))

        pay_fen = d.pop("payFen")

        pay_status = d.pop("payStatus")

        pay_status_label = d.pop("payStatusLabel")

        points_fen = d.pop("pointsFen")

        points_used = d.pop("pointsUsed")

        shop_orders = []
        _shop_orders = d.pop("shopOrders")
        for shop_orders_item_data in _shop_orders:
            shop_orders_item = BuyerShopOrder.from_dict(shop_orders_item_data)

            shop_orders.append(shop_orders_item)

        buyer_order = cls(
            closed_at=closed_at,
            coupon_fen=coupon_fen,
            create_time=create_time,
            freight_fen=freight_fen,
            goods_fen=goods_fen,
            order_no=order_no,
            paid_at=paid_at,
            pay_deadline=pay_deadline,
            pay_fen=pay_fen,
            pay_status=pay_status,
            pay_status_label=pay_status_label,
            points_fen=points_fen,
            points_used=points_used,
            shop_orders=shop_orders,
        )

        buyer_order.additional_properties = d
        return buyer_order

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
