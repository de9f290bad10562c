from typing import TYPE_CHECKING

from tortoise import fields
from tortoise.models import Model

from core_api.platform import sms

if TYPE_CHECKING:
    from core_api.system.user.models import SysUser


class UserSession(Model):
    """A signed-in browser or client. The token itself is never stored, only its SHA-256."""

    id = fields.BigIntField(primary_key=True)
    token_hash = fields.CharField(max_length=64, unique=True)
    user: fields.ForeignKeyRelation["SysUser"] = fields.ForeignKeyField(
        "models.SysUser", related_name="sessions", on_delete=fields.CASCADE)
    user_name = fields.CharField(max_length=30)
    dept_name = fields.CharField(max_length=50, default="")
    ipaddr = fields.CharField(max_length=128, default="")
    login_location = fields.CharField(max_length=255, default="")
    browser = fields.CharField(max_length=50, default="")
    os = fields.CharField(max_length=50, default="")
    login_time = fields.DatetimeField()
    last_seen = fields.FloatField()  # unix seconds of the last sliding touch
    expires_at = fields.FloatField(db_index=True)

    class Meta:
        table = "sys_user_session"


class SmsMessage(Model):
    """What the local SMS adapter 'sent': the outbox a developer reads codes from."""

    id = fields.BigIntField(primary_key=True)
    phone = fields.CharField(max_length=20, db_index=True)
    content = fields.CharField(max_length=500)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "sys_sms_outbox"


sms.OUTBOX[:] = [lambda phone, content: SmsMessage.create(phone=phone, content=content)]  # the local SMS provider
