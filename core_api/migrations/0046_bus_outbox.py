"""The bus outbox (issue 29 §2): a message whose publish failed after its change committed (RabbitMQ away) is kept in
``sys_bus_outbox`` and published by every core node's relay once the broker is back (core_api/platform/outbox.py)."""

from tortoise import fields
from tortoise.migrations import operations as ops

from core_api.platform import migration


class Migration(migration.Migration):
    dependencies = [("models", "0045_chat_record_time_index")]

    initial = False

    operations = [
        ops.CreateModel(
            name="BusOutbox",
            fields=[
                ("id", fields.BigIntField(primary_key=True, unique=True, db_index=True)),
                ("topic", fields.CharField(max_length=128)),
                ("payload", fields.TextField(unique=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ("attempts", fields.IntField(default=0)),
            ],
            options={"table": "sys_bus_outbox", "app": "models", "pk_attr": "id",
                     "table_description": "A bus message kept while the broker was away, published by the relay."},
            bases=["Model"],
        ),
    ]
