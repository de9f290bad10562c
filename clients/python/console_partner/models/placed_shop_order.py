from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.placed_line import PlacedLine


T = TypeVar("T", bound="PlacedShopOrder")


@_attrs_define
class PlacedShopOrder:
    """
    Attributes:
        coupon_fen (int):
        delivery (str):
        goods_fen (int):
        kind (str):
        lines (list[PlacedLine]):
        order_no (str):
        pay_fen (int):
        points_fen (int):
        shop_id (int):
        status (str):
        team_id (int | None):
    """

    coupon_fen: int
    delivery: str
    goods_fen: int
    kind: str
    lines: list[PlacedLine]
    order_no: str
    pay_fen: int
    points_fen: int
    shop_id: int
    status: str
    team_id: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        coupon_fen = self.coupon_fen

        delivery = self.delivery

        goods_fen = self.goods_fen

        kind = self.kind

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        order_no = self.order_no

        pay_fen = self.pay_fen

        points_fen = self.points_fen

        shop_id = self.shop_id

        status = self.status

        team_id: int | None
        team_id = self.team_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couponFen": coupon_fen,
                "delivery": delivery,
                "goodsFen": goods_fen,
                "kind": kind,
                "lines": lines,
                "orderNo": order_no,
                "payFen": pay_fen,
                "pointsFen": points_fen,
                "shopId": shop_id,
                "status": status,
                "teamId": team_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.placed_line import PlacedLine  # noqa: PLC0415

        d = dict(src_dict)
        coupon_fen = d.pop("couponFen")

        delivery = d.pop("delivery")

        goods_fen = d.pop("goodsFen")

        kind = d.pop("kind")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = PlacedLine.from_dict(lines_item_data)

            lines.append(lines_item)

        order_no = d.pop("orderNo")

        pay_fen = d.pop("payFen")

        points_fen = d.pop("pointsFen")

        shop_id = d.pop("shopId")

        status = d.pop("status")

        def _parse_team_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        team_id = _parse_team_id(d.pop("teamId"))

        placed_shop_order = cls(
            coupon_fen=coupon_fen,
            delivery=delivery,
            goods_fen=goods_fen,
            kind=kind,
            lines=lines,
            order_no=order_no,
            pay_fen=pay_fen,
            points_fen=points_fen,
            shop_id=shop_id,
            status=status,
            team_id=team_id,
        )

        placed_shop_order.additional_properties = d
        return placed_shop_order

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
