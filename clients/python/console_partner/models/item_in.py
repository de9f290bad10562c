from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ItemIn")


@_attrs_define
class ItemIn:
    """
    Attributes:
        quantity (int):
        sku_id (int):
    """

    quantity: int
    sku_id: int

    def to_dict(self) -> dict[str, Any]:
        quantity = self.quantity

        sku_id = self.sku_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "quantity": quantity,
                "skuId": sku_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        quantity = d.pop("quantity")

        sku_id = d.pop("skuId")

        item_in = cls(
            quantity=quantity,
            sku_id=sku_id,
        )

        return item_in
