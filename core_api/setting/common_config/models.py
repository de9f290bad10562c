from tortoise import fields
from tortoise.models import Model


class CommonConfig(Model):
    """A generic configuration record (V1): a typed value under a unique key, grouped, on or off the shelf."""

    id = fields.BigIntField(primary_key=True)
    config_key = fields.CharField(max_length=100, unique=True)
    config_name = fields.CharField(max_length=100)
    config_value = fields.TextField(default="")
    value_type = fields.CharField(max_length=8, default="string")  # biz_config_value_type
    group_name = fields.CharField(max_length=32, default="", db_index=True)
    remark = fields.CharField(max_length=500, default="")
    sort = fields.IntField(default=0)
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "common_config"


class CommonConfigV2(Model):
    """A configuration record (V2): a key's value for a platform and a range of app version codes. A key may
    hold several records (one per platform and lowest version); the app takes the one matching it."""

    id = fields.BigIntField(primary_key=True)
    config_key = fields.CharField(max_length=100)
    config_name = fields.CharField(max_length=100)
    platform = fields.CharField(max_length=16, default="all")  # biz_config_platform
    min_version = fields.IntField(default=0)
    max_version = fields.IntField(default=0)  # 0: no upper bound
    config_value = fields.TextField(default="")
    value_type = fields.CharField(max_length=8, default="string")  # biz_config_value_type
    group_name = fields.CharField(max_length=32, default="", db_index=True)
    remark = fields.CharField(max_length=500, default="")
    sort = fields.IntField(default=0)
    shelf = fields.CharField(max_length=1, default="1")
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True, db_index=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "common_config_v2"
        unique_together = (("config_key", "platform", "min_version"),)
