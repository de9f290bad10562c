"""Tortoise ORM wiring: one app holding every model module, migrations under core_api/migrations."""

from __future__ import annotations

from typing import Any

from tortoise import Tortoise
from tortoise.context import TortoiseContext
from tortoise.migrations.api import migrate as run_migrations

from core_api.platform.settings import Settings

MODEL_MODULES = [
    "core_api.platform.models",
    "core_api.system.dept.models",
    "core_api.system.post.models",
    "core_api.system.menu.models",
    "core_api.system.role.models",
    "core_api.system.user.models",
    "core_api.system.dict.models",
    "core_api.system.config.models",
    "core_api.system.notice.models",
    "core_api.monitor.logininfor.models",
    "core_api.monitor.operlog.models",
    "core_api.monitor.job.models",
    "core_api.auth.models",
    "core_api.tools.gen.models",
    "core_api.messaging.models",
    "core_api.messaging.chat.models",
    "core_api.account.auth.models",
    "core_api.account.records.models",
    "core_api.account.referral.models",
    "core_api.im.group.models",
    "core_api.im.record.models",
    "core_api.moderation.intercept.models",
    "core_api.content.rich_text.models",
    "core_api.content.app_version.models",
    "core_api.content.cdkey.models",
    "core_api.content.feedback.models",
    "core_api.content.message.models",
    "core_api.setting.common_config.models",
    "core_api.content.category.models",
    "core_api.account.consumer.models",
    "core_api.region.place.models",
    "core_api.consult.service.models",
    "core_api.region.division.models",
    "core_api.consult.hospital.models",
    "core_api.consult.doctor.models",
    "core_api.finance.pay_code.models",
    "core_api.finance.withdrawal.models",
    "core_api.mall.shop.models",
    "core_api.mall.goods.models",
    "core_api.points.ledger.models",
    "core_api.mall.coupon.models",
    "core_api.mall.market.models",
    "core_api.mall.turntable.models",
    "core_api.mall.keyword.models",
    "core_api.mall.picture.models",
    "core_api.mall.carousel.models",
    "core_api.mall.ad.models",
    "core_api.mall.integral_goods.models",
    "core_api.mall.supply.models",
    "core_api.order.core.models",
    "core_api.order.manage.models",
    "core_api.order.aftersale.models",
    "core_api.points.order.models",
    "core_api.dashboard.models",
    "core_api.order.group.models",
]


# Lists filter with LIKE patterns and id lists whose best plans differ wildly with the values; a cached
# generic plan (PostgreSQL's choice after five runs of a prepared statement) can turn an index scan into
# a full scan. Planning each statement costs a fraction of a millisecond.
PG_SERVER_SETTINGS = {"plan_cache_mode": "force_custom_plan"}


async def _keep_connection(_connection: Any) -> None:
    """asyncpg resets every connection it takes back (a round trip of RESET ALL and friends); ours change
    no session state (settings are fixed at connect, advisory locks here end with their transaction)."""
    return None


def model_modules() -> list[str]:
    """The product's models and those of generated code (core_api/generated)."""
    from core_api import generated

    return MODEL_MODULES + [m.__name__ for m in generated.modules("models")]


def tortoise_config(settings: Settings, *, pool_max: int = 20, app_name: str = "console") -> dict[str, Any]:
    from tortoise.backends.base.config_generator import expand_db_url

    connection = expand_db_url(settings.db_url)
    if settings.is_postgres:
        connection["credentials"].update(minsize=1, maxsize=pool_max, application_name=app_name,
                                         server_settings=dict(PG_SERVER_SETTINGS), reset=_keep_connection)
    else:
        # WAL (Tortoise's default) with a sync of the log at checkpoints, not at every commit: the setting SQLite
        # recommends for WAL. A crash of the process loses nothing; a power cut may lose the last commits, never
        # the file's consistency. `?synchronous=FULL` in CONSOLE_DATABASE_URL restores a sync per commit.
        connection["credentials"].setdefault("synchronous", "NORMAL")
    return {
        "connections": {"default": connection},
        "apps": {
            "models": {
                "models": model_modules(),
                "default_connection": "default",
                "migrations": "core_api.migrations",
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


async def init_db(settings: Settings, **kw: Any) -> TortoiseContext:
    """Returns the ORM context; close it with ``close_db(ctx)`` from whatever task shuts down (a
    shutdown may run in another task whose context variable does not point at it)."""
    return await Tortoise.init(config=tortoise_config(settings, **kw), _enable_global_fallback=False)


async def close_db(ctx: TortoiseContext | None = None) -> None:
    if ctx is not None:
        await ctx.close_connections()
    else:
        await Tortoise.close_connections()


async def migrate(settings: Settings) -> None:
    from tortoise import connections

    from core_api.platform.tally import rezone
    from core_api.platform.timefmt import set_zone

    set_zone(settings.timezone)  # a migration that keeps local-day totals (tally.py) keeps them in this zone
    await run_migrations(config=tortoise_config(settings))
    ctx = await init_db(settings)
    try:
        await rezone(connections.get("default"), settings.timezone)
    finally:
        await close_db(ctx)


# For the ``tortoise`` CLI (makemigrations): ``tortoise -c core_api.platform.db.TORTOISE_ORM makemigrations``
TORTOISE_ORM = tortoise_config(Settings())
