from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PartnerAccountUserCollectRemove")


@_attrs_define
class PartnerAccountUserCollectRemove:
    """
    Attributes:
        target_id (int):
        target_type (str):
        uid (int):
    """

    target_id: int
    target_type: str
    uid: int

    def to_dict(self) -> dict[str, Any]:
        target_id = self.target_id

        target_type = self.target_type

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "targetType": target_type,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_id = d.pop("targetId")

        target_type = d.pop("targetType")

        uid = d.pop("uid")

        partner_account_user_collect_remove = cls(
            target_id=target_id,
            target_type=target_type,
            uid=uid,
        )

        return partner_account_user_collect_remove
