from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerCommonMessageUser")


@_attrs_define
class PartnerCommonMessageUser:
    """
    Attributes:
        message_id (int):
        uid (int):
        is_read (None | str | Unset):
    """

    message_id: int
    uid: int
    is_read: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        uid = self.uid

        is_read: None | str | Unset
        if isinstance(self.is_read, Unset):
            is_read = UNSET
        else:
            is_read = self.is_read

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "messageId": message_id,
                "uid": uid,
            }
        )
        if is_read is not UNSET:
            field_dict["isRead"] = is_read

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("messageId")

        uid = d.pop("uid")

        def _parse_is_read(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        is_read = _parse_is_read(d.pop("isRead", UNSET))

        partner_common_message_user = cls(
            message_id=message_id,
            uid=uid,
            is_read=is_read,
        )

        return partner_common_message_user
