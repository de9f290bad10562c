from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WalletCredited")


@_attrs_define
class WalletCredited:
    """
    Attributes:
        applied (bool): false: this bizNo was credited before; nothing changed
        available_fen (int):
        frozen_fen (int):
        ledger_id (int):
    """

    applied: bool
    available_fen: int
    frozen_fen: int
    ledger_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        applied = self.applied

        available_fen = self.available_fen

        frozen_fen = self.frozen_fen

        ledger_id = self.ledger_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "applied": applied,
                "availableFen": available_fen,
                "frozenFen": frozen_fen,
                "ledgerId": ledger_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        applied = d.pop("applied")

        available_fen = d.pop("availableFen")

        frozen_fen = d.pop("frozenFen")

        ledger_id = d.pop("ledgerId")

        wallet_credited = cls(
            applied=applied,
            available_fen=available_fen,
            frozen_fen=frozen_fen,
            ledger_id=ledger_id,
        )

        wallet_credited.additional_properties = d
        return wallet_credited

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
