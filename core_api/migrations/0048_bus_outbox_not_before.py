"""A bus message written in the transaction of the change it announces (issue 29 §2): ``sys_bus_outbox.not_before``.
Its node publishes it right after the commit and deletes it; the relay takes it only after ``not_before``, should
that node die first (core_api/platform/outbox.py ``keep``/``release``). Rows kept while the broker was away have
none and are relayed as before."""

from tortoise import fields
from tortoise.migrations import operations as ops

from core_api.platform import migration


class Migration(migration.Migration):
    dependencies = [("models", "0047_partner_request_node")]

    initial = False

    operations = [
        ops.AddField(model_name="BusOutbox", name="not_before", field=fields.DatetimeField(null=True)),
    ]
