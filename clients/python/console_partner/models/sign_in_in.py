from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SignInIn")


@_attrs_define
class SignInIn:
    """
    Attributes:
        time (int): unix seconds
        uid (int):
        city (str | Unset):  Default: ''.
        device (str | Unset):  Default: ''.
        ip (str | Unset):  Default: ''.
        province (str | Unset): province, region or municipality (广东 or 广东省); kept in its short name Default: ''.
    """

    time: int
    uid: int
    city: str | Unset = ""
    device: str | Unset = ""
    ip: str | Unset = ""
    province: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        time = self.time

        uid = self.uid

        city = self.city

        device = self.device

        ip = self.ip

        province = self.province

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "time": time,
                "uid": uid,
            }
        )
        if city is not UNSET:
            field_dict["city"] = city
        if device is not UNSET:
            field_dict["device"] = device
        if ip is not UNSET:
            field_dict["ip"] = ip
        if province is not UNSET:
            field_dict["province"] = province

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        time = d.pop("time")

        uid = d.pop("uid")

        city = d.pop("city", UNSET)

        device = d.pop("device", UNSET)

        ip = d.pop("ip", UNSET)

        province = d.pop("province", UNSET)

        sign_in_in = cls(
            time=time,
            uid=uid,
            city=city,
            device=device,
            ip=ip,
            province=province,
        )

        return sign_in_in
