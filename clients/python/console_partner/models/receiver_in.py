from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReceiverIn")


@_attrs_define
class ReceiverIn:
    """
    Attributes:
        address (str):
        name (str):
        phone (str):
    """

    address: str
    name: str
    phone: str

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        name = self.name

        phone = self.phone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
                "name": name,
                "phone": phone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        name = d.pop("name")

        phone = d.pop("phone")

        receiver_in = cls(
            address=address,
            name=name,
            phone=phone,
        )

        return receiver_in
