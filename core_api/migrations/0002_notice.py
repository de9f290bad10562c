from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0001_initial')]

    initial = False

    operations = [
        ops.CreateModel(
            name='SysNotice',
            fields=[
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('remark', fields.CharField(null=True, max_length=500)),
                ('notice_id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('notice_title', fields.CharField(max_length=50)),
                ('notice_type', fields.CharField(max_length=1)),
                ('notice_content', fields.TextField(default='', unique=False)),
                ('status', fields.CharField(default='0', max_length=1)),
            ],
            options={'table': 'sys_notice', 'app': 'models', 'indexes': [Index(fields=['create_time'])], 'pk_attr': 'notice_id'},
            bases=['Audited'],
        ),
    ]
