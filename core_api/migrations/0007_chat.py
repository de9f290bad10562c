from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0006_messages')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ChatRoom',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('desk_shop_id', fields.BigIntField(default=0)),
                ('peer_kind', fields.CharField(max_length=5)),
                ('peer_id', fields.BigIntField()),
                ('peer_shop_type', fields.IntField(default=0)),
                ('peer_name', fields.CharField(default='', max_length=64)),
                ('peer_avatar', fields.CharField(default='', max_length=500)),
                ('status', fields.CharField(default='open', max_length=8)),
                ('assignee', fields.ForeignKeyField('models.SysUser', source_field='assignee_id', null=True, db_constraint=True, to_field='user_id', related_name='chat_rooms', on_delete=OnDelete.SET_NULL)),
                ('last_message_id', fields.BigIntField(default=0)),
                ('last_preview', fields.CharField(default='', max_length=200)),
                ('last_content_type', fields.CharField(default='txt', max_length=3)),
                ('last_message_at', fields.DatetimeField(null=True, db_index=True, auto_now=False, auto_now_add=False)),
                ('staff_read_id', fields.BigIntField(default=0)),
                ('peer_read_id', fields.BigIntField(default=0)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'chat_room', 'app': 'models', 'unique_together': (('desk_shop_id', 'peer_kind', 'peer_id'),), 'pk_attr': 'id', 'table_description': "A conversation between the service desk and one app user or one shop. ``id`` is the spec's"},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ChatMessage',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('room', fields.ForeignKeyField('models.ChatRoom', source_field='room_id', db_constraint=True, to_field='id', related_name='messages', on_delete=OnDelete.CASCADE)),
                ('from_peer', fields.BooleanField()),
                ('sender_id', fields.BigIntField()),
                ('sender_name', fields.CharField(default='', max_length=64)),
                ('sender_avatar', fields.CharField(default='', max_length=500)),
                ('content', fields.TextField(unique=False)),
                ('content_type', fields.CharField(default='txt', max_length=3)),
                ('client_msg_id', fields.CharField(null=True, max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'chat_message', 'app': 'models', 'unique_together': (('room_id', 'from_peer', 'sender_id', 'client_msg_id'),), 'indexes': [Index(fields=['room_id', 'id'])], 'pk_attr': 'id'},
            bases=['Model'],
        ),
    ]
