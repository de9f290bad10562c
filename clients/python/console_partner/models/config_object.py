from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.config_object_data import ConfigObjectData


T = TypeVar("T", bound="ConfigObject")


@_attrs_define
class ConfigObject:
    """
    Attributes:
        data (ConfigObjectData): every field of the page, secrets included
        key (str):
        update_time (None | str):
        version (int): 0: never saved, the defaults
        platform (None | str | Unset): core_v2 only: the platform asked for
    """

    data: ConfigObjectData
    key: str
    update_time: None | str
    version: int
    platform: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        key = self.key

        update_time: None | str
        update_time = self.update_time

        version = self.version

        platform: None | str | Unset
        if isinstance(self.platform, Unset):
            platform = UNSET
        else:
            platform = self.platform

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "key": key,
                "updateTime": update_time,
                "version": version,
            }
        )
        if platform is not UNSET:
            field_dict["platform"] = platform

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.config_object_data import ConfigObjectData  # noqa: PLC0415

        d = dict(src_dict)
        data = ConfigObjectData.from_dict(d.pop("data"))

        key = d.pop("key")

        def _parse_update_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        update_time = _parse_update_time(d.pop("updateTime"))

        version = d.pop("version")

        def _parse_platform(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        platform = _parse_platform(d.pop("platform", UNSET))

        config_object = cls(
            data=data,
            key=key,
            update_time=update_time,
            version=version,
            platform=platform,
        )

        config_object.additional_properties = d
        return config_object

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
