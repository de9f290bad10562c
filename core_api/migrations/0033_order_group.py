from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0032_order_points')]

    initial = False

    operations = [
        ops.CreateModel(
            name='OrderGroupMember',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('team_id', fields.BigIntField()),
                ('shop_id', fields.BigIntField(default=0)),
                ('uid', fields.BigIntField(db_index=True)),
                ('shop_order_id', fields.BigIntField(unique=True)),
                ('role', fields.CharField(default='member', max_length=8)),
                ('status', fields.CharField(default='reserved', max_length=16)),
                ('paid_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('create_time', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'order_group_member', 'app': 'models', 'unique_together': (('team_id', 'uid'),), 'pk_attr': 'id', 'table_description': 'A seat of a group-buy team held by one order: the leader or a joiner. UNIQUE(team_id, uid): nobody joins'},
            bases=['Model'],
        ),
        ops.AlterModelOptions(
            name='MallGroupTeam',
            options={'table': 'mall_group_team', 'app': 'models', 'indexes': [Index(fields=['activity_id', 'status'])], 'pk_attr': 'id', 'table_description': 'A team of a group buy: pending while the leader has not paid, opened when the leader pays, full when joined'},
        ),
        ops.AlterField(
            model_name='MallGroupTeam',
            name='expires_at',
            field=fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='closed_at',
            field=fields.DatetimeField(null=True, auto_now=False, auto_now_add=False),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='full_at',
            field=fields.DatetimeField(null=True, auto_now=False, auto_now_add=False),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='goods_id',
            field=fields.BigIntField(default=0),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='hours',
            field=fields.IntField(default=24),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='reserved',
            field=fields.IntField(default=0),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='shop_id',
            field=fields.BigIntField(default=0, db_index=True),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='update_time',
            field=fields.DatetimeField(null=True, auto_now=False, auto_now_add=False),
        ),
        ops.AddField(
            model_name='MallGroupTeam',
            name='version',
            field=fields.IntField(default=0),
        ),
    ]
