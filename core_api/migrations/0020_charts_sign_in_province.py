from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0019_pages_rich_text_versions')]

    initial = False

    operations = [
        ops.RemoveIndex(
            model_name='AccountSignIn',
            name=None,
            fields=['sign_in_time'],
        ),
        ops.AddField(
            model_name='AccountSignIn',
            name='province',
            field=fields.CharField(default='', max_length=32),
        ),
        ops.AddIndex(
            model_name='AccountSignIn',
            index=Index(fields=['sign_in_time', 'uid', 'province', 'city']),
        ),
    ]
