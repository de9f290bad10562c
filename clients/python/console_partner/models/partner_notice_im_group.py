from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerNoticeImGroup")


@_attrs_define
class PartnerNoticeImGroup:
    """
    Attributes:
        group_id (str):
        name (str):
        owner_uid (int):
        avatar (None | str | Unset):
        create_time (datetime.datetime | None | Unset):
        max_members (int | None | Unset):
        member_count (int | None | Unset):
        mute_all (None | str | Unset):
        notice (None | str | Unset):
    """

    group_id: str
    name: str
    owner_uid: int
    avatar: None | str | Unset = UNSET
    create_time: datetime.datetime | None | Unset = UNSET
    max_members: int | None | Unset = UNSET
    member_count: int | None | Unset = UNSET
    mute_all: None | str | Unset = UNSET
    notice: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        group_id = self.group_id

        name = self.name

        owner_uid = self.owner_uid

        avatar: None | str | Unset
        if isinstance(self.avatar, Unset):
            avatar = UNSET
        else:
            avatar = self.avatar

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        max_members: int | None | Unset
        if isinstance(self.max_members, Unset):
            max_members = UNSET
        else:
            max_members = self.max_members

        member_count: int | None | Unset
        if isinstance(self.member_count, Unset):
            member_count = UNSET
        else:
            member_count = self.member_count

        mute_all: None | str | Unset
        if isinstance(self.mute_all, Unset):
            mute_all = UNSET
        else:
            mute_all = self.mute_all

        notice: None | str | Unset
        if isinstance(self.notice, Unset):
            notice = UNSET
        else:
            notice = self.notice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "groupId": group_id,
                "name": name,
                "ownerUid": owner_uid,
            }
        )
        if avatar is not UNSET:
            field_dict["avatar"] = avatar
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if max_members is not UNSET:
            field_dict["maxMembers"] = max_members
        if member_count is not UNSET:
            field_dict["memberCount"] = member_count
        if mute_all is not UNSET:
            field_dict["muteAll"] = mute_all
        if notice is not UNSET:
            field_dict["notice"] = notice

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        group_id = d.pop("groupId")

        name = d.pop("name")

        owner_uid = d.pop("ownerUid")

        def _parse_avatar(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar = _parse_avatar(d.pop("avatar", UNSET))

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

        def _parse_max_members(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_members = _parse_max_members(d.pop("maxMembers", UNSET))

        def _parse_member_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        member_count = _parse_member_count(d.pop("memberCount", UNSET))

        def _parse_mute_all(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mute_all = _parse_mute_all(d.pop("muteAll", UNSET))

        def _parse_notice(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notice = _parse_notice(d.pop("notice", UNSET))

        partner_notice_im_group = cls(
            group_id=group_id,
            name=name,
            owner_uid=owner_uid,
            avatar=avatar,
            create_time=create_time,
            max_members=max_members,
            member_count=member_count,
            mute_all=mute_all,
            notice=notice,
        )

        return partner_notice_im_group
