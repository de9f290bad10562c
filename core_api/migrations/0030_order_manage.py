from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0029_orders')]

    initial = False

    operations = [
        ops.CreateModel(
            name='OrderComment',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('shop_id', fields.BigIntField(default=0)),
                ('shop_order_id', fields.BigIntField(default=0, db_index=True)),
                ('line_id', fields.BigIntField(unique=True)),
                ('goods_id', fields.BigIntField(default=0, db_index=True)),
                ('uid', fields.BigIntField(db_index=True)),
                ('score', fields.IntField(default=5)),
                ('content', fields.CharField(default='', max_length=1000)),
                ('images', fields.CharField(default='', max_length=2000)),
                ('reply', fields.CharField(default='', max_length=500)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'order_comment', 'app': 'models', 'indexes': [Index(fields=['shop_id', 'create_time'])], 'pk_attr': 'id', 'table_description': 'A buyer review of one bought line of a completed shop order, fed by the app server (one per line). Staff'},
            bases=['Model'],
        ),
    ]
