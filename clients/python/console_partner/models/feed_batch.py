from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FeedBatch")


@_attrs_define
class FeedBatch:
    """
    Attributes:
        count (int):
        created (int):
        ids (list[int]): the records written, in order (empty for chat records)
        updated (int):
    """

    count: int
    created: int
    ids: list[int]
    updated: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        created = self.created

        ids = self.ids

        updated = self.updated

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "created": created,
                "ids": ids,
                "updated": updated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        created = d.pop("created")

        ids = cast(list[int], d.pop("ids"))

        updated = d.pop("updated")

        feed_batch = cls(
            count=count,
            created=created,
            ids=ids,
            updated=updated,
        )

        feed_batch.additional_properties = d
        return feed_batch

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
