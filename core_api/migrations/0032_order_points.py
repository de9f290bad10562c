from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0031_order_aftersale')]

    initial = False

    operations = [
        ops.CreateModel(
            name='OrderIntegral',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('order_no', fields.CharField(unique=True, max_length=32)),
                ('request_no', fields.CharField(unique=True, max_length=64)),
                ('uid', fields.BigIntField(db_index=True)),
                ('goods_id', fields.BigIntField(db_index=True)),
                ('goods_name', fields.CharField(max_length=100)),
                ('goods_image', fields.CharField(default='', max_length=500)),
                ('unit_points', fields.BigIntField()),
                ('quantity', fields.IntField()),
                ('points', fields.BigIntField()),
                ('status', fields.CharField(default='to_ship', max_length=16)),
                ('receiver_name', fields.CharField(default='', max_length=32)),
                ('receiver_phone', fields.CharField(default='', max_length=20)),
                ('receiver_address', fields.CharField(default='', max_length=200)),
                ('carrier', fields.CharField(default='', max_length=32)),
                ('tracking_no', fields.CharField(default='', max_length=64)),
                ('shipped_by', fields.CharField(default='', max_length=64)),
                ('shipped_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('cancelled_by', fields.CharField(default='', max_length=64)),
                ('cancel_reason', fields.CharField(default='', max_length=200)),
                ('cancelled_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('completed_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('version', fields.IntField(default=0)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'order_integral', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A points-mall redemption: the goods as redeemed, the points taken, the receiver and the shipment. Status'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='StatDaily',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('day', fields.DateField()),
                ('shop_id', fields.BigIntField()),
                ('orders', fields.BigIntField(default=0)),
                ('paid_fen', fields.BigIntField(default=0)),
                ('refund_fen', fields.BigIntField(default=0)),
                ('new_users', fields.BigIntField(default=0)),
                ('active_users', fields.BigIntField(default=0)),
                ('conversations', fields.BigIntField(default=0)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'stat_daily', 'app': 'models', 'unique_together': (('shop_id', 'day'),), 'pk_attr': 'id', 'table_description': 'The business figures of one local day for one shop (shop_id 0 is the platform total): kept by the workers'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='StatEvent',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(unique=True, max_length=160)),
                ('day', fields.DateField()),
                ('shop_id', fields.BigIntField()),
                ('amount_fen', fields.BigIntField(default=0)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'stat_event', 'app': 'models', 'pk_attr': 'id', 'table_description': 'An order event already counted into stat_daily: the key (event, shop order id, ref) is unique, so a'},
            bases=['Model'],
        ),
    ]
