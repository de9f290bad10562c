from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerWordsInterceptRecord")


@_attrs_define
class PartnerWordsInterceptRecord:
    """
    Attributes:
        scene (str):
        uid (int):
        word (str):
        category (None | str | Unset):
        content (None | str | Unset):
        create_time (datetime.datetime | None | Unset):
        target (None | str | Unset):
    """

    scene: str
    uid: int
    word: str
    category: None | str | Unset = UNSET
    content: None | str | Unset = UNSET
    create_time: datetime.datetime | None | Unset = UNSET
    target: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        scene = self.scene

        uid = self.uid

        word = self.word

        category: None | str | Unset
        if isinstance(self.category, Unset):
            category = UNSET
        else:
            category = self.category

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

        target: None | str | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scene": scene,
                "uid": uid,
                "word": word,
            }
        )
        if category is not UNSET:
            field_dict["category"] = category
        if content is not UNSET:
            field_dict["content"] = content
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scene = d.pop("scene")

        uid = d.pop("uid")

        word = d.pop("word")

        def _parse_category(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        category = _parse_category(d.pop("category", UNSET))

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

        def _parse_target(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        partner_words_intercept_record = cls(
            scene=scene,
            uid=uid,
            word=word,
            category=category,
            content=content,
            create_time=create_time,
            target=target,
        )

        return partner_words_intercept_record
