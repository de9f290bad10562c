from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0008_codegen')]

    initial = False

    operations = [
        ops.CreateModel(
            name='SysJobFire',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('job_id', fields.BigIntField()),
                ('fire_key', fields.CharField(db_index=True, max_length=100)),
                ('fire_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('sent_at', fields.DatetimeField(null=True, db_index=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'sys_job_fire', 'app': 'models', 'pk_attr': 'id', 'table_description': "The scheduler's outbox: one row per planned fire, written in the transaction that moves its job's"},
            bases=['Model'],
        ),
    ]
