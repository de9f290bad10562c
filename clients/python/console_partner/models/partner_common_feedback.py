from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerCommonFeedback")


@_attrs_define
class PartnerCommonFeedback:
    """
    Attributes:
        content (str):
        uid (int):
        contact (None | str | Unset):
        create_time (datetime.datetime | None | Unset):
        images (None | str | Unset):
        type_ (None | str | Unset):
        website (None | str | Unset):
    """

    content: str
    uid: int
    contact: None | str | Unset = UNSET
    create_time: datetime.datetime | None | Unset = UNSET
    images: None | str | Unset = UNSET
    type_: None | str | Unset = UNSET
    website: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        content = self.content

        uid = self.uid

        contact: None | str | Unset
        if isinstance(self.contact, Unset):
            contact = UNSET
        else:
            contact = self.contact

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

        type_: None | str | Unset
        if isinstance(self.type_, Unset):
            type_ = UNSET
        else:
            type_ = self.type_

        website: None | str | Unset
        if isinstance(self.website, Unset):
            website = UNSET
        else:
            website = self.website

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "content": content,
                "uid": uid,
            }
        )
        if contact is not UNSET:
            field_dict["contact"] = contact
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if images is not UNSET:
            field_dict["images"] = images
        if type_ is not UNSET:
            field_dict["type"] = type_
        if website is not UNSET:
            field_dict["website"] = website

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content = d.pop("content")

        uid = d.pop("uid")

        def _parse_contact(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contact = _parse_contact(d.pop("contact", UNSET))

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

        def _parse_type_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        type_ = _parse_type_(d.pop("type", UNSET))

        def _parse_website(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        website = _parse_website(d.pop("website", UNSET))

        partner_common_feedback = cls(
            content=content,
            uid=uid,
            contact=contact,
            create_time=create_time,
            images=images,
            type_=type_,
            website=website,
        )

        return partner_common_feedback
