from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.feed_saved import FeedSaved


T = TypeVar("T", bound="FeedOut")


@_attrs_define
class FeedOut:
    """
    Attributes:
        data (FeedSaved):
        code (int | Unset):  Default: 200.
        msg (str | Unset):  Default: '操作成功'.
    """

    data: FeedSaved
    code: int | Unset = 200
    msg: str | Unset = "操作成功"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        code = self.code

        msg = self.msg

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
            }
        )
        if code is not UNSET:
            field_dict["code"] = code
        if msg is not UNSET:
            field_dict["msg"] = msg

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.feed_saved import FeedSaved  # noqa: PLC0415

        d = dict(src_dict)
        data = FeedSaved.from_dict(d.pop("data"))

        code = d.pop("code", UNSET)

        msg = d.pop("msg", UNSET)

        feed_out = cls(
            data=data,
            code=code,
            msg=msg,
        )

        feed_out.additional_properties = d
        return feed_out

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
