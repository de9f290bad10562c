from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.line_after_sale import LineAfterSale


T = TypeVar("T", bound="BuyerLine")


@_attrs_define
class BuyerLine:
    """
    Attributes:
        after_sale (LineAfterSale | None):
        after_sale_status (str):
        amount_fen (int):
        commented (bool):
        coupon_fen (int):
        goods_id (int):
        goods_name (str):
        image (str):
        line_id (int):
        pay_fen (int):
        points_fen (int):
        points_used (int):
        price_fen (int):
        quantity (int):
        refunded_fen (int):
        refunded_qty (int):
        sku_id (int):
        spec (str):
    """

    after_sale: LineAfterSale | None
    after_sale_status: str
    amount_fen: int
    commented: bool
    coupon_fen: int
    goods_id: int
    goods_name: str
    image: str
    line_id: int
    pay_fen: int
    points_fen: int
    points_used: int
    price_fen: int
    quantity: int
    refunded_fen: int
    refunded_qty: int
    sku_id: int
    spec: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.line_after_sale import LineAfterSale  # noqa: PLC0415

        after_sale: dict[str, Any] | None
        if isinstance(self.after_sale, LineAfterSale):
            after_sale = self.after_sale.to_dict()
        else:
            after_sale = self.after_sale

        after_sale_status = self.after_sale_status

        amount_fen = self.amount_fen

        commented = self.commented

        coupon_fen = self.coupon_fen

        goods_id = self.goods_id

        goods_name = self.goods_name

        image = self.image

        line_id = self.line_id

        pay_fen = self.pay_fen

        points_fen = self.points_fen

        points_used = self.points_used

        price_fen = self.price_fen

        quantity = self.quantity

        refunded_fen = self.refunded_fen

        refunded_qty = self.refunded_qty

        sku_id = self.sku_id

        spec = self.spec

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "afterSale": after_sale,
                "afterSaleStatus": after_sale_status,
                "amountFen": amount_fen,
                "commented": commented,
                "couponFen": coupon_fen,
                "goodsId": goods_id,
                "goodsName": goods_name,
                "image": image,
                "lineId": line_id,
                "payFen": pay_fen,
                "pointsFen": points_fen,
                "pointsUsed": points_used,
                "priceFen": price_fen,
                "quantity": quantity,
                "refundedFen": refunded_fen,
                "refundedQty": refunded_qty,
                "skuId": sku_id,
                "spec": spec,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.line_after_sale import LineAfterSale  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_after_sale(data: object) -> LineAfterSale | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                after_sale_type_0 = LineAfterSale.from_dict(data)

                return after_sale_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LineAfterSale | None, data)

        after_sale = _parse_after_sale(d.pop("afterSale"))

        after_sale_status = d.pop("afterSaleStatus")

        amount_fen = d.pop("amountFen")

        commented = d.pop("commented")

        coupon_fen = d.pop("couponFen")

        goods_id = d.pop("goodsId")

        goods_name = d.pop("goodsName")

        image = d.pop("image")

        line_id = d.pop("lineId")

        pay_fen = d.pop("payFen")

        points_fen = d.pop("pointsFen")

        points_used = d.pop("pointsUsed")

        price_fen = d.pop("priceFen")

        quantity = d.pop("quantity")

        refunded_fen = d.pop("refundedFen")

        refunded_qty = d.pop("refundedQty")

        sku_id = d.pop("skuId")

        spec = d.pop("spec")

        buyer_line = cls(
            after_sale=after_sale,
            after_sale_status=after_sale_status,
            amount_fen=amount_fen,
            commented=commented,
            coupon_fen=coupon_fen,
            goods_id=goods_id,
            goods_name=goods_name,
            image=image,
            line_id=line_id,
            pay_fen=pay_fen,
            points_fen=points_fen,
            points_used=points_used,
            price_fen=price_fen,
            quantity=quantity,
            refunded_fen=refunded_fen,
            refunded_qty=refunded_qty,
            sku_id=sku_id,
            spec=spec,
        )

        buyer_line.additional_properties = d
        return buyer_line

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
