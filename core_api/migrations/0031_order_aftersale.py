from core_api.platform import migration
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0030_order_manage')]

    initial = False

    operations = [
        ops.CreateModel(
            name='OrderAfterSale',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('after_sale_no', fields.CharField(unique=True, max_length=32)),
                ('request_no', fields.CharField(unique=True, max_length=64)),
                ('uid', fields.BigIntField(db_index=True)),
                ('main_id', fields.BigIntField()),
                ('shop_order_id', fields.BigIntField(db_index=True)),
                ('shop_id', fields.BigIntField()),
                ('line_id', fields.BigIntField(db_index=True)),
                ('kind', fields.CharField(max_length=16)),
                ('status', fields.CharField(default='applied', max_length=16)),
                ('quantity', fields.IntField()),
                ('amount_fen', fields.BigIntField()),
                ('before_ship', fields.BooleanField(default=False)),
                ('reason', fields.CharField(default='', max_length=200)),
                ('images', fields.JSONField(default=list, encoder=JSON_DUMPS, decoder=loads)),
                ('reject_reason', fields.CharField(default='', max_length=200)),
                ('carrier', fields.CharField(default='', max_length=32)),
                ('tracking_no', fields.CharField(default='', max_length=64)),
                ('sellable', fields.BooleanField(null=True)),
                ('approver_id', fields.BigIntField(null=True)),
                ('approver', fields.CharField(default='', max_length=64)),
                ('refund_id', fields.BigIntField(null=True)),
                ('version', fields.IntField(default=0)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'order_after_sale', 'app': 'models', 'indexes': [Index(fields=['shop_id', 'status', 'create_time']), Index(fields=['status', 'create_time'])], 'pk_attr': 'id', 'table_description': 'A buyer after-sale request on one order line: a refund only, or a return and refund. Its status moves only'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='OrderRefund',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('refund_no', fields.CharField(unique=True, max_length=32)),
                ('after_sale_id', fields.BigIntField(unique=True)),
                ('main_id', fields.BigIntField()),
                ('main_no', fields.CharField(max_length=32)),
                ('shop_order_id', fields.BigIntField(db_index=True)),
                ('shop_id', fields.BigIntField()),
                ('line_id', fields.BigIntField()),
                ('uid', fields.BigIntField(db_index=True)),
                ('amount_fen', fields.BigIntField()),
                ('status', fields.CharField(default='refunding', max_length=16)),
                ('reason', fields.CharField(default='', max_length=200)),
                ('trade_no', fields.CharField(default='', max_length=64)),
                ('attempts', fields.IntField(default=0)),
                ('executor_id', fields.BigIntField(null=True)),
                ('executor', fields.CharField(default='', max_length=64)),
                ('points_back', fields.BigIntField(default=0)),
                ('points_reversed', fields.BigIntField(default=0)),
                ('points_unreversed', fields.BigIntField(default=0)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('finish_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'order_refund', 'app': 'models', 'pk_attr': 'id', 'table_description': 'The money of one after-sale paid back: its refund number is fixed (and committed) before the wallet is'},
            bases=['Model'],
        ),
    ]
