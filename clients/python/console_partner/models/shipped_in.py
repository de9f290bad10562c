from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ShippedIn")


@_attrs_define
class ShippedIn:
    """
    Attributes:
        after_sale_id (int):
        carrier (str):
        tracking_no (str):
        uid (int):
    """

    after_sale_id: int
    carrier: str
    tracking_no: str
    uid: int

    def to_dict(self) -> dict[str, Any]:
        after_sale_id = self.after_sale_id

        carrier = self.carrier

        tracking_no = self.tracking_no

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "afterSaleId": after_sale_id,
                "carrier": carrier,
                "trackingNo": tracking_no,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after_sale_id = d.pop("afterSaleId")

        carrier = d.pop("carrier")

        tracking_no = d.pop("trackingNo")

        uid = d.pop("uid")

        shipped_in = cls(
            after_sale_id=after_sale_id,
            carrier=carrier,
            tracking_no=tracking_no,
            uid=uid,
        )

        return shipped_in
