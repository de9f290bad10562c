from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0016_consumers_webhooks_partner')]

    initial = False

    operations = [
        ops.CreateModel(
            name='CommonCategory',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('parent_id', fields.BigIntField(default=0, db_index=True)),
                ('level', fields.SmallIntField(default=1)),
                ('kind', fields.CharField(default='plain', db_index=True, max_length=16)),
                ('name', fields.CharField(max_length=64)),
                ('code', fields.CharField(default='', max_length=64)),
                ('icon', fields.CharField(default='', max_length=500)),
                ('sort', fields.IntField(default=0)),
                ('status', fields.CharField(default='0', max_length=1)),
                ('word_count', fields.IntField(default=0)),
                ('remark', fields.CharField(default='', max_length=500)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'common_category', 'app': 'models', 'unique_together': (('parent_id', 'name'),), 'pk_attr': 'id', 'table_description': 'One node of the category tree (CommonCategory).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Personnel',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField(default=0, db_index=True)),
                ('name', fields.CharField(max_length=64)),
                ('phone', fields.CharField(default='', max_length=20)),
                ('category_id', fields.BigIntField(default=0, db_index=True)),
                ('position', fields.CharField(default='', max_length=64)),
                ('sort', fields.IntField(default=0)),
                ('status', fields.CharField(default='0', db_index=True, max_length=1)),
                ('remark', fields.CharField(default='', max_length=500)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'common_personnel', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A person of an organisation (an approved registration, or kept by the console).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Registration',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('uid', fields.BigIntField(default=0, db_index=True)),
                ('name', fields.CharField(max_length=64)),
                ('phone', fields.CharField(default='', max_length=20)),
                ('category_id', fields.BigIntField(default=0, db_index=True)),
                ('content', fields.CharField(default='', max_length=500)),
                ('status', fields.CharField(default='0', db_index=True, max_length=1)),
                ('reason', fields.CharField(default='', max_length=200)),
                ('audit_by', fields.CharField(default='', max_length=64)),
                ('audit_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'common_register', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A registration of an app user with an organisation, written by the app and reviewed in the console.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='SensitiveWord',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('category_id', fields.BigIntField(db_index=True)),
                ('word', fields.CharField(unique=True, max_length=32)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'common_sensitive_word', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A word of the sensitive-word list, held by a category of kind sensitive.'},
            bases=['Model'],
        ),
    ]
