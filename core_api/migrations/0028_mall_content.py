from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0027_mall_market')]

    initial = False

    operations = [
        ops.CreateModel(
            name='MallAdCategory',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('shop_id', fields.BigIntField()),
                ('name', fields.CharField(max_length=32)),
                ('sort', fields.IntField(default=0)),
                ('status', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'mall_ad_category', 'app': 'models', 'unique_together': (('shop_id', 'name'),), 'pk_attr': 'id', 'table_description': 'An ad category of a shop (a tab of its page) holding goods of the shop in an order of their own.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MallAdGoods',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('category_id', fields.BigIntField()),
                ('shop_id', fields.BigIntField(db_index=True)),
                ('goods_id', fields.BigIntField(db_index=True)),
                ('sort', fields.IntField(default=0)),
                ('status', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'mall_ad_goods', 'app': 'models', 'unique_together': (('category_id', 'goods_id'),), 'pk_attr': 'id', 'table_description': 'A goods item in an ad category, once per category, with its sort number and status.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MallCarousel',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('title', fields.CharField(max_length=64)),
                ('image', fields.CharField(max_length=500)),
                ('link_type', fields.CharField(default='none', max_length=8)),
                ('link_target', fields.CharField(default='', max_length=500)),
                ('sort', fields.IntField(default=0)),
                ('begin_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('end_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'mall_carousel', 'app': 'models', 'pk_attr': 'id', 'table_description': "A slide of the mall home carousel (the platform's): shown by sort while on shelf and inside its window."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MallIntegralGoods',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=100)),
                ('pics', fields.CharField(default='', max_length=2000)),
                ('category_id', fields.BigIntField(db_index=True)),
                ('points', fields.IntField()),
                ('cash_fen', fields.BigIntField(default=0)),
                ('stock', fields.IntField(default=0)),
                ('limit_per_user', fields.IntField(default=0)),
                ('sales', fields.IntField(default=0)),
                ('sort', fields.IntField(default=0)),
                ('shelf', fields.CharField(default='0', max_length=1)),
                ('detail', fields.TextField(default='', unique=False)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'mall_integral_goods', 'app': 'models', 'pk_attr': 'id', 'table_description': "A goods item of the points mall (the platform's): bought with points and optionally some cash."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MallKeyword',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('keyword', fields.CharField(unique=True, max_length=32)),
                ('sort', fields.IntField(default=0)),
                ('hot', fields.CharField(default='0', max_length=1)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'mall_search_keyword', 'app': 'models', 'pk_attr': 'id', 'table_description': "A search keyword of the mall home (the platform's): shown by sort, hot ones marked."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MallPicture',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('shop_id', fields.BigIntField()),
                ('category_id', fields.BigIntField(db_index=True)),
                ('name', fields.CharField(max_length=64)),
                ('url', fields.CharField(max_length=500)),
                ('sort', fields.IntField(default=0)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'mall_picture', 'app': 'models', 'indexes': [Index(fields=['shop_id', 'id'])], 'pk_attr': 'id', 'table_description': 'A picture of a shop picture library: a stored image with a name, filed under a picture type.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='MallSupplyShop',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('provider', fields.CharField(max_length=16)),
                ('ref', fields.CharField(max_length=64)),
                ('name', fields.CharField(max_length=64)),
                ('shop_id', fields.BigIntField()),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'mall_supply_shop', 'app': 'models', 'unique_together': (('provider', 'ref'),), 'pk_attr': 'id', 'table_description': 'A supply-chain provider shop and the local mall shop its synced goods go into (created at the first sync).'},
            bases=['Model'],
        ),
    ]
