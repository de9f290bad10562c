from core_api.platform import migration
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0020_charts_sign_in_province')]

    initial = False

    operations = [
        ops.CreateModel(
            name='CommonConfig',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('config_key', fields.CharField(unique=True, max_length=100)),
                ('config_name', fields.CharField(max_length=100)),
                ('config_value', fields.TextField(default='', unique=False)),
                ('value_type', fields.CharField(default='string', max_length=8)),
                ('group_name', fields.CharField(default='', db_index=True, max_length=32)),
                ('remark', fields.CharField(default='', max_length=500)),
                ('sort', fields.IntField(default=0)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'common_config', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A generic configuration record (V1): a typed value under a unique key, grouped, on or off the shelf.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='CommonConfigV2',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('config_key', fields.CharField(max_length=100)),
                ('config_name', fields.CharField(max_length=100)),
                ('platform', fields.CharField(default='all', max_length=16)),
                ('min_version', fields.IntField(default=0)),
                ('max_version', fields.IntField(default=0)),
                ('config_value', fields.TextField(default='', unique=False)),
                ('value_type', fields.CharField(default='string', max_length=8)),
                ('group_name', fields.CharField(default='', db_index=True, max_length=32)),
                ('remark', fields.CharField(default='', max_length=500)),
                ('sort', fields.IntField(default=0)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'common_config_v2', 'app': 'models', 'unique_together': (('config_key', 'platform', 'min_version'),), 'pk_attr': 'id', 'table_description': "A configuration record (V2): a key's value for a platform and a range of app version codes. A key may"},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ConfigPageRow',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(unique=True, max_length=64)),
                ('version', fields.IntField(default=0)),
                ('data', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'biz_config_page', 'app': 'models', 'pk_attr': 'id', 'table_description': 'The current object of a configuration page (core_api/platform/config_page.py), keyed by page (and'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ConfigPageVersion',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(max_length=64)),
                ('version', fields.IntField()),
                ('data', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('changes', fields.JSONField(default=dict, encoder=JSON_DUMPS, decoder=loads)),
                ('action', fields.CharField(default='save', max_length=16)),
                ('restored_from', fields.IntField(null=True)),
                ('saved_by', fields.CharField(default='', max_length=64)),
                ('saved_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'biz_config_page_version', 'app': 'models', 'unique_together': (('key', 'version'),), 'pk_attr': 'id', 'table_description': 'One saved version of a configuration page: who, when, the whole object then, and the fields it'},
            bases=['Model'],
        ),
    ]
