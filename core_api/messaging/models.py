from typing import TYPE_CHECKING

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from core_api.system.user.models import SysUser


class SysMessage(Model):
    """One message-centre entry for one recipient: a system message or an order message."""

    id = fields.BigIntField(primary_key=True)
    recipient: fields.ForeignKeyRelation["SysUser"] = fields.ForeignKeyField(
        "models.SysUser", related_name="messages", on_delete=fields.CASCADE)
    kind = fields.CharField(max_length=5)  # "sys" or "order"
    message_type = fields.IntField(default=0)  # e.g. 1901 order placed (opens the order detail)
    type_no = fields.CharField(max_length=64, default="")  # e.g. the order number
    title = fields.CharField(max_length=100)
    content = fields.CharField(max_length=1000, default="")
    source_key = fields.CharField(max_length=100)  # the event that made it: one message per (source, recipient)
    readed = fields.BooleanField(default=False)
    read_at = fields.DatetimeField(null=True)
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "sys_message"
        unique_together = (("source_key", "recipient"),)
        indexes = (("recipient_id", "kind", "readed"),)
