from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.partner_account_login_check import PartnerAccountLoginCheck


T = TypeVar("T", bound="PartnerAccountLoginCheckBatch")


@_attrs_define
class PartnerAccountLoginCheckBatch:
    """
    Attributes:
        records (list[PartnerAccountLoginCheck]):
    """

    records: list[PartnerAccountLoginCheck]

    def to_dict(self) -> dict[str, Any]:
        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "records": records,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.partner_account_login_check import PartnerAccountLoginCheck  # noqa: PLC0415

        d = dict(src_dict)
        records = []
        _records = d.pop("records")
        for records_item_data in _records:
            records_item = PartnerAccountLoginCheck.from_dict(records_item_data)

            records.append(records_item)

        partner_account_login_check_batch = cls(
            records=records,
        )

        return partner_account_login_check_batch
