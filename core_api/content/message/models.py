from tortoise import fields

from core_api.platform.models import Stamped


class CommonMessage(Stamped):
    """An in-app message to every app user or to chosen ones, fanned out by a worker into user rows."""

    id = fields.BigIntField(primary_key=True)
    title = fields.CharField(max_length=100)
    content = fields.TextField(default="")
    type = fields.CharField(max_length=16, default="0")  # biz_message_type
    target = fields.CharField(max_length=8, default="all")  # biz_message_target: all | users
    target_uids: list | None = fields.JSONField(null=True)  # the chosen uids (target users)
    push_status = fields.CharField(max_length=1, default="0")  # biz_push_status: 0 waiting 1 sending 2 sent
    sent = fields.IntField(default=0)
    total = fields.IntField(default=0)

    class Meta:
        table = "content_message"


class CommonMessageUser(Stamped):
    """The copy of an in-app message for one user, and whether it was read."""

    id = fields.BigIntField(primary_key=True)
    message_id = fields.BigIntField()
    uid = fields.BigIntField(db_index=True)
    is_read = fields.CharField(max_length=1, default="0")  # biz_read_flag
    read_time = fields.DatetimeField(null=True)

    class Meta:
        table = "content_message_user"
        unique_together = (("message_id", "uid"),)
