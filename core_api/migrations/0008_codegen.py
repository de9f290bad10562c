from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0007_chat')]

    initial = False

    operations = [
        ops.CreateModel(
            name='FormDesign',
            fields=[
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('remark', fields.CharField(null=True, max_length=500)),
                ('form_id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('form_name', fields.CharField(unique=True, max_length=64)),
                ('definition', fields.TextField(unique=False)),
            ],
            options={'table': 'tool_form', 'app': 'models', 'pk_attr': 'form_id', 'table_description': 'A form built on the form designer, saved by name.'},
            bases=['Audited'],
        ),
        ops.CreateModel(
            name='GenTable',
            fields=[
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('remark', fields.CharField(null=True, max_length=500)),
                ('table_id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('table_name', fields.CharField(unique=True, max_length=64)),
                ('table_comment', fields.CharField(default='', max_length=200)),
                ('class_name', fields.CharField(max_length=64)),
                ('tpl_category', fields.CharField(default='crud', max_length=10)),
                ('module_name', fields.CharField(max_length=30)),
                ('business_name', fields.CharField(max_length=30)),
                ('function_name', fields.CharField(max_length=50)),
                ('function_author', fields.CharField(default='console', max_length=50)),
                ('parent_menu_id', fields.BigIntField(null=True)),
                ('options', fields.TextField(default='{}', unique=False)),
            ],
            options={'table': 'gen_table', 'app': 'models', 'pk_attr': 'table_id'},
            bases=['Audited'],
        ),
        ops.CreateModel(
            name='GenTableColumn',
            fields=[
                ('column_id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('table', fields.ForeignKeyField('models.GenTable', source_field='table_id', db_constraint=True, to_field='table_id', related_name='columns', on_delete=OnDelete.CASCADE)),
                ('column_name', fields.CharField(max_length=64)),
                ('column_comment', fields.CharField(default='', max_length=200)),
                ('column_type', fields.CharField(max_length=100)),
                ('python_type', fields.CharField(max_length=20)),
                ('ts_type', fields.CharField(max_length=20)),
                ('max_length', fields.IntField(null=True)),
                ('is_pk', fields.BooleanField(default=False)),
                ('is_increment', fields.BooleanField(default=False)),
                ('is_required', fields.BooleanField(default=False)),
                ('is_insert', fields.BooleanField(default=True)),
                ('is_edit', fields.BooleanField(default=True)),
                ('is_list', fields.BooleanField(default=True)),
                ('is_query', fields.BooleanField(default=False)),
                ('query_type', fields.CharField(default='EQ', max_length=10)),
                ('html_type', fields.CharField(default='input', max_length=20)),
                ('dict_type', fields.CharField(default='', max_length=100)),
                ('sort', fields.IntField(default=0)),
            ],
            options={'table': 'gen_table_column', 'app': 'models', 'unique_together': (('table', 'column_name'),), 'pk_attr': 'column_id'},
            bases=['Model'],
        ),
    ]
