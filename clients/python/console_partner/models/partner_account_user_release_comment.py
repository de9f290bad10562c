from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerAccountUserReleaseComment")


@_attrs_define
class PartnerAccountUserReleaseComment:
    """
    Attributes:
        content (str):
        release_id (int):
        uid (int):
        create_time (datetime.datetime | None | Unset):
        id (int | None | Unset): an existing record's id: that record is updated
        reply_uid (int | None | Unset):
    """

    content: str
    release_id: int
    uid: int
    create_time: datetime.datetime | None | Unset = UNSET
    id: int | None | Unset = UNSET
    reply_uid: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        content = self.content

        release_id = self.release_id

        uid = self.uid

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        id: int | None | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        reply_uid: int | None | Unset
        if isinstance(self.reply_uid, Unset):
            reply_uid = UNSET
        else:
            reply_uid = self.reply_uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content": content,
                "releaseId": release_id,
                "uid": uid,
            }
        )
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if id is not UNSET:
            field_dict["id"] = id
        if reply_uid is not UNSET:
            field_dict["replyUid"] = reply_uid

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content = d.pop("content")

        release_id = d.pop("releaseId")

        uid = d.pop("uid")

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

        def _parse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        def _parse_reply_uid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reply_uid = _parse_reply_uid(d.pop("replyUid", UNSET))

        partner_account_user_release_comment = cls(
            content=content,
            release_id=release_id,
            uid=uid,
            create_time=create_time,
            id=id,
            reply_uid=reply_uid,
        )

        return partner_account_user_release_comment
