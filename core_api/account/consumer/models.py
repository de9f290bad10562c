"""App users (consumers) as the console keeps them, and their sign-in records."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from core_api.platform import partitions

YES, NO = "1", "0"


class AccountConsumer(Model):
    """One app user, keyed by uid (the app's own user id) in every action.

    The flags frozen, muted and usable are one-character text: 1 means the flag's name holds, 0 it does not."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(unique=True)
    nick_name = fields.CharField(max_length=64, default="")
    phone = fields.CharField(max_length=20, null=True, unique=True)
    avatar = fields.CharField(max_length=500, default="")
    sex = fields.CharField(max_length=1, default="2")  # 0 male 1 female 2 unknown (sys_user_sex)
    invite_code = fields.CharField(max_length=16, unique=True)
    referrer_uid = fields.BigIntField(null=True, db_index=True)
    frozen = fields.CharField(max_length=1, default=NO)
    muted = fields.CharField(max_length=1, default=NO)
    usable = fields.CharField(max_length=1, default=YES)
    register_time = fields.DatetimeField()
    last_login_time = fields.DatetimeField(null=True)
    last_login_ip = fields.CharField(max_length=128, default="")
    last_login_city = fields.CharField(max_length=64, default="")
    password_hash = fields.CharField(max_length=255, default="")  # never answered
    create_time = fields.DatetimeField(auto_now_add=True)
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "account_consumer"
        indexes = (("register_time",), ("frozen", "register_time"), ("muted", "register_time"),
                   ("usable", "register_time"), ("last_login_time",))


class AccountSignIn(Model):
    """One sign-in of an app user, as the app server reports it (charts by day and by city)."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField()
    ip = fields.CharField(max_length=128, default="")
    province = fields.CharField(max_length=32, default="")  # short name, as the map names it: 广东, 内蒙古
    city = fields.CharField(max_length=64, default="")
    device = fields.CharField(max_length=128, default="")
    sign_in_time = fields.DatetimeField()

    class Meta:
        table = "account_sign_in"
        # (sign_in_time, uid, province, city) covers every chart aggregate of a date range
        # (core_api/account/charts): an index-only range scan, never the whole table.
        indexes = (("sign_in_time", "uid", "province", "city"), ("city", "sign_in_time"), ("uid", "sign_in_time"))


partitions.register("account_sign_in", "sign_in_time", keep="24", title="用户登录记录")  # by month on PostgreSQL


class AccountUserFriend(Model):
    # One side of a friendship as the app keeps it (an IM contact): two rows per friendship, one per
    # direction, each side with its own remark, source and block. Written by the app server (partner API);
    # the console reads it (the friend list sub-page of a user).

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField()  # whose contact list
    friend_uid = fields.BigIntField(db_index=True)
    remark = fields.CharField(max_length=64, default="")  # the name uid gave the friend
    source = fields.CharField(max_length=2, default="0")  # biz_friend_source: how they met
    blocked = fields.CharField(max_length=1, default=NO)  # uid refuses the friend's messages
    create_time = fields.DatetimeField()  # when the request was accepted

    class Meta:
        table = "account_user_friend"
        unique_together = (("uid", "friend_uid"),)
        indexes = (("uid", "id"),)
