from tortoise import fields

from core_api.platform.models import Stamped


class IdentityVerification(Stamped):
    """An app user's identity submission (AccountUserAuth): submitted by the app, decided once by an operator."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    real_name = fields.CharField(max_length=32)
    id_number = fields.CharField(max_length=18)
    front_image = fields.CharField(max_length=500, default="")
    back_image = fields.CharField(max_length=500, default="")
    hand_image = fields.CharField(max_length=500, default="")
    status = fields.CharField(max_length=1, default="0", db_index=True)  # biz_audit_status
    audit_remark = fields.CharField(max_length=200, default="")
    audit_by = fields.CharField(max_length=64, default="")
    audit_time = fields.DatetimeField(null=True)

    class Meta:
        table = "account_user_auth"
