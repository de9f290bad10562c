from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClaimIn")


@_attrs_define
class ClaimIn:
    """
    Attributes:
        coupon_id (int):
        uid (int):
    """

    coupon_id: int
    uid: int

    def to_dict(self) -> dict[str, Any]:
        coupon_id = self.coupon_id

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "couponId": coupon_id,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        coupon_id = d.pop("couponId")

        uid = d.pop("uid")

        claim_in = cls(
            coupon_id=coupon_id,
            uid=uid,
        )

        return claim_in
