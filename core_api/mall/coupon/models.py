from tortoise import fields
from tortoise.models import Model


class MallCoupon(Model):
    """A discount voucher. shop_id 0 is a platform coupon. kind amount (amount_fen off above threshold_fen) or
    percent (discount_bp, at most cap_fen off). scope all, category, goods or except (ids in mall_coupon_target).
    validity window (valid_start to valid_end) or days (valid_days from claiming). issued never exceeds total."""

    id = fields.BigIntField(primary_key=True)
    shop_id = fields.BigIntField(default=0, db_index=True)
    name = fields.CharField(max_length=64)
    kind = fields.CharField(max_length=16, default="amount")  # biz_coupon_kind
    amount_fen = fields.BigIntField(default=0)
    threshold_fen = fields.BigIntField(default=0)  # 0: no threshold
    discount_bp = fields.IntField(default=0)  # 8500: pay 85 %
    cap_fen = fields.BigIntField(default=0)  # the most a percentage coupon takes off, 0: no cap
    scope = fields.CharField(max_length=16, default="all")  # biz_coupon_scope
    target_ids = fields.CharField(max_length=2000, default="")  # comma-joined, kept in mall_coupon_target
    validity = fields.CharField(max_length=16, default="window")  # biz_coupon_validity
    valid_start = fields.DatetimeField(null=True)
    valid_end = fields.DatetimeField(null=True)
    valid_days = fields.IntField(default=0)
    claim_start = fields.DatetimeField(null=True)
    claim_end = fields.DatetimeField(null=True)
    total = fields.IntField(default=0)  # the issue cap
    issued = fields.IntField(default=0)  # claimed so far: one conditional update per claim
    per_user = fields.IntField(default=1)
    shelf = fields.CharField(max_length=1, default="0")
    sort = fields.IntField(default=0)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_coupon"


class MallCouponTarget(Model):
    """A category or goods id a coupon scope names."""

    id = fields.BigIntField(primary_key=True)
    coupon_id = fields.BigIntField()
    target_id = fields.BigIntField(db_index=True)

    class Meta:
        table = "mall_coupon_target"
        unique_together = (("coupon_id", "target_id"),)


class MallUserCoupon(Model):
    """A coupon an app user claimed, with its own validity. seq counts the user claims of the coupon: the unique
    (coupon_id, uid, seq) keeps the per-user cap under concurrent claims."""

    id = fields.BigIntField(primary_key=True)
    coupon_id = fields.BigIntField()
    uid = fields.BigIntField(db_index=True)
    shop_id = fields.BigIntField(default=0)
    seq = fields.IntField(default=1)
    status = fields.CharField(max_length=16, default="unused")  # unused, used, expired
    valid_start = fields.DatetimeField()
    valid_end = fields.DatetimeField()
    request_no = fields.CharField(max_length=64, null=True, unique=True)
    claim_time = fields.DatetimeField()
    use_time = fields.DatetimeField(null=True)
    order_no = fields.CharField(max_length=64, default="")

    class Meta:
        table = "mall_user_coupon"
        unique_together = (("coupon_id", "uid", "seq"),)
