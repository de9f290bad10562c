from tortoise import fields
from tortoise.models import Model


class OrderIntegral(Model):
    """A points-mall redemption: the goods as redeemed, the points taken, the receiver and the shipment. Status
    to_ship, shipped, completed or cancelled, changed only by a conditional update."""

    id = fields.BigIntField(primary_key=True)
    order_no = fields.CharField(max_length=32, unique=True)
    request_no = fields.CharField(max_length=64, unique=True)  # the app request id: a repeat redeems nothing
    uid = fields.BigIntField(db_index=True)
    goods_id = fields.BigIntField(db_index=True)
    goods_name = fields.CharField(max_length=100)
    goods_image = fields.CharField(max_length=500, default="")
    unit_points = fields.BigIntField()
    quantity = fields.IntField()
    points = fields.BigIntField()  # unit_points x quantity, debited from the ledger
    status = fields.CharField(max_length=16, default="to_ship")
    receiver_name = fields.CharField(max_length=32, default="")
    receiver_phone = fields.CharField(max_length=20, default="")
    receiver_address = fields.CharField(max_length=200, default="")
    carrier = fields.CharField(max_length=32, default="")  # the biz_logistics_company dictionary value
    tracking_no = fields.CharField(max_length=64, default="")
    shipped_by = fields.CharField(max_length=64, default="")
    shipped_at = fields.DatetimeField(null=True)
    cancelled_by = fields.CharField(max_length=64, default="")
    cancel_reason = fields.CharField(max_length=200, default="")
    cancelled_at = fields.DatetimeField(null=True)
    completed_at = fields.DatetimeField(null=True)
    version = fields.IntField(default=0)
    create_time = fields.DatetimeField(db_index=True)
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "order_integral"
