from tortoise import fields
from tortoise.models import Model


class OrderComment(Model):
    """A buyer review of one bought line of a completed shop order, fed by the app server (one per line). Staff
    read and delete them, the shop staff only their own shop reviews."""

    id = fields.BigIntField(primary_key=True)
    shop_id = fields.BigIntField(default=0)
    shop_order_id = fields.BigIntField(default=0, db_index=True)
    line_id = fields.BigIntField(unique=True)
    goods_id = fields.BigIntField(default=0, db_index=True)
    uid = fields.BigIntField(db_index=True)
    score = fields.IntField(default=5)
    content = fields.CharField(max_length=1000, default="")
    images = fields.CharField(max_length=2000, default="")
    reply = fields.CharField(max_length=500, default="")
    create_time = fields.DatetimeField(db_index=True)

    class Meta:
        table = "order_comment"
        indexes = (("shop_id", "create_time"),)
