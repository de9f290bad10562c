from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CouponClaimed")


@_attrs_define
class CouponClaimed:
    """
    Attributes:
        coupon_id (int):
        id (int):
        shop_id (int):
        status (str):
        uid (int):
        valid_end (None | str):
        valid_start (None | str):
    """

    coupon_id: int
    id: int
    shop_id: int
    status: str
    uid: int
    valid_end: None | str
    valid_start: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        coupon_id = self.coupon_id

        id = self.id

        shop_id = self.shop_id

        status = self.status

        uid = self.uid

        valid_end: None | str
        valid_end = self.valid_end

        valid_start: None | str
        valid_start = self.valid_start

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "couponId": coupon_id,
                "id": id,
                "shopId": shop_id,
                "status": status,
                "uid": uid,
                "validEnd": valid_end,
                "validStart": valid_start,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        coupon_id = d.pop("couponId")

        id = d.pop("id")

        shop_id = d.pop("shopId")

        status = d.pop("status")

        uid = d.pop("uid")

        def _parse_valid_end(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        valid_end = _parse_valid_end(d.pop("validEnd"))

        def _parse_valid_start(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        valid_start = _parse_valid_start(d.pop("validStart"))

        coupon_claimed = cls(
            coupon_id=coupon_id,
            id=id,
            shop_id=shop_id,
            status=status,
            uid=uid,
            valid_end=valid_end,
            valid_start=valid_start,
        )

        coupon_claimed.additional_properties = d
        return coupon_claimed

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
