from tortoise import fields
from tortoise.models import Model


class MallGroupActivity(Model):
    """A group-buy activity of one goods item of a shop: teams of team_size must fill within hours after the
    leader pays, between start_time and end_time. Its group prices are per SKU (mall_group_sku)."""

    id = fields.BigIntField(primary_key=True)
    shop_id = fields.BigIntField(db_index=True)
    goods_id = fields.BigIntField(db_index=True)
    goods_name = fields.CharField(max_length=100, default="")  # as it was when the activity was created
    team_size = fields.IntField(default=2)
    hours = fields.IntField(default=24)
    start_time = fields.DatetimeField()
    end_time = fields.DatetimeField()
    min_price_fen = fields.BigIntField(default=0)  # the lowest group price, for the list
    create_by = fields.CharField(max_length=64, default="")
    create_time = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "mall_group_activity"


class MallGroupSku(Model):
    """The group price of one SKU in an activity (lower than the SKU price, above zero)."""

    id = fields.BigIntField(primary_key=True)
    activity_id = fields.BigIntField()
    sku_id = fields.BigIntField()
    spec = fields.CharField(max_length=300, default="")
    sku_price_fen = fields.BigIntField()  # the SKU price when the activity was created
    price_fen = fields.BigIntField()

    class Meta:
        table = "mall_group_sku"
        unique_together = (("activity_id", "sku_id"),)


class MallGroupTeam(Model):
    """A team of a group buy: pending while the leader has not paid, opened when the leader pays, full when joined
    (the paid members) reaches size, expired at expires_at (the paid members refunded), cancelled when the
    leader order closes unpaid. reserved counts the seats held by joiners who have not paid yet.
    Teams are formed by orders (core_api.order.group), an activity with open teams cannot be deleted."""

    id = fields.BigIntField(primary_key=True)
    activity_id = fields.BigIntField(db_index=True)
    shop_id = fields.BigIntField(default=0, db_index=True)
    goods_id = fields.BigIntField(default=0)
    leader_uid = fields.BigIntField()
    status = fields.CharField(max_length=16, default="open")  # pending, open, full, expired, cancelled
    size = fields.IntField()
    joined = fields.IntField(default=1)
    reserved = fields.IntField(default=0)
    hours = fields.IntField(default=24)
    expires_at = fields.DatetimeField(db_index=True)
    full_at = fields.DatetimeField(null=True)
    closed_at = fields.DatetimeField(null=True)
    version = fields.IntField(default=0)
    create_time = fields.DatetimeField(auto_now_add=True)
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "mall_group_team"
        indexes = (("activity_id", "status"),)
