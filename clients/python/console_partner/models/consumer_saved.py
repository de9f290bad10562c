from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConsumerSaved")


@_attrs_define
class ConsumerSaved:
    """
    Attributes:
        created (bool): false: the user with this uid was updated
        id (int):
        invite_code (str):
        register_time (None | str):
        uid (int):
    """

    created: bool
    id: int
    invite_code: str
    register_time: None | str
    uid: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created = self.created

        id = self.id

        invite_code = self.invite_code

        register_time: None | str
        register_time = self.register_time

        uid = self.uid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created": created,
                "id": id,
                "inviteCode": invite_code,
                "registerTime": register_time,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created = d.pop("created")

        id = d.pop("id")

        invite_code = d.pop("inviteCode")

        def _parse_register_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        register_time = _parse_register_time(d.pop("registerTime"))

        uid = d.pop("uid")

        consumer_saved = cls(
            created=created,
            id=id,
            invite_code=invite_code,
            register_time=register_time,
            uid=uid,
        )

        consumer_saved.additional_properties = d
        return consumer_saved

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
