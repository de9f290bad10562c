"""What the app writes about its users and the console reviews: favourites, postings and their comments,
sign-in tokens, sign-in checks and the daily sign-in figures."""

from tortoise import fields

from core_api.platform.models import Stamped


class Collection(Stamped):
    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    target_type = fields.CharField(max_length=2, default="1")  # biz_collect_type
    target_id = fields.BigIntField()
    title = fields.CharField(max_length=200, default="")

    class Meta:
        table = "account_collect"
        unique_together = (("uid", "target_type", "target_id"),)


class Release(Stamped):
    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    content = fields.TextField()
    images = fields.CharField(max_length=2000, default="")
    city = fields.CharField(max_length=64, default="")
    visibility = fields.CharField(max_length=1, default="0")  # biz_release_visibility
    like_count = fields.IntField(default=0)
    comment_count = fields.IntField(default=0)

    class Meta:
        table = "account_release"


class ReleaseComment(Stamped):
    id = fields.BigIntField(primary_key=True)
    release_id = fields.BigIntField(db_index=True)
    uid = fields.BigIntField(db_index=True)
    reply_uid = fields.BigIntField(null=True)
    content = fields.CharField(max_length=1000)

    class Meta:
        table = "account_release_comment"


class LoginToken(Stamped):
    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    device = fields.CharField(max_length=64, default="")
    platform = fields.CharField(max_length=16, default="")  # biz_platform
    ip = fields.CharField(max_length=64, default="")
    expire_time = fields.DatetimeField(null=True)
    status = fields.CharField(max_length=1, default="0")  # biz_token_status: 0 active, 1 ended

    class Meta:
        table = "account_login_token"


class LoginCheck(Stamped):
    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    check_type = fields.CharField(max_length=2, default="1")  # biz_login_check_type
    device = fields.CharField(max_length=64, default="")
    ip = fields.CharField(max_length=64, default="")
    result = fields.CharField(max_length=1, default="0")  # biz_check_result: 0 passed, 1 refused
    reason = fields.CharField(max_length=200, default="")

    class Meta:
        table = "account_login_check"


class LoginChart(Stamped):
    # One day's sign-in figures (AccountChartLogin), kept per day and platform.

    id = fields.BigIntField(primary_key=True)
    stat_date = fields.DateField()
    platform = fields.CharField(max_length=16, default="all")
    login_users = fields.IntField(default=0)
    new_users = fields.IntField(default=0)
    login_times = fields.IntField(default=0)

    class Meta:
        table = "account_chart_login"
        unique_together = (("stat_date", "platform"),)
