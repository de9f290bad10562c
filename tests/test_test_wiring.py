"""The suite's own wiring (tests/conftest.py): what it keeps between tests to save time must be what a fresh start
would make."""

from __future__ import annotations

from tortoise import Tortoise
from tortoise.apps import Apps

from tests.conftest import Caller, token_for


async def test_models_finalised_once_are_what_a_fresh_finalising_gives(start_app, make_settings):
    """A second app in the session takes each model's finalised state from the first: the same filters, columns
    and base queries as finalising it again, and the app lists and filters with it."""
    await start_app(make_settings())
    client = await start_app(make_settings())  # Tortoise.init again: the kept state put back
    admin = Caller(client, await token_for(client))
    found = await admin.get("/system/user/list", params={"userName": "dmi", "pageNum": 1, "pageSize": 10})
    assert found["code"] == 200 and [row["userName"] for row in found["rows"]] == ["admin"]

    models = [model for app in Tortoise.apps.values() for model in app.values()]
    assert len(models) > 100
    state = Apps.finalised_state  # type: ignore[attr-defined]
    kept = {model: {name: getattr(model._meta, name) for name in state} for model in models}
    for model in models:
        meta = model._meta
        meta.finalise_model()
        fresh = {name: getattr(meta, name) for name in state if not name.startswith("base")}
        assert {name: value for name, value in kept[model].items() if not name.startswith("base")} == fresh, model
        query = meta.db.query_class.from_(kept[model]["basetable"]).select(*meta.db_fields)
        assert str(kept[model]["basequery_all_fields"]) == str(query), model
