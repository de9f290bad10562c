from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PartnerAccountLoginCheck")


@_attrs_define
class PartnerAccountLoginCheck:
    """
    Attributes:
        check_type (str):
        uid (int):
        create_time (datetime.datetime | None | Unset):
        device (None | str | Unset):
        ip (None | str | Unset):
        reason (None | str | Unset):
        result (None | str | Unset):
    """

    check_type: str
    uid: int
    create_time: datetime.datetime | None | Unset = UNSET
    device: None | str | Unset = UNSET
    ip: None | str | Unset = UNSET
    reason: None | str | Unset = UNSET
    result: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        check_type = self.check_type

        uid = self.uid

        create_time: None | str | Unset
        if isinstance(self.create_time, Unset):
            create_time = UNSET
        elif isinstance(self.create_time, datetime.datetime):
            create_time = self.create_time.isoformat()
        else:
            create_time = self.create_time

        device: None | str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        ip: None | str | Unset
        if isinstance(self.ip, Unset):
            ip = UNSET
        else:
            ip = self.ip

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        result: None | str | Unset
        if isinstance(self.result, Unset):
            result = UNSET
        else:
            result = self.result

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "checkType": check_type,
                "uid": uid,
            }
        )
        if create_time is not UNSET:
            field_dict["createTime"] = create_time
        if device is not UNSET:
            field_dict["device"] = device
        if ip is not UNSET:
            field_dict["ip"] = ip
        if reason is not UNSET:
            field_dict["reason"] = reason
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        check_type = d.pop("checkType")

        uid = d.pop("uid")

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

        def _parse_device(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        def _parse_ip(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ip = _parse_ip(d.pop("ip", UNSET))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_result(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        result = _parse_result(d.pop("result", UNSET))

        partner_account_login_check = cls(
            check_type=check_type,
            uid=uid,
            create_time=create_time,
            device=device,
            ip=ip,
            reason=reason,
            result=result,
        )

        return partner_account_login_check
