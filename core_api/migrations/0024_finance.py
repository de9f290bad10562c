from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0023_regions')]

    initial = False

    operations = [
        ops.CreateModel(
            name='FinanceLedger',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField(db_index=True)),
                ('kind', fields.CharField(max_length=16)),
                ('available_delta', fields.BigIntField()),
                ('frozen_delta', fields.BigIntField()),
                ('available_after', fields.BigIntField()),
                ('frozen_after', fields.BigIntField()),
                ('idem_key', fields.CharField(unique=True, max_length=160)),
                ('withdrawal_id', fields.BigIntField(null=True, db_index=True)),
                ('actor', fields.CharField(default='', max_length=64)),
                ('remark', fields.CharField(default='', max_length=200)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'finance_ledger', 'app': 'models', 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='FinancePayCode',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order_no', fields.CharField(unique=True, max_length=32)),
                ('provider', fields.CharField(max_length=16)),
                ('amount_fen', fields.BigIntField()),
                ('subject', fields.CharField(max_length=64)),
                ('remark', fields.CharField(default='', max_length=200)),
                ('status', fields.CharField(default='pending', db_index=True, max_length=16)),
                ('code_url', fields.CharField(default='', max_length=500)),
                ('provider_trade_no', fields.CharField(default='', max_length=64)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('paid_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('paid_late', fields.BooleanField(default=False)),
                ('notify_count', fields.IntField(default=0)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'finance_pay_code', 'app': 'models', 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='FinanceWallet',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField(unique=True)),
                ('available_fen', fields.BigIntField(default=0)),
                ('frozen_fen', fields.BigIntField(default=0)),
                ('version', fields.IntField(default=0)),
                ('update_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'finance_wallet', 'app': 'models', 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='FinanceWithdrawal',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('withdraw_no', fields.CharField(unique=True, max_length=32)),
                ('request_no', fields.CharField(unique=True, max_length=64)),
                ('uid', fields.BigIntField(db_index=True)),
                ('amount_fen', fields.BigIntField()),
                ('channel', fields.CharField(max_length=16)),
                ('payee_account', fields.CharField(max_length=64)),
                ('payee_name', fields.CharField(max_length=32)),
                ('status', fields.CharField(default='applied', db_index=True, max_length=16)),
                ('needs_second', fields.BooleanField(default=False)),
                ('approver1_id', fields.BigIntField(null=True)),
                ('approver1', fields.CharField(default='', max_length=64)),
                ('approve1_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('approver2_id', fields.BigIntField(null=True)),
                ('approver2', fields.CharField(default='', max_length=64)),
                ('approve2_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('payer', fields.CharField(default='', max_length=64)),
                ('payout_no', fields.CharField(null=True, unique=True, max_length=32)),
                ('provider_trade_no', fields.CharField(default='', max_length=64)),
                ('pay_lock_until', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('reason', fields.CharField(default='', max_length=200)),
                ('remark', fields.CharField(default='', max_length=200)),
                ('apply_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('finish_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'finance_withdrawal', 'app': 'models', 'indexes': [Index(fields=['status', 'apply_time'])], 'pk_attr': 'id'},
            bases=['Model'],
        ),
    ]
