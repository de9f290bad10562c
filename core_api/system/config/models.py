from tortoise import fields

from core_api.platform.models import Audited


class SysConfig(Audited):
    config_id = fields.BigIntField(primary_key=True)
    config_name = fields.CharField(max_length=100)
    config_key = fields.CharField(max_length=100, unique=True)
    config_value = fields.CharField(max_length=500)
    config_type = fields.CharField(max_length=1, default="N")  # "Y" built in

    class Meta:
        table = "sys_config"
