from tortoise import fields
from tortoise.models import Model


# A payment QR code: pending until the provider's signed callback says paid (never back), or expired.
class FinancePayCode(Model):
    id = fields.BigIntField(primary_key=True)
    order_no = fields.CharField(max_length=32, unique=True)  # our out_trade_no, fixed before the provider call
    provider = fields.CharField(max_length=16)  # the wallet's short name
    amount_fen = fields.BigIntField()
    subject = fields.CharField(max_length=64)
    remark = fields.CharField(max_length=200, default="")
    status = fields.CharField(max_length=16, default="pending", db_index=True)  # pending paid expired closed
    code_url = fields.CharField(max_length=500, default="")
    provider_trade_no = fields.CharField(max_length=64, default="")
    expires_at = fields.DatetimeField()
    paid_at = fields.DatetimeField(null=True)
    paid_late = fields.BooleanField(default=False)  # the payment arrived after the code had expired
    notify_count = fields.IntField(default=0)  # callbacks received (repeats included)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(db_index=True)

    class Meta:
        table = "finance_pay_code"
