from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PartnerAccountUserFriendRemove")


@_attrs_define
class PartnerAccountUserFriendRemove:
    """
    Attributes:
        friend_uid (int):
        uid (int):
    """

    friend_uid: int
    uid: int

    def to_dict(self) -> dict[str, Any]:
        friend_uid = self.friend_uid

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "friendUid": friend_uid,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        friend_uid = d.pop("friendUid")

        uid = d.pop("uid")

        partner_account_user_friend_remove = cls(
            friend_uid=friend_uid,
            uid=uid,
        )

        return partner_account_user_friend_remove
