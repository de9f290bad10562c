from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PartnerNoticeImGroupUserRemove")


@_attrs_define
class PartnerNoticeImGroupUserRemove:
    """
    Attributes:
        group_id (str):
        uid (int):
    """

    group_id: str
    uid: int

    def to_dict(self) -> dict[str, Any]:
        group_id = self.group_id

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "groupId": group_id,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        group_id = d.pop("groupId")

        uid = d.pop("uid")

        partner_notice_im_group_user_remove = cls(
            group_id=group_id,
            uid=uid,
        )

        return partner_notice_im_group_user_remove
