from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.buyer_order import BuyerOrder


T = TypeVar("T", bound="BuyerOrderPage")


@_attrs_define
class BuyerOrderPage:
    """
    Attributes:
        next_ (int | None): send as `after` for the next page; null on the last
        rows (list[BuyerOrder]):
    """

    next_: int | None
    rows: list[BuyerOrder]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        next_: int | None
        next_ = self.next_

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "next": next_,
                "rows": rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.buyer_order import BuyerOrder  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_next_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_ = _parse_next_(d.pop("next"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = BuyerOrder.from_dict(rows_item_data)

            rows.append(rows_item)

        buyer_order_page = cls(
            next_=next_,
            rows=rows,
        )

        buyer_order_page.additional_properties = d
        return buyer_order_page

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
