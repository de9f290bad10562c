from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WithdrawalRequested")


@_attrs_define
class WithdrawalRequested:
    """
    Attributes:
        available_fen (int):
        created (bool): false: this requestNo was requested before
        frozen_fen (int):
        id (int):
        status (str):
        withdraw_no (str):
    """

    available_fen: int
    created: bool
    frozen_fen: int
    id: int
    status: str
    withdraw_no: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        available_fen = self.available_fen

        created = self.created

        frozen_fen = self.frozen_fen

        id = self.id

        status = self.status

        withdraw_no = self.withdraw_no

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "availableFen": available_fen,
                "created": created,
                "frozenFen": frozen_fen,
                "id": id,
                "status": status,
                "withdrawNo": withdraw_no,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available_fen = d.pop("availableFen")

        created = d.pop("created")

        frozen_fen = d.pop("frozenFen")

        id = d.pop("id")

        status = d.pop("status")

        withdraw_no = d.pop("withdrawNo")

        withdrawal_requested = cls(
            available_fen=available_fen,
            created=created,
            frozen_fen=frozen_fen,
            id=id,
            status=status,
            withdraw_no=withdraw_no,
        )

        withdrawal_requested.additional_properties = d
        return withdrawal_requested

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
