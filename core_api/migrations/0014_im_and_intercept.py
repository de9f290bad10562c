"""IM groups and members, chat records (partitioned by month on PostgreSQL), intercepted words."""

import datetime as dt

from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

from core_api.im.record.partitions import TABLES, partition_ddl
from core_api.platform.timefmt import zone


async def partition(_apps, schema_editor) -> None:
    """PostgreSQL only: the chat-record tables become partitioned by month of sent_time."""
    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        return
    today = dt.datetime.now(zone()).date()  # the months of the console's zone, as the job cuts them
    for table, indexes in TABLES.items():
        for sql in partition_ddl(table, indexes, today):
            await client.execute_script(sql)


async def unpartition(_apps, _schema_editor) -> None:
    return None  # the tables are dropped by the CreateModel reversals

class Migration(migration.Migration):
    dependencies = [('models', '0013_user_search_statistics')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ImGroup',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('group_id', fields.CharField(unique=True, max_length=64)),
                ('name', fields.CharField(max_length=64)),
                ('avatar', fields.CharField(default='', max_length=500)),
                ('owner_uid', fields.BigIntField(db_index=True)),
                ('member_count', fields.IntField(default=0)),
                ('max_members', fields.IntField(default=500)),
                ('notice', fields.CharField(default='', max_length=500)),
                ('mute_all', fields.CharField(default='0', max_length=1)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'im_group', 'app': 'models', 'pk_attr': 'id', 'table_description': 'An IM group of the app (NoticeImGroup): fed by the app, curated (shelf, notice) in the console.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ImGroupMember',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('group_id', fields.CharField(max_length=64)),
                ('uid', fields.BigIntField(db_index=True)),
                ('nick', fields.CharField(default='', max_length=64)),
                ('role', fields.CharField(default='member', max_length=8)),
                ('blocked', fields.CharField(default='0', max_length=1)),
                ('joined_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('block_by', fields.CharField(default='', max_length=64)),
                ('block_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'im_group_member', 'app': 'models', 'unique_together': (('group_id', 'uid'),), 'pk_attr': 'id', 'table_description': 'A member of an IM group (the group-users page): one row per (group, uid).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ImRecord',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('group_id', fields.CharField(max_length=64)),
                ('from_uid', fields.BigIntField()),
                ('msg_type', fields.CharField(default='text', max_length=16)),
                ('content', fields.CharField(default='', max_length=2000)),
                ('sent_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('withdrawn', fields.CharField(default='0', max_length=1)),
                ('shelf', fields.CharField(default='1', max_length=1)),
            ],
            options={'table': 'im_record', 'app': 'models', 'indexes': [Index(fields=['group_id', 'sent_time', 'id']), Index(fields=['from_uid', 'sent_time'])], 'pk_attr': 'id', 'table_description': 'One message of a group chat (NoticeImRecord).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ImRecordSingle',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('from_uid', fields.BigIntField()),
                ('to_uid', fields.BigIntField()),
                ('conversation', fields.CharField(max_length=48)),
                ('msg_type', fields.CharField(default='text', max_length=16)),
                ('content', fields.CharField(default='', max_length=2000)),
                ('sent_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('read', fields.CharField(default='0', max_length=1)),
                ('withdrawn', fields.CharField(default='0', max_length=1)),
                ('shelf', fields.CharField(default='1', max_length=1)),
            ],
            options={'table': 'im_record_single', 'app': 'models', 'indexes': [Index(fields=['conversation', 'sent_time', 'id']), Index(fields=['from_uid', 'sent_time']), Index(fields=['to_uid', 'sent_time'])], 'pk_attr': 'id', 'table_description': 'One message between two users (NoticeImRecordSingle). ``conversation`` is "<min uid>_<max uid>".'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='WordsIntercept',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField(db_index=True)),
                ('word', fields.CharField(db_index=True, max_length=64)),
                ('category', fields.CharField(default='', max_length=64)),
                ('content', fields.CharField(default='', max_length=500)),
                ('scene', fields.CharField(default='single', max_length=16)),
                ('target', fields.CharField(default='', max_length=64)),
                ('handled', fields.CharField(default='0', max_length=1)),
                ('alarm_count', fields.IntField(default=0)),
                ('last_alarm_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'words_intercept_record', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A message stopped by the sensitive-word list (WordsInterceptRecord): who, which word, where.'},
            bases=['Model'],
        ),
        ops.RunPython(partition, unpartition),
    ]
