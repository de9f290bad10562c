from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.receiver_in import ReceiverIn


T = TypeVar("T", bound="RedeemIn")


@_attrs_define
class RedeemIn:
    """
    Attributes:
        address (ReceiverIn):
        goods_id (int):
        quantity (int):
        request_no (str): the app server's number of this redemption: a repeat answers the first
        uid (int):
    """

    address: ReceiverIn
    goods_id: int
    quantity: int
    request_no: str
    uid: int

    def to_dict(self) -> dict[str, Any]:
        address = self.address.to_dict()

        goods_id = self.goods_id

        quantity = self.quantity

        request_no = self.request_no

        uid = self.uid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
                "goodsId": goods_id,
                "quantity": quantity,
                "requestNo": request_no,
                "uid": uid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.receiver_in import ReceiverIn  # noqa: PLC0415

        d = dict(src_dict)
        address = ReceiverIn.from_dict(d.pop("address"))

        goods_id = d.pop("goodsId")

        quantity = d.pop("quantity")

        request_no = d.pop("requestNo")

        uid = d.pop("uid")

        redeem_in = cls(
            address=address,
            goods_id=goods_id,
            quantity=quantity,
            request_no=request_no,
            uid=uid,
        )

        return redeem_in
