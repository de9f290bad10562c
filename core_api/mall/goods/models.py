from tortoise import fields
from tortoise.models import Model


class MallCategory(Model):
    """A goods category (a two-level tree). ``kind``: goods, picture (a picture-library type) or integral
    (points-mall goods)."""

    id = fields.BigIntField(primary_key=True)
    parent_id = fields.BigIntField(default=0, db_index=True)
    kind = fields.CharField(max_length=16, default="goods", db_index=True)
    name = fields.CharField(max_length=32)
    icon = fields.CharField(max_length=500, default="")
    sort = fields.IntField(default=0)
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_category"
        unique_together = (("kind", "parent_id", "name"),)


class MallGoods(Model):
    """A goods item of one shop. Sold only when on shelf and approved, its prices and stock are those of its SKUs."""

    id = fields.BigIntField(primary_key=True)
    shop_id = fields.BigIntField()
    category_id = fields.BigIntField(db_index=True)  # a leaf of the goods categories
    name = fields.CharField(max_length=100)
    subtitle = fields.CharField(max_length=200, default="")
    pics = fields.CharField(max_length=2000, default="")  # comma-joined image URLs, the first is the cover
    detail = fields.TextField(default="")
    price_fen = fields.BigIntField(default=0)  # the lowest SKU price, kept with the SKUs
    market_price_fen = fields.BigIntField(default=0)
    stock = fields.IntField(default=0)  # the SKUs' stock together
    sales = fields.IntField(default=0)
    unit = fields.CharField(max_length=8, default="件")
    shelf = fields.CharField(max_length=1, default="0")
    recommend = fields.CharField(max_length=1, default="0")
    review = fields.CharField(max_length=16, default="draft", db_index=True)  # draft, pending, approved, rejected
    review_reason = fields.CharField(max_length=200, default="")
    source = fields.CharField(max_length=16, default="own")  # own, or a supply-chain provider's name
    source_ref = fields.CharField(max_length=64, null=True)  # the provider's goods id
    sort = fields.IntField(default=0)
    version = fields.IntField(default=0)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_goods"
        unique_together = (("source", "source_ref"),)
        indexes = (("shop_id", "id"), ("category_id", "id"))


class MallAttr(Model):
    """A goods attribute (颜色, 尺码) and, in ``MallAttrValue``, its values: the axes of the SKU matrix of a goods item.
    ``shop_id`` 0: the platform's, offered to every shop."""

    id = fields.BigIntField(primary_key=True)
    shop_id = fields.BigIntField(default=0, db_index=True)
    name = fields.CharField(max_length=32)
    sort = fields.IntField(default=0)
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "mall_attr"
        unique_together = (("shop_id", "name"),)


class MallAttrValue(Model):
    id = fields.BigIntField(primary_key=True)
    attr_id = fields.BigIntField(db_index=True)
    shop_id = fields.BigIntField(default=0)
    value = fields.CharField(max_length=32)
    sort = fields.IntField(default=0)

    class Meta:
        table = "mall_attr_value"
        unique_together = (("attr_id", "value"),)


class MallSku(Model):
    """One combination of the attribute values of a goods item, with its own price, stock, code and image.
    ``spec_key``: the value ids, sorted and joined by "_" (unique per goods item); ``spec``: 颜色:红;尺码:M."""

    id = fields.BigIntField(primary_key=True)
    goods_id = fields.BigIntField()
    shop_id = fields.BigIntField(db_index=True)
    spec_key = fields.CharField(max_length=200)
    spec = fields.CharField(max_length=300, default="")
    price_fen = fields.BigIntField()
    market_price_fen = fields.BigIntField(default=0)
    stock = fields.IntField(default=0)  # never below zero: orders reserve with a conditional decrement
    code = fields.CharField(max_length=64, default="")
    image = fields.CharField(max_length=500, default="")
    source_ref = fields.CharField(max_length=64, null=True)  # the supply-chain provider's SKU id

    class Meta:
        table = "mall_sku"
        unique_together = (("goods_id", "spec_key"),)
