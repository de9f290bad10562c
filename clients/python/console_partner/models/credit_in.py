from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.credit_in_kind import CreditInKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreditIn")


@_attrs_define
class CreditIn:
    """
    Attributes:
        amount_fen (int):
        biz_no (str): the app server's number of this income (a commission's id): credited once
        uid (int):
        kind (CreditInKind | Unset): 类型 Default: CreditInKind.COMMISSION.
        remark (str | Unset):  Default: ''.
    """

    amount_fen: int
    biz_no: str
    uid: int
    kind: CreditInKind | Unset = CreditInKind.COMMISSION
    remark: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        amount_fen = self.amount_fen

        biz_no = self.biz_no

        uid = self.uid

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        remark = self.remark

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amountFen": amount_fen,
                "bizNo": biz_no,
                "uid": uid,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind
        if remark is not UNSET:
            field_dict["remark"] = remark

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount_fen = d.pop("amountFen")

        biz_no = d.pop("bizNo")

        uid = d.pop("uid")

        _kind = d.pop("kind", UNSET)
        kind: CreditInKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = CreditInKind(_kind)

        remark = d.pop("remark", UNSET)

        credit_in = cls(
            amount_fen=amount_fen,
            biz_no=biz_no,
            uid=uid,
            kind=kind,
            remark=remark,
        )

        return credit_in
