from tortoise import fields
from tortoise.models import Model


class MallIntegralGoods(Model):
    """A goods item of the points mall (the platform's): bought with points and optionally some cash."""

    id = fields.BigIntField(primary_key=True)
    name = fields.CharField(max_length=100)
    pics = fields.CharField(max_length=2000, default="")  # comma-joined stored image addresses, the first is the cover
    category_id = fields.BigIntField(db_index=True)  # a mall category of kind integral
    points = fields.IntField()  # the price in points
    cash_fen = fields.BigIntField(default=0)  # cash paid beside the points
    stock = fields.IntField(default=0)  # never below zero: redemptions take it with a conditional decrement
    limit_per_user = fields.IntField(default=0)  # 0: no limit
    sales = fields.IntField(default=0)
    sort = fields.IntField(default=0)
    shelf = fields.CharField(max_length=1, default="0")
    detail = fields.TextField(default="")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_integral_goods"
