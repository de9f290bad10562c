"""The node that runs a partner call (issue 29 §2): ``sys_partner_request.node``. A repeat of a call whose node
died retakes its key once the node is no longer marked alive (seconds), instead of after ABANDONED_AFTER
(core_api/platform/partner.py). Claims made before are nameless and keep the old rule."""

from tortoise import fields
from tortoise.migrations import operations as ops

from core_api.platform import migration


class Migration(migration.Migration):
    dependencies = [("models", "0046_bus_outbox")]

    initial = False

    operations = [
        ops.AddField(model_name="PartnerRequest", name="node", field=fields.CharField(max_length=32, default="")),
    ]
