from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartneraccountReplenishment")


@_attrs_define
class PartneraccountReplenishment:
    """
    Attributes:
        order_no (str):
        amount (int | None | Unset):
        create_time (datetime.datetime | None | Unset):
        reason (None | str | Unset):
        referrer_uid (int | None | Unset):
        uid (int | None | Unset):
    """

    order_no: str
    amount: int | None | Unset = UNSET
    create_time: datetime.datetime | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    referrer_uid: int | None | Unset = UNSET
    uid: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        order_no = self.order_no

        amount: int | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        referrer_uid: int | None | Unset
        if isinstance(self.referrer_uid, Unset):
            referrer_uid = UNSET
        else:
            referrer_uid = self.referrer_uid

        uid: int | None | Unset
        if isinstance(self.uid, Unset):
            uid = UNSET
        else:
            uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "orderNo": order_no,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if reason is not UNSET:
            field_dict["reason"] = reason
        if referrer_uid is not UNSET:
            field_dict["referrerUid"] = referrer_uid
        if uid is not UNSET:
            field_dict["uid"] = uid

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order_no = d.pop("orderNo")

        def _parse_amount(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_create_time(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                create_time_type_0 = datetime.datetime.fromisoformat(data)

                return create_time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        create_time = _parse_create_time(d.pop("createTime", UNSET))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_referrer_uid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        referrer_uid = _parse_referrer_uid(d.pop("referrerUid", UNSET))

        def _parse_uid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uid = _parse_uid(d.pop("uid", UNSET))

        partneraccount_replenishment = cls(
            order_no=order_no,
            amount=amount,
            create_time=create_time,
            reason=reason,
            referrer_uid=referrer_uid,
            uid=uid,
        )

        return partneraccount_replenishment
