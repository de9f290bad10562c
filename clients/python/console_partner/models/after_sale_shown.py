from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AfterSaleShown")


@_attrs_define
class AfterSaleShown:
    """
    Attributes:
        after_sale_no (str):
        amount_fen (int):
        id (int):
        kind (str):
        line_id (int):
        quantity (int):
        shop_order_id (int):
        status (str):
        status_label (str):
    """

    after_sale_no: str
    amount_fen: int
    id: int
    kind: str
    line_id: int
    quantity: int
    shop_order_id: int
    status: str
    status_label: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        after_sale_no = self.after_sale_no

        amount_fen = self.amount_fen

        id = self.id

        kind = self.kind

        line_id = self.line_id

        quantity = self.quantity

        shop_order_id = self.shop_order_id

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
                "lineId": line_id,
                "quantity": quantity,
                "shopOrderId": shop_order_id,
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

        line_id = d.pop("lineId")

        quantity = d.pop("quantity")

        shop_order_id = d.pop("shopOrderId")

        status = d.pop("status")

        status_label = d.pop("statusLabel")

        after_sale_shown = cls(
            after_sale_no=after_sale_no,
            amount_fen=amount_fen,
            id=id,
            kind=kind,
            line_id=line_id,
            quantity=quantity,
            shop_order_id=shop_order_id,
            status=status,
            status_label=status_label,
        )

        after_sale_shown.additional_properties = d
        return after_sale_shown

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
