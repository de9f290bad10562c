"""PostgreSQL only: trigram indexes so that "name contains" filters on users use an index.

The list screens filter with ``UPPER(CAST(col AS VARCHAR)) LIKE UPPER('%x%')`` (Tortoise's icontains);
a GIN trigram index on exactly that expression serves it. SQLite has no such index and needs none at
its scale. Where the pg_trgm extension cannot be created, the lists still work, only slower.
"""

import logging

from core_api.platform import migration
from tortoise.migrations import operations as ops

log = logging.getLogger("console.migrations")

INDEXES = {
    "idx_sys_user_name_trgm": "sys_user (UPPER(CAST(user_name AS VARCHAR)))",
    "idx_sys_user_phone_trgm": "sys_user (CAST(phonenumber AS VARCHAR))",
}


def _is_postgres(schema_editor) -> bool:
    return schema_editor.client.capabilities.dialect == "postgres"


async def forward(_apps, schema_editor) -> None:
    if not _is_postgres(schema_editor):
        return
    client = schema_editor.client
    try:
        await client.execute_script("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except Exception as exc:  # a managed database may not allow it
        log.warning("pg_trgm is not available (%s); user name search runs without an index", exc)
        return
    for name, target in INDEXES.items():
        table, expression = target.split(" ", 1)
        await client.execute_script(
            f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ({expression[1:-1]} gin_trgm_ops)"
        )


async def backward(_apps, schema_editor) -> None:
    if _is_postgres(schema_editor):
        for name in INDEXES:
            await schema_editor.client.execute_script(f"DROP INDEX IF EXISTS {name}")


class Migration(migration.Migration):
    dependencies = [("models", "0002_notice")]

    initial = False

    operations = [ops.RunPython(forward, backward)]
