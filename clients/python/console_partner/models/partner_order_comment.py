from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerOrderComment")


@_attrs_define
class PartnerOrderComment:
    """
    Attributes:
        line_id (int):
        score (int):
        uid (int):
        content (None | str | Unset):
        create_time (datetime.datetime | None | Unset):
        images (None | str | Unset):
    """

    line_id: int
    score: int
    uid: int
    content: None | str | Unset = UNSET
    create_time: datetime.datetime | None | Unset = UNSET
    images: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        line_id = self.line_id

        score = self.score

        uid = self.uid

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        images: None | str | Unset
        if isinstance(self.images, Unset):
            images = UNSET
        else:
            images = self.images

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lineId": line_id,
                "score": score,
                "uid": uid,
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if images is not UNSET:
            field_dict["images"] = images

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        line_id = d.pop("lineId")

        score = d.pop("score")

        uid = d.pop("uid")

        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

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

        def _parse_images(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        images = _parse_images(d.pop("images", UNSET))

        partner_order_comment = cls(
            line_id=line_id,
            score=score,
            uid=uid,
            content=content,
            create_time=create_time,
            images=images,
        )

        return partner_order_comment
