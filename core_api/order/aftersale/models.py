from tortoise import fields
from tortoise.models import Model


class OrderAfterSale(Model):
    """A buyer after-sale request on one order line: a refund only, or a return and refund. Its status moves only
    by core_api.order.aftersale.service (a conditional update and an order log row each time)."""

    id = fields.BigIntField(primary_key=True)
    after_sale_no = fields.CharField(max_length=32, unique=True)
    request_no = fields.CharField(max_length=64, unique=True)  # the app request id: a repeat applies nothing
    uid = fields.BigIntField(db_index=True)
    main_id = fields.BigIntField()
    shop_order_id = fields.BigIntField(db_index=True)
    shop_id = fields.BigIntField()
    line_id = fields.BigIntField(db_index=True)
    kind = fields.CharField(max_length=16)  # refund, return_refund
    status = fields.CharField(max_length=16, default="applied")
    quantity = fields.IntField()
    amount_fen = fields.BigIntField()
    before_ship = fields.BooleanField(default=False)  # applied before the goods left: stock comes back
    reason = fields.CharField(max_length=200, default="")
    images: list = fields.JSONField(default=list)
    reject_reason = fields.CharField(max_length=200, default="")
    carrier = fields.CharField(max_length=32, default="")
    tracking_no = fields.CharField(max_length=64, default="")
    sellable = fields.BooleanField(null=True)  # the returned goods received: back to stock or not
    approver_id = fields.BigIntField(null=True)
    approver = fields.CharField(max_length=64, default="")
    refund_id = fields.BigIntField(null=True)
    version = fields.IntField(default=0)
    create_time = fields.DatetimeField(db_index=True)
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "order_after_sale"
        indexes = (("shop_id", "status", "create_time"), ("status", "create_time"))


class OrderRefund(Model):
    """The money of one after-sale paid back: its refund number is fixed (and committed) before the wallet is
    called, and a retry reuses it. points_back and points_reversed are the points moved on success, and
    points_unreversed the earned points the buyer had already spent."""

    id = fields.BigIntField(primary_key=True)
    refund_no = fields.CharField(max_length=32, unique=True)
    after_sale_id = fields.BigIntField(unique=True)
    main_id = fields.BigIntField()
    main_no = fields.CharField(max_length=32)
    shop_order_id = fields.BigIntField(db_index=True)
    shop_id = fields.BigIntField()
    line_id = fields.BigIntField()
    uid = fields.BigIntField(db_index=True)
    amount_fen = fields.BigIntField()
    status = fields.CharField(max_length=16, default="refunding")  # refunding, refunded, failed
    reason = fields.CharField(max_length=200, default="")
    trade_no = fields.CharField(max_length=64, default="")
    attempts = fields.IntField(default=0)
    executor_id = fields.BigIntField(null=True)
    executor = fields.CharField(max_length=64, default="")
    points_back = fields.BigIntField(default=0)
    points_reversed = fields.BigIntField(default=0)
    points_unreversed = fields.BigIntField(default=0)
    create_time = fields.DatetimeField(db_index=True)
    update_time = fields.DatetimeField(null=True)
    finish_time = fields.DatetimeField(null=True)

    class Meta:
        table = "order_refund"
