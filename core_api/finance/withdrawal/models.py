from tortoise import fields
from tortoise.models import Model

from core_api.platform import partitions


# An app user's cash wallet: changed only by conditional updates that write a ledger entry.
class FinanceWallet(Model):
    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(unique=True)
    available_fen = fields.BigIntField(default=0)
    frozen_fen = fields.BigIntField(default=0)
    version = fields.IntField(default=0)
    update_time = fields.DatetimeField()

    class Meta:
        table = "finance_wallet"


# One money movement of a wallet (append-only): credit, freeze, unfreeze, payout.
class FinanceLedger(Model):
    id = fields.BigIntField(primary_key=True)
    uid = fields.BigIntField(db_index=True)
    kind = fields.CharField(max_length=16)  # biz_ledger_kind
    available_delta = fields.BigIntField()
    frozen_delta = fields.BigIntField()
    available_after = fields.BigIntField()
    frozen_after = fields.BigIntField()
    idem_key = fields.CharField(max_length=160, unique=True)
    withdrawal_id = fields.BigIntField(null=True, db_index=True)
    actor = fields.CharField(max_length=64, default="")
    remark = fields.CharField(max_length=200, default="")
    create_time = fields.DatetimeField(db_index=True)

    class Meta:
        table = "finance_ledger"


# The idempotency key of a ledger entry, written in the entry's transaction: its primary key keeps a movement
# to one application exactly, which the ledger cannot once partitioned by month (PostgreSQL: a unique index
# of a partitioned table holds the partition column).
class FinanceLedgerKey(Model):
    idem_key = fields.CharField(max_length=160, primary_key=True)
    ledger_id = fields.BigIntField()
    create_time = fields.DatetimeField()  # the entry's: names its month

    class Meta:
        table = "finance_ledger_key"


partitions.register("finance_ledger", "create_time", title="资金流水")  # by month on PostgreSQL


# applied → (reviewing →) approved → paying → paid | failed; applied/reviewing/approved → rejected.
class FinanceWithdrawal(Model):
    id = fields.BigIntField(primary_key=True)
    withdraw_no = fields.CharField(max_length=32, unique=True)
    request_no = fields.CharField(max_length=64, unique=True)  # the app server's own number: one per request
    uid = fields.BigIntField(db_index=True)
    amount_fen = fields.BigIntField()
    channel = fields.CharField(max_length=16)  # biz_withdraw_channel
    payee_account = fields.CharField(max_length=64)
    payee_name = fields.CharField(max_length=32)
    status = fields.CharField(max_length=16, default="applied", db_index=True)
    needs_second = fields.BooleanField(default=False)  # above the threshold when first approved
    approver1_id = fields.BigIntField(null=True)
    approver1 = fields.CharField(max_length=64, default="")
    approve1_time = fields.DatetimeField(null=True)
    approver2_id = fields.BigIntField(null=True)
    approver2 = fields.CharField(max_length=64, default="")
    approve2_time = fields.DatetimeField(null=True)
    payer = fields.CharField(max_length=64, default="")
    payout_no = fields.CharField(max_length=32, null=True, unique=True)  # fixed before the provider is called
    provider_trade_no = fields.CharField(max_length=64, default="")
    pay_lock_until = fields.DatetimeField(null=True)  # one payout call at a time
    reason = fields.CharField(max_length=200, default="")  # the rejection's or the failure's
    remark = fields.CharField(max_length=200, default="")
    apply_time = fields.DatetimeField(db_index=True)
    finish_time = fields.DatetimeField(null=True)
    update_by = fields.CharField(max_length=64, default="")
    update_time = fields.DatetimeField(null=True)

    class Meta:
        table = "finance_withdrawal"
        indexes = (("status", "apply_time"),)
