from tortoise import fields
from tortoise.models import Model


class MallAdCategory(Model):
    """An ad category of a shop (a tab of its page) holding goods of the shop in an order of their own."""

    id = fields.BigIntField(primary_key=True)
    shop_id = fields.BigIntField()
    name = fields.CharField(max_length=32)
    sort = fields.IntField(default=0)
    status = fields.CharField(max_length=1, default="1")  # 1 shown, 0 hidden
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_ad_category"
        unique_together = (("shop_id", "name"),)


class MallAdGoods(Model):
    """A goods item in an ad category, once per category, with its sort number and status."""

    id = fields.BigIntField(primary_key=True)
    category_id = fields.BigIntField()
    shop_id = fields.BigIntField(db_index=True)
    goods_id = fields.BigIntField(db_index=True)
    sort = fields.IntField(default=0)
    status = fields.CharField(max_length=1, default="1")  # 1 shown, 0 hidden
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "mall_ad_goods"
        unique_together = (("category_id", "goods_id"),)
