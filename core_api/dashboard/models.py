from tortoise import fields
from tortoise.models import Model


class StatDaily(Model):
    """The business figures of one local day for one shop (shop_id 0 is the platform total): kept by the workers
    from the order events and the daily people job, read by the home report instead of scanning the orders."""

    id = fields.BigIntField(primary_key=True)
    day = fields.DateField()
    shop_id = fields.BigIntField()
    orders = fields.BigIntField(default=0)
    paid_fen = fields.BigIntField(default=0)
    refund_fen = fields.BigIntField(default=0)
    new_users = fields.BigIntField(default=0)  # platform figures: on the total row only
    active_users = fields.BigIntField(default=0)
    conversations = fields.BigIntField(default=0)
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "stat_daily"
        unique_together = (("shop_id", "day"),)  # a shop range (and the total with shop_id 0) is one index range


class StatEvent(Model):
    """An order event already counted into stat_daily: the key (event, shop order id, ref) is unique, so a
    redelivered event counts once."""

    id = fields.BigIntField(primary_key=True)
    key = fields.CharField(max_length=160, unique=True)
    day = fields.DateField()
    shop_id = fields.BigIntField()
    amount_fen = fields.BigIntField(default=0)
    create_time = fields.DatetimeField()

    class Meta:
        table = "stat_event"
