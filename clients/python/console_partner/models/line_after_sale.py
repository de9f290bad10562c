from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LineAfterSale")


@_attrs_define
class LineAfterSale:
    """
    Attributes:
        after_sale_no (str):
        amount_fen (int):
        id (int):
        kind (str):
        quantity (int):
        reject_reason (None | str):
        status (str):
        status_label (str):
    """

    after_sale_no: str
    amount_fen: int
    id: int
    kind: str
    quantity: int
    reject_reason: None | str
    status: str
    status_label: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        after_sale_no = self.after_sale_no

        amount_fen = self.amount_fen

        id = self.id

        kind = self.kind

        quantity = self.quantity

        reject_reason: None | str
        reject_reason = self.reject_reason

        status = self.status

        status_label = self.status_label

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "afterSaleNo": after_sale_no,
                "amountFen": amount_fen,
                "id": id,
                "kind": kind,
                "quantity": quantity,
                "rejectReason": reject_reason,
                "status": status,
                "statusLabel": status_label,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        after_sale_no = d.pop("afterSaleNo")

        amount_fen = d.pop("amountFen")

        id = d.pop("id")

        kind = d.pop("kind")

        quantity = d.pop("quantity")

        def _parse_reject_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reject_reason = _parse_reject_reason(d.pop("rejectReason"))

        status = d.pop("status")

        status_label = d.pop("statusLabel")

        line_after_sale = cls(
            after_sale_no=after_sale_no,
            amount_fen=amount_fen,
            id=id,
            kind=kind,
            quantity=quantity,
            reject_reason=reject_reason,
            status=status,
            status_label=status_label,
        )

        line_after_sale.additional_properties = d
        return line_after_sale

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
