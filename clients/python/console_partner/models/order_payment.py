from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="OrderPayment")


@_attrs_define
class OrderPayment:
    """
    Attributes:
        order_no (str):
        out_trade_no (None | str):
        paid (bool): true: nothing to pay (the order is paid); else pay through codeUrl
        pay_deadline (str):
        pay_fen (int):
        code_url (None | str | Unset):
        expire_at (None | str | Unset):
    """

    order_no: str
    out_trade_no: None | str
    paid: bool
    pay_deadline: str
    pay_fen: int
    code_url: None | str | Unset = UNSET
    expire_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        order_no = self.order_no

        out_trade_no: None | str
        out_trade_no = self.out_trade_no

        paid = self.paid

        pay_deadline = self.pay_deadline

        pay_fen = self.pay_fen

        code_url: None | str | Unset
        if isinstance(self.code_url, Unset):
            code_url = UNSET
        else:
            code_url = self.code_url

        expire_at: None | str | Unset
        if isinstance(self.expire_at, Unset):
            expire_at = UNSET
        else:
            expire_at = self.expire_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "orderNo": order_no,
                "outTradeNo": out_trade_no,
                "paid": paid,
                "payDeadline": pay_deadline,
                "payFen": pay_fen,
            }
        )
        if code_url is not UNSET:
            field_dict["codeUrl"] = code_url
        if expire_at is not UNSET:
            field_dict["expireAt"] = expire_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        order_no = d.pop("orderNo")

        def _parse_out_trade_no(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        out_trade_no = _parse_out_trade_no(d.pop("outTradeNo"))

        paid = d.pop("paid")

        pay_deadline = d.pop("payDeadline")

        pay_fen = d.pop("payFen")

        def _parse_code_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        code_url = _parse_code_url(d.pop("codeUrl", UNSET))

        def _parse_expire_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expire_at = _parse_expire_at(d.pop("expireAt", UNSET))

        order_payment = cls(
            order_no=order_no,
            out_trade_no=out_trade_no,
            paid=paid,
            pay_deadline=pay_deadline,
            pay_fen=pay_fen,
            code_url=code_url,
            expire_at=expire_at,
        )

        order_payment.additional_properties = d
        return order_payment

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
