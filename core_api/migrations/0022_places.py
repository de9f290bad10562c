from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0021_config')]

    initial = False

    operations = [
        ops.CreateModel(
            name='RegionPlace',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('kind', fields.CharField(max_length=16)),
                ('ref_id', fields.BigIntField()),
                ('name', fields.CharField(max_length=100)),
                ('address', fields.CharField(default='', max_length=255)),
                ('lng_e6', fields.IntField()),
                ('lat_e6', fields.IntField()),
                ('update_time', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'region_place', 'app': 'models', 'unique_together': (('kind', 'ref_id'),), 'indexes': [Index(fields=['lat_e6', 'lng_e6'])], 'pk_attr': 'id', 'table_description': "A place the local maps service finds: a shop, a hospital, a hospital service or a region's centre."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='ConsultService',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=64)),
                ('service_type', fields.CharField(default='hospital', max_length=16)),
                ('hospital_id', fields.BigIntField(null=True, db_index=True)),
                ('price', fields.BigIntField(default=0)),
                ('duration', fields.IntField(default=30)),
                ('address', fields.CharField(default='', max_length=255)),
                ('longitude', fields.FloatField(null=True)),
                ('latitude', fields.FloatField(null=True)),
                ('phone', fields.CharField(default='', max_length=20)),
                ('intro', fields.TextField(default='', unique=False)),
                ('cover', fields.CharField(default='', max_length=500)),
                ('shelf', fields.CharField(default='1', max_length=1)),
                ('sort', fields.IntField(default=0)),
                ('create_by', fields.CharField(default='', max_length=64)),
                ('create_time', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=True)),
                ('update_by', fields.CharField(default='', max_length=64)),
                ('update_time', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'consult_service', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A hospital service (spec 001 §2.14): what a hospital offers, its price in fen and where it takes place.'},
            bases=['Model'],
        ),
    ]
