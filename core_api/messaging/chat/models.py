from typing import TYPE_CHECKING

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from core_api.system.user.models import SysUser


class ChatRoom(Model):
    """A conversation between the service desk and one app user or one shop. ``id`` is the spec's
    ``shopId`` of a room."""

    id = fields.BigIntField(primary_key=True)
    desk_shop_id = fields.BigIntField(default=0)  # 0: the platform's own service desk
    peer_kind = fields.CharField(max_length=5)  # "user" (an app user) or "shop"
    peer_id = fields.BigIntField()
    peer_shop_type = fields.IntField(default=0)
    peer_name = fields.CharField(max_length=64, default="")
    peer_avatar = fields.CharField(max_length=500, default="")
    status = fields.CharField(max_length=8, default="open")  # open, pending, resolved
    assignee: fields.ForeignKeyNullableRelation["SysUser"] = fields.ForeignKeyField(
        "models.SysUser", related_name="chat_rooms", null=True, on_delete=fields.SET_NULL)
    last_message_id = fields.BigIntField(default=0)
    last_preview = fields.CharField(max_length=200, default="")
    last_content_type = fields.CharField(max_length=3, default="txt")
    last_message_at = fields.DatetimeField(null=True, db_index=True)
    staff_read_id = fields.BigIntField(default=0)  # the desk has read up to this message
    peer_read_id = fields.BigIntField(default=0)
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "chat_room"
        unique_together = (("desk_shop_id", "peer_kind", "peer_id"),)


class ChatMessage(Model):
    id = fields.BigIntField(primary_key=True)
    room: fields.ForeignKeyRelation["ChatRoom"] = fields.ForeignKeyField(
        "models.ChatRoom", related_name="messages", on_delete=fields.CASCADE)
    from_peer = fields.BooleanField()  # True: the app user or shop wrote it; False: a staff member
    sender_id = fields.BigIntField()
    sender_name = fields.CharField(max_length=64, default="")
    sender_avatar = fields.CharField(max_length=500, default="")
    content = fields.TextField()  # JSON list of segments {type: "txt"|"img", txt?, url?}
    content_type = fields.CharField(max_length=3, default="txt")
    client_msg_id = fields.CharField(max_length=64, null=True)
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "chat_message"
        unique_together = (("room_id", "from_peer", "sender_id", "client_msg_id"),)
        indexes = (("room_id", "id"),)
