from core_api.platform import migration
from tortoise.migrations import operations as ops
from tortoise.indexes import Index

class Migration(migration.Migration):
    dependencies = [('models', '0034_order_bench_indexes')]

    initial = False

    operations = [
        ops.AddIndex(
            model_name='OrderMain',
            index=Index(fields=['pay_status', 'pay_deadline']),
        ),
    ]
