from tortoise import fields

from core_api.platform.models import Stamped


class CdkeyRecord(Stamped):
    """A redeem code: generated in batches, redeemed once (a conditional update from unused)."""

    id = fields.BigIntField(primary_key=True)
    batch_no = fields.CharField(max_length=32, db_index=True)
    code = fields.CharField(max_length=32, unique=True)
    reward_type = fields.CharField(max_length=16)  # biz_cdkey_reward
    amount = fields.BigIntField(default=0)  # integer (fen for money rewards, a count otherwise)
    status = fields.CharField(max_length=1, default="0", db_index=True)  # biz_cdkey_status
    redeemed_by = fields.BigIntField(null=True, db_index=True)
    redeemed_time = fields.DatetimeField(null=True)
    expire_time = fields.DatetimeField(null=True)

    class Meta:
        table = "content_cdkey"
