from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migration.Migration):
    dependencies = [('models', '0022_places')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ConsultDoctor',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=32)),
                ('hospital_id', fields.BigIntField(db_index=True)),
                ('department', fields.CharField(default='', max_length=32)),
                ('title', fields.CharField(default='resident', max_length=16)),
                ('avatar', fields.CharField(default='', max_length=500)),
                ('specialties', fields.CharField(default='', max_length=500)),
                ('intro', fields.TextField(default='', unique=False)),
                ('price', fields.BigIntField(default=0)),
                ('online', fields.CharField(default='0', max_length=1)),
                ('sort', fields.IntField(default=0)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'consult_doctor', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A doctor whom the app users consult, the price of one consult is in fen.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ConsultHospital',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('name', fields.CharField(unique=True, max_length=64)),
                ('level', fields.CharField(default='0', max_length=4)),
                ('area_code', fields.CharField(default='', db_index=True, max_length=12)),
                ('address', fields.CharField(default='', max_length=200)),
                ('phone', fields.CharField(default='', max_length=20)),
                ('logo', fields.CharField(default='', max_length=500)),
                ('intro', fields.TextField(default='', unique=False)),
                ('sort', fields.IntField(default=0)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'consult_hospital', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A hospital where the consult doctors work, its area is a region code (the area picker).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Region',
            fields=[
                ('code', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=12)),
                ('name', fields.CharField(db_index=True, max_length=64)),
                ('level', fields.SmallIntField()),
                ('parent_code', fields.CharField(null=True, db_index=True, max_length=12)),
                ('path', fields.CharField(max_length=255)),
                ('leaf', fields.BooleanField(default=True)),
                ('lng', fields.DecimalField(null=True, max_digits=10, decimal_places=6)),
                ('lat', fields.DecimalField(null=True, max_digits=10, decimal_places=6)),
            ],
            options={'table': 'region', 'app': 'models', 'pk_attr': 'code', 'table_description': 'One administrative division: 1 province, 2 city, 3 district, 4 street (township). Loaded from the shipped'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='RegionDataset',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('version', fields.CharField(max_length=128)),
                ('rows', fields.IntField()),
                ('loaded_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'region_dataset', 'app': 'models', 'pk_attr': 'id', 'table_description': 'Which version of the shipped dataset the region table holds (one row).'},
            bases=['Model'],
        ),
    ]
