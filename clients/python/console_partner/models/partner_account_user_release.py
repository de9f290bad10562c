from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerAccountUserRelease")


@_attrs_define
class PartnerAccountUserRelease:
    """
    Attributes:
        content (str):
        uid (int):
        city (None | str | Unset):
        comment_count (int | None | Unset):
        create_time (datetime.datetime | None | Unset):
        id (int | None | Unset): an existing record's id: that record is updated
        images (None | str | Unset):
        like_count (int | None | Unset):
        visibility (None | str | Unset):
    """

    content: str
    uid: int
    city: None | str | Unset = UNSET
    comment_count: int | None | Unset = UNSET
    create_time: datetime.datetime | None | Unset = UNSET
    id: int | None | Unset = UNSET
    images: None | str | Unset = UNSET
    like_count: int | None | Unset = UNSET
    visibility: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        content = self.content

        uid = self.uid

        city: None | str | Unset
        if isinstance(self.city, Unset):
            city = UNSET
        else:
            city = self.city

        comment_count: int | None | Unset
        if isinstance(self.comment_count, Unset):
            comment_count = UNSET
        else:
            comment_count = self.comment_count

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

        images: None | str | Unset
        if isinstance(self.images, Unset):
            images = UNSET
        else:
            images = self.images

        like_count: int | None | Unset
        if isinstance(self.like_count, Unset):
            like_count = UNSET
        else:
            like_count = self.like_count

        visibility: None | str | Unset
        if isinstance(self.visibility, Unset):
            visibility = UNSET
        else:
            visibility = self.visibility

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content": content,
                "uid": uid,
            }
        )
        if city is not UNSET:
            field_dict["city"] = city
        if comment_count is not UNSET:
            field_dict["commentCount"] = comment_count
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if id is not UNSET:
            field_dict["id"] = id
        if images is not UNSET:
            field_dict["images"] = images
        if like_count is not UNSET:
            field_dict["likeCount"] = like_count
        if visibility is not UNSET:
            field_dict["visibility"] = visibility

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content = d.pop("content")

        uid = d.pop("uid")

        def _parse_city(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        city = _parse_city(d.pop("city", UNSET))

        def _parse_comment_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        comment_count = _parse_comment_count(d.pop("commentCount", UNSET))

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

        def _parse_images(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        images = _parse_images(d.pop("images", UNSET))

        def _parse_like_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        like_count = _parse_like_count(d.pop("likeCount", UNSET))

        def _parse_visibility(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        visibility = _parse_visibility(d.pop("visibility", UNSET))

        partner_account_user_release = cls(
            content=content,
            uid=uid,
            city=city,
            comment_count=comment_count,
            create_time=create_time,
            id=id,
            images=images,
            like_count=like_count,
            visibility=visibility,
        )

        return partner_account_user_release
