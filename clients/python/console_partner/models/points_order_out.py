from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.points_order import PointsOrder


T = TypeVar("T", bound="PointsOrderOut")


@_attrs_define
class PointsOrderOut:
    """
    Attributes:
        data (PointsOrder):
        code (int | Unset):  Default: 200.
        msg (str | Unset):  Default: '操作成功'.
    """

    data: PointsOrder
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
        from ..models.points_order import PointsOrder  # noqa: PLC0415

        d = dict(src_dict)
        data = PointsOrder.from_dict(d.pop("data"))

        code = d.pop("code", UNSET)

        msg = d.pop("msg", UNSET)

        points_order_out = cls(
            data=data,
            code=code,
            msg=msg,
        )

        points_order_out.additional_properties = d
        return points_order_out

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
