from tortoise import fields

from core_api.platform.models import Stamped


class ConfigRecord(Stamped):
    """What both configuration records hold: a named, typed value in a group, ordered, on or off the shelf."""

    config_name = fields.CharField(max_length=100)
    config_value = fields.TextField(default="")
    value_type = fields.CharField(max_length=8, default="string")  # biz_config_value_type
    group_name = fields.CharField(max_length=32, default="", db_index=True)
    remark = fields.CharField(max_length=500, default="")
    sort = fields.IntField(default=0)

    class Meta:
        abstract = True


class CommonConfig(ConfigRecord):
    """A generic configuration record (V1): a typed value under a unique key, grouped, on or off the shelf."""

    id = fields.BigIntField(primary_key=True)
    config_key = fields.CharField(max_length=100, unique=True)

    class Meta:
        table = "common_config"


class CommonConfigV2(ConfigRecord):
    """A configuration record (V2): a key's value for a platform and a range of app version codes. A key may
    hold several records (one per platform and lowest version); the app takes the one matching it."""

    id = fields.BigIntField(primary_key=True)
    config_key = fields.CharField(max_length=100)
    platform = fields.CharField(max_length=16, default="all")  # biz_config_platform
    min_version = fields.IntField(default=0)
    max_version = fields.IntField(default=0)  # 0: no upper bound

    class Meta:
        table = "common_config_v2"
        unique_together = (("config_key", "platform", "min_version"),)
