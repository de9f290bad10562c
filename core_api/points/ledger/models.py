from tortoise import fields
from tortoise.models import Model

from core_api.platform import partitions


class PointsAccount(Model):
    """An app user points balance: changed only by a conditional update that writes a ledger entry, never below zero."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(unique=True)
    balance = fields.BigIntField(default=0)
    version = fields.IntField(default=0)
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "points_account"


class PointsLedger(Model):
    """One points movement (append-only). The idempotency key is unique: a movement applies at most once."""

    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    delta = fields.BigIntField()
    balance_after = fields.BigIntField()
    kind = fields.CharField(max_length=16)  # credit, draw, prize, order, refund
    idem_key = fields.CharField(max_length=160, unique=True)
    ref = fields.CharField(max_length=64, default="")  # what it is for: a draw id, an order number
    remark = fields.CharField(max_length=200, default="")
    create_time = fields.DatetimeField(db_index=True)

    class Meta:
        table = "points_ledger"


class PointsLedgerKey(Model):
    """The idempotency key of a points movement: its primary key applies the movement exactly once.

    Written in the entry's transaction; the ledger cannot keep the key unique once partitioned by month
    (PostgreSQL: a unique index of a partitioned table holds the partition column)."""

    idem_key = fields.CharField(max_length=160, primary_key=True)
    ledger_id = fields.BigIntField()
    create_time = fields.DatetimeField()  # the entry's: names its month

    class Meta:
        table = "points_ledger_key"


partitions.register("points_ledger", "create_time", title="积分流水")  # by month on PostgreSQL
