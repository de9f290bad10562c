from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerSettledIn")


@_attrs_define
class PartnerSettledIn:
    """
    Attributes:
        account (str): the user name of the shop's first account: a letter, then 4..30 letters, digits or _
        area_code (str):
        contact (str):
        phone (str):
        shop_name (str):
        uid (int): the app user who applies
        address (str | Unset):  Default: ''.
        intro (str | Unset):  Default: ''.
        license_ (str | Unset): image paths, comma-joined Default: ''.
    """

    account: str
    area_code: str
    contact: str
    phone: str
    shop_name: str
    uid: int
    address: str | Unset = ""
    intro: str | Unset = ""
    license_: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        area_code = self.area_code

        contact = self.contact

        phone = self.phone

        shop_name = self.shop_name

        uid = self.uid

        address = self.address

        intro = self.intro

        license_ = self.license_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
                "areaCode": area_code,
                "contact": contact,
                "phone": phone,
                "shopName": shop_name,
                "uid": uid,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if intro is not UNSET:
            field_dict["intro"] = intro
        if license_ is not UNSET:
            field_dict["license"] = license_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        area_code = d.pop("areaCode")

        contact = d.pop("contact")

        phone = d.pop("phone")

        shop_name = d.pop("shopName")

        uid = d.pop("uid")

        address = d.pop("address", UNSET)

        intro = d.pop("intro", UNSET)

        license_ = d.pop("license", UNSET)

        partner_settled_in = cls(
            account=account,
            area_code=area_code,
            contact=contact,
            phone=phone,
            shop_name=shop_name,
            uid=uid,
            address=address,
            intro=intro,
            license_=license_,
        )

        return partner_settled_in
