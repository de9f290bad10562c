from tortoise import fields
from tortoise.models import Model


class OrderGroupMember(Model):
    """A seat of a group-buy team held by one order: the leader or a joiner. UNIQUE(team_id, uid): nobody joins
    the same team twice. The row goes when its order closes unpaid (the seat is released), status reserved
    until the order is paid."""

    id = fields.BigIntField(primary_key=True)
    team_id = fields.BigIntField()
    shop_id = fields.BigIntField(default=0)
    uid = fields.BigIntField(db_index=True)
    shop_order_id = fields.BigIntField(unique=True)
    role = fields.CharField(max_length=8, default="member")  # leader, member
    status = fields.CharField(max_length=16, default="reserved")  # reserved, paid
    paid_at = fields.DatetimeField(null=True)
    create_time = fields.DatetimeField()

    class Meta:
        table = "order_group_member"
        unique_together = (("team_id", "uid"),)
