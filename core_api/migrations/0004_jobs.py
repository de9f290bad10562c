from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0003_user_search_index')]

    initial = False

    operations = [
        ops.CreateModel(
            name='SysJob',
            fields=[
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('remark', fields.CharField(null=True, max_length=500)),
                ('job_id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('job_name', fields.CharField(max_length=64)),
                ('job_group', fields.CharField(default='DEFAULT', max_length=64)),
                ('invoke_target', fields.CharField(max_length=500)),
                ('job_params', fields.TextField(default='{}', unique=False)),
                ('cron_expression', fields.CharField(max_length=255)),
                ('misfire_policy', fields.CharField(default='0', max_length=1)),
                ('concurrent', fields.CharField(default='1', max_length=1)),
                ('status', fields.CharField(default='0', max_length=1)),
                ('next_fire_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'sys_job', 'app': 'models', 'unique_together': (('job_name', 'job_group'),), 'pk_attr': 'job_id'},
            bases=['Audited'],
        ),
        ops.CreateModel(
            name='SysJobLog',
            fields=[
                ('job_log_id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('job_id', fields.BigIntField(db_index=True)),
                ('job_name', fields.CharField(max_length=64)),
                ('job_group', fields.CharField(max_length=64)),
                ('invoke_target', fields.CharField(max_length=500)),
                ('fire_key', fields.CharField(unique=True, max_length=100)),
                ('fire_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('job_message', fields.CharField(default='', max_length=500)),
                ('status', fields.CharField(default='0', max_length=1)),
                ('exception_info', fields.TextField(default='', unique=False)),
                ('start_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('end_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'sys_job_log', 'app': 'models', 'pk_attr': 'job_log_id'},
            bases=['Model'],
        ),
    ]
