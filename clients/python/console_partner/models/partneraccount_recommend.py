from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartneraccountRecommend")


@_attrs_define
class PartneraccountRecommend:
    """
    Attributes:
        uid (int):
        create_time (datetime.datetime | None | Unset):
        referrer_uid (int | None | Unset):
        source (None | str | Unset):
    """

    uid: int
    create_time: datetime.datetime | None | Unset = UNSET
    referrer_uid: int | None | Unset = UNSET
    source: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        uid = self.uid

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        referrer_uid: int | None | Unset
        if isinstance(self.referrer_uid, Unset):
            referrer_uid = UNSET
        else:
            referrer_uid = self.referrer_uid

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uid": uid,
            }
        )
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if referrer_uid is not UNSET:
            field_dict["referrerUid"] = referrer_uid
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
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

        def _parse_referrer_uid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        referrer_uid = _parse_referrer_uid(d.pop("referrerUid", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        partneraccount_recommend = cls(
            uid=uid,
            create_time=create_time,
            referrer_uid=referrer_uid,
            source=source,
        )

        return partneraccount_recommend
