"""Console user names unique without regard to case: "Admin" and "aDmin" are admin's name.

A unique index on LOWER(user_name) over every row, like the exact unique constraint it sits beside (users are
deleted outright; a del_flag "2" row still holds its name). Both SQLite and PostgreSQL index the expression, and
user names are ASCII (the user form, the import, registration and settlement applications take only
letters, digits and _ . @ -), where both fold case alike. The code checks first, with a clear message
(``user_name_taken``); the index decides a race.

An install holding two names that differ only in case cannot be given the index: the migration stops and names
them, to be renamed (or one removed) before migrating again.
"""

from core_api.platform import migration
from tortoise.migrations import operations as ops

INDEX = "uidx_sys_user_name_lower"


async def forward(_apps, schema_editor) -> None:
    client = schema_editor.client
    _, rows = await client.execute_query(
        "SELECT LOWER(user_name) AS name, COUNT(*) AS n FROM sys_user GROUP BY LOWER(user_name) HAVING COUNT(*) > 1")
    if rows:
        names = ", ".join(sorted(str(dict(r)["name"]) for r in rows))
        raise RuntimeError(f"sys_user holds user names that differ only in case ({names}): rename them first")
    await client.execute_script(f"CREATE UNIQUE INDEX IF NOT EXISTS {INDEX} ON sys_user (LOWER(user_name))")


async def backward(_apps, schema_editor) -> None:
    await schema_editor.client.execute_script(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migration.Migration):
    dependencies = [("models", "0036_order_shop_tally")]

    initial = False

    operations = [ops.RunPython(forward, backward)]
