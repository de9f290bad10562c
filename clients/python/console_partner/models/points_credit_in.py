from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PointsCreditIn")


@_attrs_define
class PointsCreditIn:
    """
    Attributes:
        biz_no (str): the app server's number of this grant: credited once
        points (int):
        uid (int):
        remark (str | Unset):  Default: ''.
    """

    biz_no: str
    points: int
    uid: int
    remark: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        biz_no = self.biz_no

        points = self.points

        uid = self.uid

        remark = self.remark

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bizNo": biz_no,
                "points": points,
                "uid": uid,
            }
        )
        if remark is not UNSET:
            field_dict["remark"] = remark

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        biz_no = d.pop("bizNo")

        points = d.pop("points")

        uid = d.pop("uid")

        remark = d.pop("remark", UNSET)

        points_credit_in = cls(
            biz_no=biz_no,
            points=points,
            uid=uid,
            remark=remark,
        )

        return points_credit_in
