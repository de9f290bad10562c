from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerNoticeImGroupUser")


@_attrs_define
class PartnerNoticeImGroupUser:
    """
    Attributes:
        group_id (str):
        uid (int):
        joined_time (datetime.datetime | None | Unset):
        nick (None | str | Unset):
        role (None | str | Unset):
    """

    group_id: str
    uid: int
    joined_time: datetime.datetime | None | Unset = UNSET
    nick: None | str | Unset = UNSET
    role: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        group_id = self.group_id

        uid = self.uid

        joined_time: None | str | Unset
        if isinstance(self.joined_time, Unset):
            joined_time = UNSET
        elif isinstance(self.joined_time, datetime.datetime):
            joined_time = self.joined_time.isoformat()
        else:
            joined_time = self.joined_time

        nick: None | str | Unset
        if isinstance(self.nick, Unset):
            nick = UNSET
        else:
            nick = self.nick

        role: None | str | Unset
        if isinstance(self.role, Unset):
            role = UNSET
        else:
            role = self.role

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "groupId": group_id,
                "uid": uid,
            }
        )
        if joined_time is not UNSET:
            field_dict["joinedTime"] = joined_time
        if nick is not UNSET:
            field_dict["nick"] = nick
        if role is not UNSET:
            field_dict["role"] = role

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        group_id = d.pop("groupId")

        uid = d.pop("uid")

        def _parse_joined_time(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                joined_time_type_0 = datetime.datetime.fromisoformat(data)

                return joined_time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        joined_time = _parse_joined_time(d.pop("joinedTime", UNSET))

        def _parse_nick(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nick = _parse_nick(d.pop("nick", UNSET))

        def _parse_role(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        role = _parse_role(d.pop("role", UNSET))

        partner_notice_im_group_user = cls(
            group_id=group_id,
            uid=uid,
            joined_time=joined_time,
            nick=nick,
            role=role,
        )

        return partner_notice_im_group_user
