from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0005_login_event_id')]

    initial = False

    operations = [
        ops.CreateModel(
            name='SysMessage',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('recipient', fields.ForeignKeyField('models.SysUser', source_field='recipient_id', db_constraint=True, to_field='user_id', related_name='messages', on_delete=OnDelete.CASCADE)),
                ('kind', fields.CharField(max_length=5)),
                ('message_type', fields.IntField(default=0)),
                ('type_no', fields.CharField(default='', max_length=64)),
                ('title', fields.CharField(max_length=100)),
                ('content', fields.CharField(default='', max_length=1000)),
                ('source_key', fields.CharField(max_length=100)),
                ('readed', fields.BooleanField(default=False)),
                ('read_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'sys_message', 'app': 'models', 'unique_together': (('source_key', 'recipient'),), 'indexes': [Index(fields=['recipient_id', 'kind', 'readed'])], 'pk_attr': 'id', 'table_description': 'One message-centre entry for one recipient: a system message or an order message.'},
            bases=['Model'],
        ),
    ]
