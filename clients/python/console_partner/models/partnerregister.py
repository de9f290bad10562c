from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Partnerregister")


@_attrs_define
class Partnerregister:
    """
    Attributes:
        category_id (int):
        name (str):
        uid (int):
        content (None | str | Unset):
        phone (None | str | Unset):
    """

    category_id: int
    name: str
    uid: int
    content: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        category_id = self.category_id

        name = self.name

        uid = self.uid

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "categoryId": category_id,
                "name": name,
                "uid": uid,
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if phone is not UNSET:
            field_dict["phone"] = phone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        category_id = d.pop("categoryId")

        name = d.pop("name")

        uid = d.pop("uid")

        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        partnerregister = cls(
            category_id=category_id,
            name=name,
            uid=uid,
            content=content,
            phone=phone,
        )

        return partnerregister
