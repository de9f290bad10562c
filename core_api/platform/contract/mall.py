"""The mall's wire shapes: the core's answers the mall screens read and the BFF's mall screens."""

from __future__ import annotations

from pydantic import Field

from core_api.platform.contract import Envelope
from core_api.platform.schema import INT_MAX, Schema


class ShopInfoQuery(Schema):
    id: int | None = Field(None, ge=1, le=INT_MAX, title="店铺编号", description="a shop account: its own shop")


class ShopInfo(Schema):
    """A shop's info page (GET /admin/mall/shop/info_page)."""

    id: int
    name: str
    logo: str
    contact: str
    phone: str
    area_code: str
    area_code_path: str | None = Field(None, description="the area's names from the province down")
    address: str
    lng: float | None
    lat: float | None
    intro: str
    shelf: str = Field(description="1 open, 0 closed")
    brand_sale: str
    rate_bp: int = Field(description="the platform's commission, basis points")
    settled_id: int | None
    sort: int
    create_time: str | None
    update_by: str
    update_time: str | None


class ShopInfoOut(Envelope):
    data: ShopInfo


class ShopInfoScreen(Schema):
    shop: ShopInfo


class ShopInfoScreenOut(Envelope):
    data: ShopInfoScreen
