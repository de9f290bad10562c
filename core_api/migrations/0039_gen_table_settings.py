"""RuoYi's gen_table settings on the code generator's table record: packageName, tplWebType, genType, genPath and
formColNum (core_api/tools/gen/models.py)."""

from core_api.platform import migration
from tortoise import fields
from tortoise.migrations import operations as ops


class Migration(migration.Migration):
    dependencies = [("models", "0038_job_executor")]

    initial = False

    operations = [
        ops.AddField(model_name="GenTable", name="package_name",
                     field=fields.CharField(default="core_api.generated", max_length=100)),
        ops.AddField(model_name="GenTable", name="tpl_web_type", field=fields.CharField(default="", max_length=30)),
        ops.AddField(model_name="GenTable", name="gen_type", field=fields.CharField(default="0", max_length=1)),
        ops.AddField(model_name="GenTable", name="gen_path", field=fields.CharField(default="/", max_length=200)),
        ops.AddField(model_name="GenTable", name="form_col_num", field=fields.IntField(default=2)),
    ]
