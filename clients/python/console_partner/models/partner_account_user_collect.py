from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerAccountUserCollect")


@_attrs_define
class PartnerAccountUserCollect:
    """
    Attributes:
        target_id (int):
        target_type (str):
        uid (int):
        create_time (datetime.datetime | None | Unset):
        title (None | str | Unset):
    """

    target_id: int
    target_type: str
    uid: int
    create_time: datetime.datetime | None | Unset = UNSET
    title: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        target_id = self.target_id

        target_type = self.target_type

        uid = self.uid

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "targetType": target_type,
                "uid": uid,
            }
        )
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_id = d.pop("targetId")

        target_type = d.pop("targetType")

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

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        partner_account_user_collect = cls(
            target_id=target_id,
            target_type=target_type,
            uid=uid,
            create_time=create_time,
            title=title,
        )

        return partner_account_user_collect
