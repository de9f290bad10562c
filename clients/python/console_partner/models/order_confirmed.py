from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OrderConfirmed")


@_attrs_define
class OrderConfirmed:
    """
    Attributes:
        after_sale_until (None | str):
        completed_at (None | str):
        order_no (str):
        status (str):
    """

    after_sale_until: None | str
    completed_at: None | str
    order_no: str
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        after_sale_until: None | str
        after_sale_until = self.after_sale_until

        completed_at: None | str
        completed_at = self.completed_at

        order_no = self.order_no

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "afterSaleUntil": after_sale_until,
                "completedAt": completed_at,
                "orderNo": order_no,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_after_sale_until(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        after_sale_until = _parse_after_sale_until(d.pop("afterSaleUntil"))

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))

        order_no = d.pop("orderNo")

        status = d.pop("status")

        order_confirmed = cls(
            after_sale_until=after_sale_until,
            completed_at=completed_at,
            order_no=order_no,
            status=status,
        )

        order_confirmed.additional_properties = d
        return order_confirmed

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
