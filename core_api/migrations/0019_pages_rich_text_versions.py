from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0018_consumer_friends_exports')]

    initial = False

    operations = [
        ops.CreateModel(
            name='CommonRichTextVersion',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('rich_text_id', fields.BigIntField()),
                ('version', fields.IntField()),
                ('title', fields.CharField(max_length=100)),
                ('content', fields.TextField(default='', unique=False)),
                ('saved_by', fields.CharField(default='', max_length=64)),
                ('saved_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'content_rich_text_version', 'app': 'models', 'unique_together': (('rich_text_id', 'version'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='CommonRichText',
            name='version',
            field=fields.IntField(default=1),
        ),
    ]
