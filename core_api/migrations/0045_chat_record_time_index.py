"""Chat records (issue 29 §3): the newest-first list without a filter reads an index, and its total is kept.

- ``(sent_time, id)`` on both tables (on PostgreSQL declared on the partitioned table, so every month has it): the
  default list, newest first, reads the newest entries of one or two months' indexes instead of sorting a month
  (docs/decisions.md, 2026-11-29);
- the tables' live rows counted by triggers (core_api/platform/counts.py, ``row_count_sql``), so that the unfiltered
  total never counts ten million rows each time a message arrives.

The table list is frozen here as it was when this migration was written.
"""

from tortoise.indexes import Index
from tortoise.migrations import operations as ops

from core_api.platform import migration
from core_api.platform.counts import drop_row_count_sql, row_count_sql

TABLES = ("im_record", "im_record_single")


async def forward(_apps, schema_editor) -> None:
    client = schema_editor.client
    for table in TABLES:
        for statement in row_count_sql(client.capabilities.dialect, table):
            await client.execute_script(statement)


async def backward(_apps, schema_editor) -> None:
    client = schema_editor.client
    for table in TABLES:
        for statement in drop_row_count_sql(client.capabilities.dialect, table):
            await client.execute_script(statement)


class Migration(migration.Migration):
    dependencies = [("models", "0042_month_partitions")]

    initial = False

    operations = [
        ops.AddIndex(model_name="ImRecord", index=Index(fields=["sent_time", "id"])),
        ops.AddIndex(model_name="ImRecordSingle", index=Index(fields=["sent_time", "id"])),
        ops.RunPython(forward, backward),
    ]
