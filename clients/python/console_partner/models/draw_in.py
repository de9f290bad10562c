from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DrawIn")


@_attrs_define
class DrawIn:
    """
    Attributes:
        request_id (str): the app server's number of this draw: a repeated one answers the first draw
        turntable_id (int):
        uid (int):
    """

    request_id: str
    turntable_id: int
    uid: int

    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        turntable_id = self.turntable_id

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "requestId": request_id,
                "turntableId": turntable_id,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("requestId")

        turntable_id = d.pop("turntableId")

        uid = d.pop("uid")

        draw_in = cls(
            request_id=request_id,
            turntable_id=turntable_id,
            uid=uid,
        )

        return draw_in
