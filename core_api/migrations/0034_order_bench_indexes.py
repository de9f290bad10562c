from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0033_order_group')]

    initial = False

    operations = [
        ops.RemoveIndex(
            model_name='OrderShop',
            name=None,
            fields=['shop_id', 'status', 'create_time'],
        ),
        ops.RemoveIndex(
            model_name='OrderShop',
            name=None,
            fields=['status', 'create_time'],
        ),
        ops.AddIndex(
            model_name='OrderShop',
            index=Index(fields=['shop_id', 'status', 'create_time', 'id']),
        ),
        ops.AddIndex(
            model_name='OrderShop',
            index=Index(fields=['status', 'create_time', 'id']),
        ),
        ops.AddIndex(
            model_name='OrderShop',
            index=Index(fields=['shop_id', 'create_time', 'id']),
        ),
        ops.AddIndex(
            model_name='OrderShop',
            index=Index(fields=['create_time', 'id']),
        ),
    ]
