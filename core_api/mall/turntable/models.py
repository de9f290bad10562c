from tortoise import fields
from tortoise.models import Model


class MallTurntable(Model):
    """A points turntable: a draw costs points, each user draws at most daily_limit times a day in its window.
    version is the current odds version (mall_turntable_version)."""

    id = fields.BigIntField(primary_key=True)
    name = fields.CharField(max_length=64)
    points = fields.IntField(default=0)  # per draw
    daily_limit = fields.IntField(default=1)
    start_time = fields.DatetimeField(null=True)
    end_time = fields.DatetimeField(null=True)
    shelf = fields.CharField(max_length=1, default="0")
    version = fields.IntField(default=0)
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_turntable"


class MallTurntableGift(Model):
    """A slot of a turntable: kind points, coupon, goods or none (the explicit no-prize slot). weight out of
    10 000, stock never below zero, daily_cap 0 means no daily cap."""

    id = fields.BigIntField(primary_key=True)
    turntable_id = fields.BigIntField(db_index=True)
    name = fields.CharField(max_length=64)
    image = fields.CharField(max_length=500, default="")
    kind = fields.CharField(max_length=16, default="none")  # biz_gift_kind
    value = fields.BigIntField(default=0)  # points given, or the coupon or goods id
    weight = fields.IntField(default=0)
    stock = fields.IntField(default=0)
    daily_cap = fields.IntField(default=0)
    sort = fields.IntField(default=0)
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "mall_turntable_gift"


class MallTurntableVersion(Model):
    """One version of the odds of a turntable: the weights of its gifts (gift id to weight) when it was made."""

    id = fields.BigIntField(primary_key=True)
    turntable_id = fields.BigIntField()
    version = fields.IntField()
    weights: dict = fields.JSONField()
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField()

    class Meta:
        table = "mall_turntable_version"
        unique_together = (("turntable_id", "version"),)


class MallTurntableCounter(Model):
    """A daily count: draws of a user (kind user, ref the uid) or prizes given of a gift (kind gift, ref the gift
    id) on one day of one turntable. Raised by a conditional update under its cap."""

    id = fields.BigIntField(primary_key=True)
    turntable_id = fields.BigIntField()
    kind = fields.CharField(max_length=8)
    ref = fields.BigIntField()
    day = fields.DateField()
    count = fields.IntField(default=0)

    class Meta:
        table = "mall_turntable_counter"
        unique_together = (("turntable_id", "kind", "ref", "day"),)


class MallTurntableDraw(Model):
    """One draw: the request id is unique (a repeated request answers this row), the odds version it used, the
    random number, the prize given and whether the picked prize fell to no prize (out of stock or over its cap)."""

    id = fields.BigIntField(primary_key=True)
    request_id = fields.CharField(max_length=64, unique=True)
    uid = fields.BigIntField(db_index=True)
    turntable_id = fields.BigIntField(db_index=True)
    version = fields.IntField()
    roll = fields.IntField()
    picked_gift_id = fields.BigIntField(null=True)
    gift_id = fields.BigIntField(null=True)
    gift_name = fields.CharField(max_length=64, default="")
    kind = fields.CharField(max_length=16, default="none")
    value = fields.BigIntField(default=0)
    fell_back = fields.BooleanField(default=False)
    points = fields.IntField(default=0)
    day = fields.DateField()
    create_time = fields.DatetimeField()

    class Meta:
        table = "mall_turntable_draw"
