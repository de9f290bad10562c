from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.shop_in_delivery import ShopInDelivery
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.item_in import ItemIn


T = TypeVar("T", bound="ShopIn")


@_attrs_define
class ShopIn:
    """
    Attributes:
        delivery (ShopInDelivery): 配送方式
        items (list[ItemIn]):
        shop_id (int):
        remark (str | Unset):  Default: ''.
        user_coupon_id (int | None | Unset):
    """

    delivery: ShopInDelivery
    items: list[ItemIn]
    shop_id: int
    remark: str | Unset = ""
    user_coupon_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery.value

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        shop_id = self.shop_id

        remark = self.remark

        user_coupon_id: int | None | Unset
        if isinstance(self.user_coupon_id, Unset):
            user_coupon_id = UNSET
        else:
            user_coupon_id = self.user_coupon_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery": delivery,
                "items": items,
                "shopId": shop_id,
            }
        )
        if remark is not UNSET:
            field_dict["remark"] = remark
        if user_coupon_id is not UNSET:
            field_dict["userCouponId"] = user_coupon_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.item_in import ItemIn  # noqa: PLC0415

        d = dict(src_dict)
        delivery = ShopInDelivery(d.pop("delivery"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = ItemIn.from_dict(items_item_data)

            items.append(items_item)

        shop_id = d.pop("shopId")

        remark = d.pop("remark", UNSET)

        def _parse_user_coupon_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_coupon_id = _parse_user_coupon_id(d.pop("userCouponId", UNSET))

        shop_in = cls(
            delivery=delivery,
            items=items,
            shop_id=shop_id,
            remark=remark,
            user_coupon_id=user_coupon_id,
        )

        return shop_in
