from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PlacedLine")


@_attrs_define
class PlacedLine:
    """
    Attributes:
        line_id (int):
        pay_fen (int):
        points_used (int):
        quantity (int):
        sku_id (int):
    """

    line_id: int
    pay_fen: int
    points_used: int
    quantity: int
    sku_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        line_id = self.line_id

        pay_fen = self.pay_fen

        points_used = self.points_used

        quantity = self.quantity

        sku_id = self.sku_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lineId": line_id,
                "payFen": pay_fen,
                "pointsUsed": points_used,
                "quantity": quantity,
                "skuId": sku_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        line_id = d.pop("lineId")

        pay_fen = d.pop("payFen")

        points_used = d.pop("pointsUsed")

        quantity = d.pop("quantity")

        sku_id = d.pop("skuId")

        placed_line = cls(
            line_id=line_id,
            pay_fen=pay_fen,
            points_used=points_used,
            quantity=quantity,
            sku_id=sku_id,
        )

        placed_line.additional_properties = d
        return placed_line

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
