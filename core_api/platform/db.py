"""Tortoise ORM wiring: one app holding every model module (given by the caller: core_api.model_index), migrations
under core_api/migrations."""

from __future__ import annotations

from typing import Any

from tortoise import Tortoise
from tortoise.context import TortoiseContext
from tortoise.migrations.api import migrate as run_migrations

from core_api.platform.settings import Settings

# Lists filter with LIKE patterns and id lists whose best plans differ wildly with the values; a cached
# generic plan (PostgreSQL's choice after five runs of a prepared statement) can turn an index scan into
# a full scan. Planning each statement costs a fraction of a millisecond.
PG_SERVER_SETTINGS = {"plan_cache_mode": "force_custom_plan"}


async def _keep_connection(_connection: Any) -> None:
    """asyncpg resets every connection it takes back (a round trip of RESET ALL and friends); ours change
    no session state (settings are fixed at connect, advisory locks here end with their transaction)."""
    return None


def tortoise_config(settings: Settings, models: list[str], *, pool_max: int = 20, app_name: str = "console"
                    ) -> dict[str, Any]:
    """``models``: every model module (core_api.model_index.model_modules(): the platform knows no feature).
    With a standby configured, the router that sends the reads of routes that may be a moment old to it
    (core_api/platform/replica.py; its connection is not one of Tortoise's, so ``in_transaction()`` keeps
    meaning the primary)."""
    from tortoise.backends.base.config_generator import expand_db_url

    connection = expand_db_url(settings.db_url)
    if settings.is_postgres:
        connection["credentials"].update(_pg_credentials(pool_max, app_name))
        connection["engine"] = _engine(connection["engine"])
    else:
        # WAL (Tortoise's default) with a sync of the log at checkpoints, not at every commit: the setting SQLite
        # recommends for WAL. A crash of the process loses nothing; a power cut may lose the last commits, never
        # the file's consistency. `?synchronous=FULL` in CONSOLE_DATABASE_URL restores a sync per commit.
        connection["credentials"].setdefault("synchronous", "NORMAL")
    connections = {"default": connection}
    routers = ["core_api.platform.replica.ReplicaRouter"] if settings.replica_url else []
    return {
        "connections": connections,
        "routers": routers,
        "apps": {
            "models": {
                "models": models,
                "default_connection": "default",
                "migrations": "core_api.migrations",
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


def _engine(engine: str) -> str:
    """Tortoise's asyncpg client as the console's (asyncpg_client.py: kept reads hold their connections)."""
    return "core_api.platform.asyncpg_client" if engine == "tortoise.backends.asyncpg" else engine


def _pg_credentials(pool_max: int, app_name: str) -> dict[str, Any]:
    return {"minsize": 1, "maxsize": pool_max, "application_name": app_name,
            "server_settings": dict(PG_SERVER_SETTINGS), "reset": _keep_connection}


def replica_client(settings: Settings, *, pool_max: int = 20, app_name: str = "console") -> Any:
    """A Tortoise client of the standby (connected at its first query). A standby that does not answer is given
    up after 2 s (its reads then go to the primary)."""
    import importlib

    from tortoise.backends.base.config_generator import expand_db_url

    from core_api.platform.replica import REPLICA

    info = expand_db_url(settings.replica_url)
    credentials = {**info["credentials"], **_pg_credentials(pool_max, app_name), "timeout": 2}
    return importlib.import_module(_engine(info["engine"])).client_class(connection_name=REPLICA, **credentials)


async def init_db(settings: Settings, models: list[str], **kw: Any) -> TortoiseContext:
    """Returns the ORM context; close it with ``close_db(ctx)`` from whatever task shuts down (a
    shutdown may run in another task whose context variable does not point at it)."""
    return await Tortoise.init(config=tortoise_config(settings, models, **kw), _enable_global_fallback=False)


async def close_db(ctx: TortoiseContext | None = None) -> None:
    if ctx is not None:
        await ctx.close_connections()
    else:
        await Tortoise.close_connections()


async def migrate(settings: Settings, models: list[str]) -> None:
    from tortoise import connections

    from core_api.platform.tally import rezone
    from core_api.platform.timefmt import set_zone

    set_zone(settings.timezone)  # a migration that keeps local-day totals (tally.py) keeps them in this zone
    await run_migrations(config=tortoise_config(settings, models))
    ctx = await init_db(settings, models)
    try:
        await rezone(connections.get("default"), settings.timezone)
    finally:
        await close_db(ctx)
