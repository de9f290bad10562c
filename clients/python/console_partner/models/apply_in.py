from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.apply_in_kind import ApplyInKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApplyIn")


@_attrs_define
class ApplyIn:
    """
    Attributes:
        kind (ApplyInKind): 售后类型
        line_id (int):
        quantity (int):
        reason (str):
        request_no (str): the app server's number of this request: one after-sale per number
        uid (int):
        amount_fen (int | None | Unset): default: the quantity's share of what the line paid
        images (list[str] | Unset):
    """

    kind: ApplyInKind
    line_id: int
    quantity: int
    reason: str
    request_no: str
    uid: int
    amount_fen: int | None | Unset = UNSET
    images: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        line_id = self.line_id

        quantity = self.quantity

        reason = self.reason

        request_no = self.request_no

        uid = self.uid

        amount_fen: int | None | Unset
        if isinstance(self.amount_fen, Unset):
            amount_fen = UNSET
        else:
            amount_fen = self.amount_fen

        images: list[str] | Unset = UNSET
        if not isinstance(self.images, Unset):
            images = self.images

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "lineId": line_id,
                "quantity": quantity,
                "reason": reason,
                "requestNo": request_no,
                "uid": uid,
            }
        )
        if amount_fen is not UNSET:
            field_dict["amountFen"] = amount_fen
        if images is not UNSET:
            field_dict["images"] = images

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = ApplyInKind(d.pop("kind"))

        line_id = d.pop("lineId")

        quantity = d.pop("quantity")

        reason = d.pop("reason")

        request_no = d.pop("requestNo")

        uid = d.pop("uid")

        def _parse_amount_fen(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount_fen = _parse_amount_fen(d.pop("amountFen", UNSET))

        images = cast(list[str], d.pop("images", UNSET))

        apply_in = cls(
            kind=kind,
            line_id=line_id,
            quantity=quantity,
            reason=reason,
            request_no=request_no,
            uid=uid,
            amount_fen=amount_fen,
            images=images,
        )

        return apply_in
