from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerAccountUserAuth")


@_attrs_define
class PartnerAccountUserAuth:
    """
    Attributes:
        id_number (str):
        real_name (str):
        uid (int):
        back_image (None | str | Unset):
        create_time (datetime.datetime | None | Unset):
        front_image (None | str | Unset):
        hand_image (None | str | Unset):
    """

    id_number: str
    real_name: str
    uid: int
    back_image: None | str | Unset = UNSET
    create_time: datetime.datetime | None | Unset = UNSET
    front_image: None | str | Unset = UNSET
    hand_image: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id_number = self.id_number

        real_name = self.real_name

        uid = self.uid

        back_image: None | str | Unset
        if isinstance(self.back_image, Unset):
            back_image = UNSET
        else:
            back_image = self.back_image

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        front_image: None | str | Unset
        if isinstance(self.front_image, Unset):
            front_image = UNSET
        else:
            front_image = self.front_image

        hand_image: None | str | Unset
        if isinstance(self.hand_image, Unset):
            hand_image = UNSET
        else:
            hand_image = self.hand_image

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "idNumber": id_number,
                "realName": real_name,
                "uid": uid,
            }
        )
        if back_image is not UNSET:
            field_dict["backImage"] = back_image
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if front_image is not UNSET:
            field_dict["frontImage"] = front_image
        if hand_image is not UNSET:
            field_dict["handImage"] = hand_image

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id_number = d.pop("idNumber")

        real_name = d.pop("realName")

        uid = d.pop("uid")

        def _parse_back_image(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        back_image = _parse_back_image(d.pop("backImage", UNSET))

        def _parse_create_time(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                create_time_type_0 = datetime.datetime.fromisoformat(data)

                return create_time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        create_time = _parse_create_time(d.pop("createTime", UNSET))

        def _parse_front_image(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        front_image = _parse_front_image(d.pop("frontImage", UNSET))

        def _parse_hand_image(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hand_image = _parse_hand_image(d.pop("handImage", UNSET))

        partner_account_user_auth = cls(
            id_number=id_number,
            real_name=real_name,
            uid=uid,
            back_image=back_image,
            create_time=create_time,
            front_image=front_image,
            hand_image=hand_image,
        )

        return partner_account_user_auth
