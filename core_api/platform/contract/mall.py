"""The mall's wire shapes: the core's answers the mall screens read and the BFF's mall screens."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core_api.platform.contract import Envelope, ListPage, ListPageOut
from core_api.platform.contract.finance import RowsTotal
from core_api.platform.paging import ListQuery
from core_api.platform.schema import INT_MAX, Flag, Schema


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


class AttrQuery(ListQuery):
    shop_id: int | None = Field(None, ge=0, le=INT_MAX, title="店铺", description="0: the platform's")
    name: str | None = Field(None, max_length=32, title="属性名称")


class AttrValue(Schema):
    id: int
    value: str
    sort: int


class AttrRow(Schema):
    id: int
    shop_id: int = Field(description="0: the platform's")
    shop_name: str
    name: str
    sort: int
    values: list[AttrValue] = Field(description="by sort")
    editable: bool = Field(description="whether the caller may change it (a shop: its own attributes only)")


class AttrPage(ListPage):
    data: list[AttrRow]  # type: ignore[assignment]


class AttrPageOut(ListPageOut):
    data: AttrPage


class AttrScreen(Schema):
    attrs: AttrPage


class AttrScreenOut(Envelope):
    data: AttrScreen


class GoodsRow(Schema):
    """A goods item as the goods list, the review list and the review page show it."""

    id: int
    shop_id: int
    shop_name: str | None = Field(None, description="the shop's name")
    pics: str = Field(description="comma-joined picture paths, the first is the cover")
    name: str
    category_id: int
    category_name: str
    subtitle: str
    price_fen: int = Field(description="the lowest SKU price")
    market_price_fen: int
    stock: int = Field(description="the SKUs' stock together")
    sales: int
    unit: str
    detail: str
    shelf: str
    recommend: str
    review: Literal["draft", "pending", "approved", "rejected"]
    review_reason: str
    sort: int
    version: int
    create_time: str | None


class GoodsPage(ListPage):
    data: list[GoodsRow]  # type: ignore[assignment]


class GoodsPageOut(ListPageOut):
    data: GoodsPage


class SkuOut(Schema):
    id: int
    spec_key: str = Field(description="the values' ids joined by _")
    spec: str
    price_fen: int
    market_price_fen: int
    stock: int
    code: str
    image: str
    value_ids: list[int]


class ChosenValue(Schema):
    id: int
    value: str


class ChosenSpec(Schema):
    attr_id: int
    attr_name: str
    values: list[ChosenValue]


class GoodsDetail(Schema):
    goods: GoodsRow
    skus: list[SkuOut]
    specs: list[ChosenSpec] = Field(description="the attributes and values the SKUs use")


class GoodsDetailOut(Envelope):
    data: GoodsDetail


class ReviewQuery(ListQuery):
    shop_id: int | None = Field(None, ge=0, le=INT_MAX, title="店铺")
    name: str | None = Field(None, max_length=100, title="商品名称")
    review: Literal["pending", "approved", "rejected"] = Field("pending", title="审核状态")
    after: str | None = Field(None, max_length=400, title="分页位置",
                              description="the previous page's `next`: this page is sought, not skipped")


class ReviewScreen(Schema):
    goods: GoodsPage


class ReviewScreenOut(Envelope):
    data: ReviewScreen


class AdGoodsQuery(ListQuery):
    category_id: int = Field(..., ge=1, le=INT_MAX, title="广告分类")
    name: str | None = Field(None, max_length=100, title="商品名称")
    status: Flag | None = Field(None, max_length=1, title="状态")


class AdGoodsRow(Schema):
    id: int
    category_id: int
    shop_id: int
    goods_id: int
    sort: int
    status: str = Field(description="1 shown, 0 hidden")
    create_time: str | None
    goods_name: str = Field(description="empty when the goods item is gone")
    cover: str
    price_fen: int
    stock: int
    shelf: str
    review: str


class AdGoodsOut(Envelope):
    msg: str = "查询成功"
    total: int
    rows: list[AdGoodsRow]


class AdGoodsPage(Schema):
    rows: list[AdGoodsRow]
    total: int


class AdGoodsScreen(Schema):
    goods: AdGoodsPage


class AdGoodsScreenOut(Envelope):
    data: AdGoodsScreen


# ---- group buys (core_api/mall/market) and turntables (core_api/mall/turntable)

class GroupGoodsRow(Schema):
    """A goods item a group buy is (or can be) made of."""

    id: int
    shop_id: int
    shop_name: str | None = None
    name: str
    pics: str
    cover: str = Field(description="the first of the pictures")
    price_fen: int
    stock: int
    sales: int
    category_id: int | None


class GroupGoodsPageOut(RowsTotal):
    rows: list[GroupGoodsRow]


class GroupSku(Schema):
    id: int
    goods_id: int
    spec: str
    price_fen: int
    stock: int
    image: str
    code: str


class GroupSkusOut(Envelope):
    data: list[GroupSku]


class GroupAdded(Schema):
    id: int


class GroupAddedOut(Envelope):
    data: GroupAdded


class GroupActivitySku(Schema):
    sku_id: int
    spec: str
    sku_price_fen: int
    price_fen: int


class GroupTeams(Schema):
    open: int
    full: int
    expired: int


class GroupActivityInfo(Schema):
    """One group buy: its goods, the group price of each SKU and its teams by status."""

    id: int
    shop_id: int
    shop_name: str | None = None
    goods_id: int
    goods_name: str
    team_size: int
    hours: int
    min_price_fen: int
    start_time: str | None
    end_time: str | None
    create_time: str | None
    skus: list[GroupActivitySku]
    teams: GroupTeams


class GroupActivityInfoOut(Envelope):
    data: GroupActivityInfo


class GroupBuyPanel(Schema):
    """Above the group buys' list: the goods that have group buys the caller may see, to filter the list by."""

    kind: Literal["groupBuy"] = "groupBuy"
    goods: list[GroupGoodsRow]


GiftKind = Literal["points", "coupon", "goods", "none"]


class GiftRow(Schema):
    id: int
    turntable_id: int
    name: str
    image: str
    kind: GiftKind
    value: int
    weight: int
    stock: int
    daily_cap: int
    sort: int


class GiftPage(ListPage):
    data: list[GiftRow]  # type: ignore[assignment]
    total_weight: int = Field(description="the weights of all the turntable's gifts, added (10 000 to go on shelf)")
    version: int = Field(description="the turntable's odds version")
    shelf: str = Field(description="the turntable's shelf flag: 1 on shelf")


class GiftPageOut(ListPageOut):
    data: GiftPage


class GiftSaved(Schema):
    id: int
    version: int = Field(description="the turntable's new odds version")


class GiftSavedOut(Envelope):
    data: GiftSaved


class ShelfFlag(Schema):
    shelf: str = Field(description="1 on shelf, 0 off")


class TurntableShelfOut(Envelope):
    data: ShelfFlag | None = Field(None, description="the shelf call: the new flag (a delete answers none)")


class TurntableChoice(Schema):
    id: int
    name: str
    shelf: str


class TurntablePanel(Schema):
    """Above the turntables' list: the turntables to pick one of and edit its gifts (newest first)."""

    kind: Literal["turntable"] = "turntable"
    turntables: list[TurntableChoice]
