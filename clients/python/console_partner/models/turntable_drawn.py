from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TurntableDrawn")


@_attrs_define
class TurntableDrawn:
    """
    Attributes:
        balance (int):
        create_time (None | str):
        created (bool):
        fell_back (bool):
        gift_id (int | None):
        gift_name (str):
        id (int):
        kind (str):
        points (int):
        value (int):
        version (int):
    """

    balance: int
    create_time: None | str
    created: bool
    fell_back: bool
    gift_id: int | None
    gift_name: str
    id: int
    kind: str
    points: int
    value: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        create_time: None | str
        create_time = self.create_time

        created = self.created

        fell_back = self.fell_back

        gift_id: int | None
        gift_id = self.gift_id

        gift_name = self.gift_name

        id = self.id

        kind = self.kind

        points = self.points

        value = self.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "createTime": create_time,
                "created": created,
                "fellBack": fell_back,
                "giftId": gift_id,
                "giftName": gift_name,
                "id": id,
                "kind": kind,
                "points": points,
                "value": value,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        balance = d.pop("balance")

        def _parse_create_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        create_time = _parse_create_time(d.pop("createTime"))

        created = d.pop("created")

        fell_back = d.pop("fellBack")

        def _parse_gift_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        gift_id = _parse_gift_id(d.pop("giftId"))

        gift_name = d.pop("giftName")

        id = d.pop("id")

        kind = d.pop("kind")

        points = d.pop("points")

        value = d.pop("value")

        version = d.pop("version")

        turntable_drawn = cls(
            balance=balance,
            create_time=create_time,
            created=created,
            fell_back=fell_back,
            gift_id=gift_id,
            gift_name=gift_name,
            id=id,
            kind=kind,
            points=points,
            value=value,
            version=version,
        )

        turntable_drawn.additional_properties = d
        return turntable_drawn

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
