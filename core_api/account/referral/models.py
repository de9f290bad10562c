from tortoise import fields
from tortoise.models import Model


class Referral(Model):
    # Who brought whom (first distribution): one referrer per app user, confirmed once by an operator.

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(unique=True)
    referrer_uid = fields.BigIntField(db_index=True)
    source = fields.CharField(max_length=1, default="1")  # biz_referral_source: 1 invite code, 2 console
    status = fields.CharField(max_length=1, default="0", db_index=True)  # biz_confirm_status
    confirmed_by = fields.CharField(max_length=64, default="")
    confirmed_time = fields.DatetimeField(null=True)
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)

    class Meta:
        table = "account_referral"


class Replenishment(Model):
    # A referral reward claimed after the fact (an order placed before the relationship was recorded).

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    referrer_uid = fields.BigIntField(db_index=True)
    order_no = fields.CharField(max_length=32, unique=True)
    amount = fields.BigIntField(default=0)  # fen
    reason = fields.CharField(max_length=200, default="")
    status = fields.CharField(max_length=1, default="0", db_index=True)  # biz_confirm_status
    confirmed_by = fields.CharField(max_length=64, default="")
    confirmed_time = fields.DatetimeField(null=True)
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)

    class Meta:
        table = "account_replenishment"


class ReleasePermission(Model):
    # Whether an app user may publish postings; the console grants or revokes it.

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(unique=True)
    allowed = fields.CharField(max_length=1, default="1")  # biz_release_allowed
    reason = fields.CharField(max_length=200, default="")
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)

    class Meta:
        table = "account_release_permission"
