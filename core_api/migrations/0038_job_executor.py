"""A job's executor (the Python RuoYi port's ``jobExecutor``, a value of the dictionary sys_job_executor, which the
seed adds to an existing install too)."""

from core_api.platform import migration
from tortoise import fields
from tortoise.migrations import operations as ops


class Migration(migration.Migration):
    dependencies = [("models", "0037_user_name_case")]

    initial = False

    operations = [
        ops.AddField(
            model_name="SysJob",
            name="job_executor",
            field=fields.CharField(default="default", db_default="default", max_length=64),
        ),
    ]
