from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConfirmIn")


@_attrs_define
class ConfirmIn:
    """
    Attributes:
        order_no (str):
        uid (int):
    """

    order_no: str
    uid: int

    def to_dict(self) -> dict[str, Any]:
        order_no = self.order_no

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "orderNo": order_no,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order_no = d.pop("orderNo")

        uid = d.pop("uid")

        confirm_in = cls(
            order_no=order_no,
            uid=uid,
        )

        return confirm_in
