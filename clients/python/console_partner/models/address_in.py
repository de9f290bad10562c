from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AddressIn")


@_attrs_define
class AddressIn:
    """
    Attributes:
        address (str):
        area (str):
        name (str):
        phone (str):
    """

    address: str
    area: str
    name: str
    phone: str

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        area = self.area

        name = self.name

        phone = self.phone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
                "area": area,
                "name": name,
                "phone": phone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        area = d.pop("area")

        name = d.pop("name")

        phone = d.pop("phone")

        address_in = cls(
            address=address,
            area=area,
            name=name,
            phone=phone,
        )

        return address_in
