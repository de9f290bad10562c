"""PostgreSQL only: the goods list's name fragment filter (icontains) served by a trigram index, with fine
statistics on its expression so that the planner knows how many goods a fragment matches (see 0013: with the
default target a 2 % fragment is often guessed at a handful of rows, and page 1 then sorts every match).
Where the pg_trgm extension cannot be created, the list still works, only slower."""

import logging

from core_api.platform import migration
from tortoise.migrations import operations as ops

log = logging.getLogger("console.migrations")
INDEX = "idx_mall_goods_name_trgm"


async def forward(_apps, schema_editor) -> None:
    client = schema_editor.client
    if client.capabilities.dialect != "postgres":
        return
    try:
        await client.execute_script("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except Exception as exc:  # a managed database may not allow it
        log.warning("pg_trgm is not available (%s); goods name search runs without an index", exc)
        return
    await client.execute_script(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON mall_goods USING gin ((UPPER(CAST(name AS VARCHAR))) gin_trgm_ops)")
    await client.execute_script(f'ALTER INDEX "{INDEX}" ALTER COLUMN 1 SET STATISTICS 1000')


async def backward(_apps, schema_editor) -> None:
    if schema_editor.client.capabilities.dialect == "postgres":
        await schema_editor.client.execute_script(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migration.Migration):
    dependencies = [("models", "0025_mall_shops_goods")]

    initial = False

    operations = [ops.RunPython(forward, backward)]
