from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CancelIn")


@_attrs_define
class CancelIn:
    """
    Attributes:
        after_sale_id (int):
        uid (int):
    """

    after_sale_id: int
    uid: int

    def to_dict(self) -> dict[str, Any]:
        after_sale_id = self.after_sale_id

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "afterSaleId": after_sale_id,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after_sale_id = d.pop("afterSaleId")

        uid = d.pop("uid")

        cancel_in = cls(
            after_sale_id=after_sale_id,
            uid=uid,
        )

        return cancel_in
