from tortoise import fields
from tortoise.models import Model

from core_api.platform.models import Stamped


class ImGroup(Stamped):
    """An IM group of the app (NoticeImGroup): fed by the app, curated (shelf, notice) in the console."""

    id = fields.BigIntField(primary_key=True)
    group_id = fields.CharField(max_length=64, unique=True)  # the app's id of the group
    name = fields.CharField(max_length=64)
    avatar = fields.CharField(max_length=500, default="")
    owner_uid = fields.BigIntField(db_index=True)
    member_count = fields.IntField(default=0)
    max_members = fields.IntField(default=500)
    notice = fields.CharField(max_length=500, default="")
    mute_all = fields.CharField(max_length=1, default="0")  # biz_yes_no01

    class Meta:
        table = "im_group"


class ImGroupMember(Model):
    """A member of an IM group (the group-users page): one row per (group, uid)."""

    id = fields.BigIntField(primary_key=True)
    group_id = fields.CharField(max_length=64)  # the app's id of the group (im_group.group_id)
    uid = fields.BigIntField(db_index=True)
    nick = fields.CharField(max_length=64, default="")
    role = fields.CharField(max_length=8, default="member")  # biz_im_member_role
    blocked = fields.CharField(max_length=1, default="0")  # biz_im_blocked
    joined_time = fields.DatetimeField(null=True)
    block_by = fields.CharField(max_length=64, default="")
    block_time = fields.DatetimeField(null=True)

    class Meta:
        table = "im_group_member"
        unique_together = (("group_id", "uid"),)
