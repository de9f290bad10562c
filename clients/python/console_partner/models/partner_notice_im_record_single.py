from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerNoticeImRecordSingle")


@_attrs_define
class PartnerNoticeImRecordSingle:
    """
    Attributes:
        from_uid (int):
        sent_time (datetime.datetime):
        to_uid (int):
        content (None | str | Unset):
        id (int | None | Unset): an existing record's id: that record is updated
        msg_type (None | str | Unset):
        read (None | str | Unset):
        withdrawn (None | str | Unset):
    """

    from_uid: int
    sent_time: datetime.datetime
    to_uid: int
    content: None | str | Unset = UNSET
    id: int | None | Unset = UNSET
    msg_type: None | str | Unset = UNSET
    read: None | str | Unset = UNSET
    withdrawn: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_uid = self.from_uid

        sent_time = self.sent_time.isoformat()

        to_uid = self.to_uid

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

        read: None | str | Unset
        if isinstance(self.read, Unset):
            read = UNSET
        else:
            read = self.read

        withdrawn: None | str | Unset
        if isinstance(self.withdrawn, Unset):
            withdrawn = UNSET
        else:
            withdrawn = self.withdrawn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fromUid": from_uid,
                "sentTime": sent_time,
                "toUid": to_uid,
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if id is not UNSET:
            field_dict["id"] = id
        if msg_type is not UNSET:
            field_dict["msgType"] = msg_type
        if read is not UNSET:
            field_dict["read"] = read
        if withdrawn is not UNSET:
            field_dict["withdrawn"] = withdrawn

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_uid = d.pop("fromUid")

        sent_time = datetime.datetime.fromisoformat(d.pop("sentTime"))

        to_uid = d.pop("toUid")

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

        def _parse_read(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        read = _parse_read(d.pop("read", UNSET))

        def _parse_withdrawn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        withdrawn = _parse_withdrawn(d.pop("withdrawn", UNSET))

        partner_notice_im_record_single = cls(
            from_uid=from_uid,
            sent_time=sent_time,
            to_uid=to_uid,
            content=content,
            id=id,
            msg_type=msg_type,
            read=read,
            withdrawn=withdrawn,
        )

        return partner_notice_im_record_single
