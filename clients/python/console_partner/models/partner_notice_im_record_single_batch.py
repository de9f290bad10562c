from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.partner_notice_im_record_single import PartnerNoticeImRecordSingle


T = TypeVar("T", bound="PartnerNoticeImRecordSingleBatch")


@_attrs_define
class PartnerNoticeImRecordSingleBatch:
    """
    Attributes:
        records (list[PartnerNoticeImRecordSingle]):
    """

    records: list[PartnerNoticeImRecordSingle]

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
        from ..models.partner_notice_im_record_single import PartnerNoticeImRecordSingle  # noqa: PLC0415

        d = dict(src_dict)
        records = []
        _records = d.pop("records")
        for records_item_data in _records:
            records_item = PartnerNoticeImRecordSingle.from_dict(records_item_data)

            records.append(records_item)

        partner_notice_im_record_single_batch = cls(
            records=records,
        )

        return partner_notice_im_record_single_batch
