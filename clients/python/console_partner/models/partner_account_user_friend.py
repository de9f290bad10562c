from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerAccountUserFriend")


@_attrs_define
class PartnerAccountUserFriend:
    """
    Attributes:
        create_time (datetime.datetime):
        friend_uid (int):
        uid (int):
        blocked (None | str | Unset):
        remark (None | str | Unset):
        source (None | str | Unset):
    """

    create_time: datetime.datetime
    friend_uid: int
    uid: int
    blocked: None | str | Unset = UNSET
    remark: None | str | Unset = UNSET
    source: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        create_time = self.create_time.isoformat()

        friend_uid = self.friend_uid

        uid = self.uid

        blocked: None | str | Unset
        if isinstance(self.blocked, Unset):
            blocked = UNSET
        else:
            blocked = self.blocked

        remark: None | str | Unset
        if isinstance(self.remark, Unset):
            remark = UNSET
        else:
            remark = self.remark

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "createTime": create_time,
                "friendUid": friend_uid,
                "uid": uid,
            }
        )
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if remark is not UNSET:
            field_dict["remark"] = remark
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        create_time = datetime.datetime.fromisoformat(d.pop("createTime"))

        friend_uid = d.pop("friendUid")

        uid = d.pop("uid")

        def _parse_blocked(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        blocked = _parse_blocked(d.pop("blocked", UNSET))

        def _parse_remark(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        remark = _parse_remark(d.pop("remark", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        partner_account_user_friend = cls(
            create_time=create_time,
            friend_uid=friend_uid,
            uid=uid,
            blocked=blocked,
            remark=remark,
            source=source,
        )

        return partner_account_user_friend
