from tortoise import fields

from core_api.platform import webhook
from core_api.platform.models import Audited


class SysConfig(Audited):
    config_id = fields.BigIntField(primary_key=True)
    config_name = fields.CharField(max_length=100)
    config_key = fields.CharField(max_length=100, unique=True)
    config_value = fields.CharField(max_length=500)
    config_type = fields.CharField(max_length=1, default="N")  # "Y" built in

    class Meta:
        table = "sys_config"


async def stored_parameter(key: str) -> str | None:
    """A parameter's value as stored (no cache: a worker reads it where no config service runs)."""
    values = await SysConfig.filter(config_key=key).values_list("config_value", flat=True)
    return str(values[0]) if values else None


webhook.PARAMETERS[:] = [stored_parameter]  # the app server's webhook address (core_api/platform/webhook.py)
