from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.list_in_status_type_0 import ListInStatusType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListIn")


@_attrs_define
class ListIn:
    """
    Attributes:
        uid (int):
        after (int | None | Unset): the previous page's next: the orders placed before it
        page_size (int | Unset):  Default: 10.
        status (ListInStatusType0 | None | Unset): 订单状态: only orders holding a shop order in this status
    """

    uid: int
    after: int | None | Unset = UNSET
    page_size: int | Unset = 10
    status: ListInStatusType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        uid = self.uid

        after: int | None | Unset
        if isinstance(self.after, Unset):
            after = UNSET
        else:
            after = self.after

        page_size = self.page_size

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, ListInStatusType0):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uid": uid,
            }
        )
        if after is not UNSET:
            field_dict["after"] = after
        if page_size is not UNSET:
            field_dict["pageSize"] = page_size
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        uid = d.pop("uid")

        def _parse_after(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        after = _parse_after(d.pop("after", UNSET))

        page_size = d.pop("pageSize", UNSET)

        def _parse_status(data: object) -> ListInStatusType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = ListInStatusType0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ListInStatusType0 | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        list_in = cls(
            uid=uid,
            after=after,
            page_size=page_size,
            status=status,
        )

        return list_in
