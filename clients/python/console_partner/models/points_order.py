from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PointsOrder")


@_attrs_define
class PointsOrder:
    """
    Attributes:
        balance (int):
        create_time (None | str):
        created (bool):
        goods_id (int):
        goods_name (str):
        order_no (str):
        points (int):
        quantity (int):
        status (str):
    """

    balance: int
    create_time: None | str
    created: bool
    goods_id: int
    goods_name: str
    order_no: str
    points: int
    quantity: int
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        balance = self.balance

        create_time: None | str
        create_time = self.create_time

        created = self.created

        goods_id = self.goods_id

        goods_name = self.goods_name

        order_no = self.order_no

        points = self.points

        quantity = self.quantity

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "balance": balance,
                "createTime": create_time,
                "created": created,
                "goodsId": goods_id,
                "goodsName": goods_name,
                "orderNo": order_no,
                "points": points,
                "quantity": quantity,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        balance = d.pop("balance")

        def _parse_create_time(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        create_time = _parse_create_time(d.pop("createTime"))

        created = d.pop("created")

        goods_id = d.pop("goodsId")

        goods_name = d.pop("goodsName")

        order_no = d.pop("orderNo")

        points = d.pop("points")

        quantity = d.pop("quantity")

        status = d.pop("status")

        points_order = cls(
            balance=balance,
            create_time=create_time,
            created=created,
            goods_id=goods_id,
            goods_name=goods_name,
            order_no=order_no,
            points=points,
            quantity=quantity,
            status=status,
        )

        points_order.additional_properties = d
        return points_order

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
