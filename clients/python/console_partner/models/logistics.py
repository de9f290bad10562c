from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Logistics")


@_attrs_define
class Logistics:
    """
    Attributes:
        carrier (str):
        carrier_label (str):
        shipped_at (None | str):
        tracking_no (str):
    """

    carrier: str
    carrier_label: str
    shipped_at: None | str
    tracking_no: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        carrier = self.carrier

        carrier_label = self.carrier_label

        shipped_at: None | str
        shipped_at = self.shipped_at

        tracking_no = self.tracking_no

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "carrier": carrier,
                "carrierLabel": carrier_label,
                "shippedAt": shipped_at,
                "trackingNo": tracking_no,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        carrier = d.pop("carrier")

        carrier_label = d.pop("carrierLabel")

        def _parse_shipped_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        shipped_at = _parse_shipped_at(d.pop("shippedAt"))

        tracking_no = d.pop("trackingNo")

        logistics = cls(
            carrier=carrier,
            carrier_label=carrier_label,
            shipped_at=shipped_at,
            tracking_no=tracking_no,
        )

        logistics.additional_properties = d
        return logistics

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
