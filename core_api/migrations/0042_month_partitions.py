"""The tables that grow without bound, partitioned by month on PostgreSQL (issue 29 §3); SQLite keeps them plain.

- ``points_ledger_key`` and ``finance_ledger_key`` (both backends): the idempotency key of each ledger entry as
  a primary key, filled from the entries already there. A partitioned ledger can only have its ``idem_key``
  unique together with ``create_time``, which would let one key apply twice in two instants.
- PostgreSQL: the order log, the operation and login logs, the two ledgers and the app users' sign-in records
  become ``PARTITION BY RANGE (<time column>)`` keeping their rows, their id sequence and their indexes
  (core_api/platform/partitions.py ``convert``); a unique index gets the time column appended (the login log's
  event id: a redelivered event carries its login time, so it stays exact).
- The seeded job row ``ensureChatPartitions`` becomes ``ensurePartitions`` (every registered table, and the
  retention); a fresh database gets the new row from the seed.
"""

import datetime as dt

from tortoise import fields
from tortoise.migrations import operations as ops

from core_api.platform import migration

TABLES = (("order_log", "create_time", "id"), ("sys_oper_log", "oper_time", "oper_id"),
          ("sys_logininfor", "login_time", "info_id"), ("points_ledger", "create_time", "id"),
          ("finance_ledger", "create_time", "id"), ("account_sign_in", "sign_in_time", "id"))


async def forward(_apps, schema_editor) -> None:
    from core_api.platform import partitions
    from core_api.platform.timefmt import zone

    client = schema_editor.client
    for ledger in ("points_ledger", "finance_ledger"):
        await client.execute_script(f"INSERT INTO {ledger}_key (idem_key, ledger_id, create_time) "  # noqa: S608
                                    f"SELECT idem_key, id, create_time FROM {ledger}")
    await client.execute_script("UPDATE sys_job SET invoke_target = 'ensurePartitions', "
                                "job_name = '创建月分区并分离旧月' WHERE invoke_target = 'ensureChatPartitions'")
    if client.capabilities.dialect != "postgres":
        return
    today = dt.datetime.now(zone()).date()
    for table, column, pk in TABLES:  # frozen here: the registry may list more tables later
        await partitions.convert(client, partitions.Monthly(table, column, pk), today)


async def backward(_apps, schema_editor) -> None:
    """The job row goes back; the tables stay partitioned (they work as before), the key tables are dropped
    by the CreateModel reversals."""
    await schema_editor.client.execute_script(
        "UPDATE sys_job SET invoke_target = 'ensureChatPartitions', job_name = '创建聊天记录月分区' "
        "WHERE invoke_target = 'ensurePartitions'")


class Migration(migration.Migration):
    dependencies = [("models", "0041_dict_label_en")]

    initial = False

    operations = [
        ops.CreateModel(
            name="PointsLedgerKey",
            fields=[
                ("idem_key", fields.CharField(primary_key=True, unique=True, db_index=True, max_length=160)),
                ("ledger_id", fields.BigIntField()),
                ("create_time", fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={"table": "points_ledger_key", "app": "models", "pk_attr": "idem_key",
                     "table_description": "The idempotency key of a points movement: its primary key "
                                          "applies the movement exactly once."},
            bases=["Model"],
        ),
        ops.CreateModel(
            name="FinanceLedgerKey",
            fields=[
                ("idem_key", fields.CharField(primary_key=True, unique=True, db_index=True, max_length=160)),
                ("ledger_id", fields.BigIntField()),
                ("create_time", fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={"table": "finance_ledger_key", "app": "models", "pk_attr": "idem_key"},
            bases=["Model"],
        ),
        ops.RunPython(forward, backward),
    ]
