from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0004_jobs')]

    initial = False

    operations = [
        ops.AddField(
            model_name='SysLogininfor',
            name='event_id',
            field=fields.CharField(null=True, unique=True, max_length=32),
        ),
    ]
