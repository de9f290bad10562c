from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0017_category_tree_words')]

    initial = False

    operations = [
        ops.CreateModel(
            name='AccountUserFriend',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField()),
                ('friend_uid', fields.BigIntField(db_index=True)),
                ('remark', fields.CharField(default='', max_length=64)),
                ('source', fields.CharField(default='0', max_length=2)),
                ('blocked', fields.CharField(default='0', max_length=1)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'account_user_friend', 'app': 'models', 'unique_together': (('uid', 'friend_uid'),), 'indexes': [Index(fields=['uid', 'id'])], 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ExportJob',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('kind', fields.CharField(max_length=64)),
                ('owner_id', fields.BigIntField(db_index=True)),
                ('owner_name', fields.CharField(default='', max_length=64)),
                ('filters', fields.TextField(unique=False)),
                ('personal', fields.BooleanField(default=False)),
                ('status', fields.CharField(default='queued', max_length=16)),
                ('total', fields.BigIntField(default=0)),
                ('done', fields.BigIntField(default=0)),
                ('file_name', fields.CharField(default='', max_length=200)),
                ('path', fields.CharField(default='', max_length=500)),
                ('error', fields.CharField(default='', max_length=500)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('finished_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'sys_export_job', 'app': 'models', 'pk_attr': 'id'},
            bases=['Model'],
        ),
    ]
