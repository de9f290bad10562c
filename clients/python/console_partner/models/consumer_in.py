from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConsumerIn")


@_attrs_define
class ConsumerIn:
    """
    Attributes:
        uid (int):
        avatar (None | str | Unset):
        nick_name (None | str | Unset):
        password (None | str | Unset): the user's password in clear, hashed here; never answered
        phone (None | str | Unset):
        register_time (int | None | Unset): unix seconds; default: now
        sex (None | str | Unset):
    """

    uid: int
    avatar: None | str | Unset = UNSET
    nick_name: None | str | Unset = UNSET
    password: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    register_time: int | None | Unset = UNSET
    sex: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        uid = self.uid

        avatar: None | str | Unset
        if isinstance(self.avatar, Unset):
            avatar = UNSET
        else:
            avatar = self.avatar

        nick_name: None | str | Unset
        if isinstance(self.nick_name, Unset):
            nick_name = UNSET
        else:
            nick_name = self.nick_name

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        register_time: int | None | Unset
        if isinstance(self.register_time, Unset):
            register_time = UNSET
        else:
            register_time = self.register_time

        sex: None | str | Unset
        if isinstance(self.sex, Unset):
            sex = UNSET
        else:
            sex = self.sex

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uid": uid,
            }
        )
        if avatar is not UNSET:
            field_dict["avatar"] = avatar
        if nick_name is not UNSET:
            field_dict["nickName"] = nick_name
        if password is not UNSET:
            field_dict["password"] = password
        if phone is not UNSET:
            field_dict["phone"] = phone
        if register_time is not UNSET:
            field_dict["registerTime"] = register_time
        if sex is not UNSET:
            field_dict["sex"] = sex

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        uid = d.pop("uid")

        def _parse_avatar(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar = _parse_avatar(d.pop("avatar", UNSET))

        def _parse_nick_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nick_name = _parse_nick_name(d.pop("nickName", UNSET))

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_register_time(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        register_time = _parse_register_time(d.pop("registerTime", UNSET))

        def _parse_sex(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sex = _parse_sex(d.pop("sex", UNSET))

        consumer_in = cls(
            uid=uid,
            avatar=avatar,
            nick_name=nick_name,
            password=password,
            phone=phone,
            register_time=register_time,
            sex=sex,
        )

        return consumer_in
