"""The base class of the project's migrations (core_api/migrations): Tortoise's, without its copy of the whole
schema state before each operation that never reads it.

Tortoise's ``Migration.apply`` clones the state (every model rendered again) before each operation, for the
operations that compare the model before with the model after (altering or renaming a field, removing an index).
Creating a model, adding a field or an index, and running Python (whose state step changes nothing) read only the
state after, so for them the copy is pure cost: a fresh database spent 40 of its 50 seconds of migrating on 144
such copies, and every test run, browser stack and first ``./ops/up`` migrates a fresh database.
``tests/test_migrations_and_docs.py`` checks that both ways build the same schema.

A new migration written by ``tortoise makemigrations`` names Tortoise's class; change its base to this one.
"""

from __future__ import annotations

from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.migrations.schema_editor.base import BaseSchemaEditor
from tortoise.migrations.schema_generator.state import State

# The operations whose database step reads only the state after them (their database_forward in
# tortoise/migrations/operations.py), or whose state step is a no-op (RunPython).
NEEDS_NO_COPY = (ops.CreateModel, ops.AddField, ops.AddIndex, ops.RunPython)


class Migration(migrations.Migration):
    async def apply(self, state: State, *, dry_run: bool = False, schema_editor: BaseSchemaEditor | None = None,
                    collect_sql: bool = False) -> State:
        if dry_run or collect_sql or schema_editor is None:
            return await super().apply(state, dry_run=dry_run, schema_editor=schema_editor, collect_sql=collect_sql)
        transactions = schema_editor.client.capabilities.supports_transactions
        for operation in self.operations:
            before = state if isinstance(operation, NEEDS_NO_COPY) else state.clone()
            operation.state_forward(self.app_label, state)
            await self._run_database_forward(operation, before, state, schema_editor, transactions)
        state.validate_relations_initialized()
        return state
