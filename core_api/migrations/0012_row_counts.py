"""Exact live-row counts of the listed tables, kept by triggers, so that a list's unfiltered total never
scans its table (core_api/platform/counts.py explains the design; docs/decisions.md why).

The table list is frozen here as it was when this migration was written; a later table gets its counter
from a migration of its own that runs ``row_count_sql`` for it.
"""

from core_api.platform import migration
from tortoise.migrations import operations as ops

from core_api.platform.counts import drop_row_count_sql, row_count_sql

TABLES: dict[str, dict[str, str]] = {
    "sys_user": {"del_flag": "0"},
    "sys_role": {"del_flag": "0"},
    "sys_post": {},
    "sys_dict_type": {},
    "sys_dict_data": {},
    "sys_config": {},
    "sys_notice": {},
    "sys_oper_log": {},
    "sys_logininfor": {},
}

CREATE = {
    "postgres": "CREATE TABLE IF NOT EXISTS biz_row_count (id BIGSERIAL PRIMARY KEY, tbl VARCHAR(64) NOT NULL, "
                "n BIGINT NOT NULL)",
    "sqlite": "CREATE TABLE IF NOT EXISTS biz_row_count (id INTEGER PRIMARY KEY AUTOINCREMENT, "
              "tbl VARCHAR(64) NOT NULL, n BIGINT NOT NULL)",
}


async def forward(_apps, schema_editor) -> None:
    client = schema_editor.client
    dialect = client.capabilities.dialect
    await client.execute_script(CREATE.get(dialect, CREATE["sqlite"]))
    await client.execute_script("CREATE INDEX IF NOT EXISTS idx_biz_row_count_tbl ON biz_row_count (tbl)")
    for table, live in TABLES.items():
        for statement in row_count_sql(dialect, table, live):
            await client.execute_script(statement)


async def backward(_apps, schema_editor) -> None:
    client = schema_editor.client
    for table in TABLES:
        for statement in drop_row_count_sql(client.capabilities.dialect, table):
            await client.execute_script(statement)
    await client.execute_script("DROP TABLE IF EXISTS biz_row_count")


class Migration(migration.Migration):
    dependencies = [("models", "0011_account_records_and_referrals")]

    initial = False

    operations = [ops.RunPython(forward, backward)]
