from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.placed_shop_order import PlacedShopOrder


T = TypeVar("T", bound="OrderPlaced")


@_attrs_define
class OrderPlaced:
    """
    Attributes:
        coupon_fen (int):
        created (bool): false: this requestNo placed the order before
        goods_fen (int):
        order_no (str):
        pay_deadline (str):
        pay_fen (int):
        pay_status (str):
        points_fen (int):
        points_used (int):
        shop_orders (list[PlacedShopOrder]):
    """

    coupon_fen: int
    created: bool
    goods_fen: int
    order_no: str
    pay_deadline: str
    pay_fen: int
    pay_status: str
    points_fen: int
    points_used: int
    shop_orders: list[PlacedShopOrder]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        coupon_fen = self.coupon_fen

        created = self.created

        goods_fen = self.goods_fen

        order_no = self.order_no

        pay_deadline = self.pay_deadline

        pay_fen = self.pay_fen

        pay_status = self.pay_status

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
                "couponFen": coupon_fen,
                "created": created,
                "goodsFen": goods_fen,
                "orderNo": order_no,
                "payDeadline": pay_deadline,
                "payFen": pay_fen,
                "payStatus": pay_status,
                "pointsFen": points_fen,
                "pointsUsed": points_used,
                "shopOrders": shop_orders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.placed_shop_order import PlacedShopOrder  # noqa: PLC0415

        d = dict(src_dict)
        coupon_fen = d.pop("couponFen")

        created = d.pop("created")

        goods_fen = d.pop("goodsFen")

        order_no = d.pop("orderNo")

        pay_deadline = d.pop("payDeadline")

        pay_fen = d.pop("payFen")

        pay_status = d.pop("payStatus")

        points_fen = d.pop("pointsFen")

        points_used = d.pop("pointsUsed")

        shop_orders = []
        _shop_orders = d.pop("shopOrders")
        for shop_orders_item_data in _shop_orders:
            shop_orders_item = PlacedShopOrder.from_dict(shop_orders_item_data)

            shop_orders.append(shop_orders_item)

        order_placed = cls(
            coupon_fen=coupon_fen,
            created=created,
            goods_fen=goods_fen,
            order_no=order_no,
            pay_deadline=pay_deadline,
            pay_fen=pay_fen,
            pay_status=pay_status,
            points_fen=points_fen,
            points_used=points_used,
            shop_orders=shop_orders,
        )

        order_placed.additional_properties = d
        return order_placed

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
