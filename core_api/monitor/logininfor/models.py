from tortoise import fields
from tortoise.models import Model


class SysLogininfor(Model):
    info_id = fields.BigIntField(primary_key=True)
    user_name = fields.CharField(max_length=50, default="", db_index=True)
    ipaddr = fields.CharField(max_length=128, default="")
    login_location = fields.CharField(max_length=255, default="")
    browser = fields.CharField(max_length=50, default="")
    os = fields.CharField(max_length=50, default="")
    status = fields.CharField(max_length=1, default="0")  # "0" success, "1" failure
    msg = fields.CharField(max_length=255, default="")
    login_time = fields.DatetimeField(db_index=True)
    event_id = fields.CharField(max_length=32, null=True, unique=True)  # a redelivered event writes nothing

    class Meta:
        table = "sys_logininfor"
