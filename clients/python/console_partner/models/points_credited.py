from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PointsCredited")


@_attrs_define
class PointsCredited:
    """
    Attributes:
        applied (bool): false: this bizNo was credited before; nothing changed
        balance (int):
        ledger_id (int):
    """

    applied: bool
    balance: int
    ledger_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        applied = self.applied

        balance = self.balance

        ledger_id = self.ledger_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "applied": applied,
                "balance": balance,
                "ledgerId": ledger_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        applied = d.pop("applied")

        balance = d.pop("balance")

        ledger_id = d.pop("ledgerId")

        points_credited = cls(
            applied=applied,
            balance=balance,
            ledger_id=ledger_id,
        )

        points_credited.additional_properties = d
        return points_credited

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
