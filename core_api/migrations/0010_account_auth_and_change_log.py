from core_api.platform import migration
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0009_job_fire_outbox')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ChangeLog',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('resource', fields.CharField(max_length=64)),
                ('record_id', fields.BigIntField()),
                ('action', fields.CharField(max_length=16)),
                ('actor', fields.CharField(max_length=64)),
                ('at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('changes', fields.JSONField(encoder=JSON_DUMPS, decoder=loads)),
                ('note', fields.CharField(null=True, max_length=500)),
            ],
            options={'table': 'biz_change_log', 'app': 'models', 'indexes': [Index(fields=['resource', 'record_id', 'id'])], 'pk_attr': 'id', 'table_description': 'Who changed which record of a declared resource, when, and the fields before and after.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='IdentityVerification',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField(db_index=True)),
                ('real_name', fields.CharField(max_length=32)),
                ('id_number', fields.CharField(max_length=18)),
                ('front_image', fields.CharField(default='', max_length=500)),
                ('back_image', fields.CharField(default='', max_length=500)),
                ('hand_image', fields.CharField(default='', max_length=500)),
                ('status', fields.CharField(default='0', db_index=True, max_length=1)),
                ('audit_remark', fields.CharField(default='', max_length=200)),
                ('audit_by', fields.CharField(default='', max_length=64)),
                ('audit_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'account_user_auth', 'app': 'models', 'pk_attr': 'id', 'table_description': "An app user's identity submission (AccountUserAuth): submitted by the app, decided once by an operator."},
            bases=['Model'],
        ),
    ]
