"""The mall's wire shapes: the core's answers the mall screens read and the BFF's mall screens."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core_api.platform.contract import Envelope, ListPage, ListPageOut
from core_api.platform.contract.finance import RowsTotal
from core_api.platform.paging import ListQuery
from core_api.platform.schema import INT_MAX, Flag, Schema, StrictSchema
from core_api.platform.supply import SupplyGoodsRow, SupplyShop


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


GoodsReviewState = Literal["draft", "pending", "approved", "rejected"]


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
    review: GoodsReviewState
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


class GoodsCategoryNode(Schema):
    """A goods category of the two-level tree the goods screens pick from (on shelf, by sort)."""

    id: int
    parent_id: int = Field(description="0: a first-level category")
    name: str
    icon: str
    sort: int
    shelf: str
    children: list[GoodsCategoryNode] | None = Field(None, description="a first-level category's children")


class AttrOption(Schema):
    """An attribute a goods item may use (the platform's, shop 0, or its shop's), with its values by sort."""

    id: int
    shop_id: int
    name: str
    values: list[AttrValue]


class GoodsEditPage(Schema):
    """The goods edit page (GET /admin/mall/shop/goods/add_edit_page): the item (none when new) with its SKUs and
    chosen specs, the category tree and the attributes it may use."""

    goods: GoodsRow | None
    skus: list[SkuOut]
    specs: list[ChosenSpec]
    categories: list[GoodsCategoryNode]
    attrs: list[AttrOption]
    own_shop: int | None = Field(description="a shop account's shop (it makes goods for that shop only)")


class GoodsEditPageOut(Envelope):
    data: GoodsEditPage


class GoodsEditQuery(Schema):
    id: int | None = Field(None, ge=1, le=INT_MAX, title="商品编号", description="absent: a new item")


class GoodsSaved(Schema):
    id: int
    review: GoodsReviewState


class GoodsSavedOut(Envelope):
    data: GoodsSaved


class GoodsSpecsSaved(Schema):
    skus: list[SkuOut]
    price_fen: int = Field(description="the lowest SKU price")
    stock: int = Field(description="the SKUs' stock together")
    review: GoodsReviewState


class GoodsSpecsSavedOut(Envelope):
    data: GoodsSpecsSaved


class GoodsReview(Schema):
    review: GoodsReviewState


class GoodsReviewOut(Envelope):
    data: GoodsReview


# ---- the supply chain (core_api.mall.supply): the provider's shops and cloud goods, a sync

SUPPLY_REF = r"^[A-Za-z0-9_-]{1,64}$"


class SupplyShopRow(SupplyShop):
    local_shop_id: int | None = Field(description="the local shop it maps to, once a goods item of it was synced")
    local_shop_name: str


class SupplyShops(Schema):
    provider: str = Field(description="the supply-chain provider's short name")
    shops: list[SupplyShopRow]


class SupplyShopsOut(Envelope):
    data: SupplyShops


class CloudQuery(StrictSchema):
    """The provider's cloud goods asked for: the core's list body, the BFF supply screen's query."""

    shop_id: str | None = Field(None, pattern=SUPPLY_REF, title="供应链店铺")
    keyword: str | None = Field(None, max_length=50, title="商品名称")
    page_num: int = Field(1, ge=1, le=10_000, title="页码")
    page_size: int = Field(20, ge=1, le=100, title="每页条数")


class CloudGoodsRow(SupplyGoodsRow):
    local_goods_id: int | None = Field(description="the local goods item it was synced into")
    local_price_fen: int | None
    local_stock: int | None
    local_shelf: str | None
    outdated: bool = Field(description="synced, and the provider's price or stock changed since")


class CloudGoodsPage(ListPage):
    data: list[CloudGoodsRow]  # type: ignore[assignment]
    provider: str = Field(description="the supply-chain provider's short name")


class CloudGoodsPageOut(ListPageOut):
    data: CloudGoodsPage


class SupplySynced(Schema):
    goods_id: int = Field(description="the local goods item")
    created: bool
    changed: list[str] = Field(description="the goods item's fields the sync changed")
    skus_created: int
    skus_updated: int
    skus_unchanged: int
    skus_retired: int
    unchanged: bool


class SupplySyncedOut(Envelope):
    data: SupplySynced


class SupplyScreen(Schema):
    shops: SupplyShops
    goods: CloudGoodsPage


class SupplyScreenOut(Envelope):
    data: SupplyScreen


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
