"""The shop orders counted per shop, status and local day of placing, and per status and day, kept by PostgreSQL
triggers, so that the shop order list filtered by those never counts its rows (core_api/platform/tally.py;
docs/decisions.md).

The declaration is frozen here as it was when this migration was written. SQLite keeps no tally.
"""

from core_api.platform import migration
from tortoise.migrations import operations as ops

from core_api.platform.tally import DayTally, drop_tally_sql, tally_sql
from core_api.platform.timefmt import zone

TALLIES = (DayTally("order_shop", "create_time", (("shop_id", "BIGINT"), ("status", "VARCHAR(16)"))),
           DayTally("order_shop", "create_time", (("status", "VARCHAR(16)"),)))


async def forward(_apps, schema_editor) -> None:
    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        return
    for tally in TALLIES:
        for statement in tally_sql(tally, zone().key):  # the configured zone: ``db.migrate`` sets it first
            await client.execute_script(statement)


async def backward(_apps, schema_editor) -> None:
    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        return
    for tally in TALLIES:
        for statement in drop_tally_sql(tally):
            await client.execute_script(statement)


class Migration(migration.Migration):
    dependencies = [("models", "0035_order_main_due")]

    initial = False

    operations = [ops.RunPython(forward, backward)]
