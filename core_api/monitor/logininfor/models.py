from tortoise import fields
from tortoise.models import Model

from core_api.platform import partitions


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


# by month on PostgreSQL; there the event_id is unique with login_time (the event carries it: a redelivery
# has the same), as a partitioned table requires the partition column in every unique index
partitions.register("sys_logininfor", "login_time", pk="info_id", keep="12", title="登录日志")
