from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerNoticeImRecord")


@_attrs_define
class PartnerNoticeImRecord:
    """
    Attributes:
        from_uid (int):
        group_id (str):
        sent_time (datetime.datetime):
        content (None | str | Unset):
        id (int | None | Unset): an existing record's id: that record is updated
        msg_type (None | str | Unset):
        withdrawn (None | str | Unset):
    """

    from_uid: int
    group_id: str
    sent_time: datetime.datetime
    content: None | str | Unset = UNSET
    id: int | None | Unset = UNSET
    msg_type: None | str | Unset = UNSET
    withdrawn: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_uid = self.from_uid

        group_id = self.group_id

        sent_time = self.sent_time.isoformat()

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        id: int | None | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        msg_type: None | str | Unset
        if isinstance(self.msg_type, Unset):
            msg_type = UNSET
        else:
            msg_type = self.msg_type

        withdrawn: None | str | Unset
        if isinstance(self.withdrawn, Unset):
            withdrawn = UNSET
        else:
            withdrawn = self.withdrawn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fromUid": from_uid,
                "groupId": group_id,
                "sentTime": sent_time,
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if id is not UNSET:
            field_dict["id"] = id
        if msg_type is not UNSET:
            field_dict["msgType"] = msg_type
        if withdrawn is not UNSET:
            field_dict["withdrawn"] = withdrawn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_uid = d.pop("fromUid")

        group_id = d.pop("groupId")

        sent_time = datetime.datetime.fromisoformat(d.pop("sentTime"))

        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

        def _parse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        def _parse_msg_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        msg_type = _parse_msg_type(d.pop("msgType", UNSET))

        def _parse_withdrawn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        withdrawn = _parse_withdrawn(d.pop("withdrawn", UNSET))

        partner_notice_im_record = cls(
            from_uid=from_uid,
            group_id=group_id,
            sent_time=sent_time,
            content=content,
            id=id,
            msg_type=msg_type,
            withdrawn=withdrawn,
        )

        return partner_notice_im_record
