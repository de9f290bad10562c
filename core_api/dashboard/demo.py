"""Demo: the home report's daily figures (stat_daily) over the last 90 days, counted from the demo's own orders,
refunds, app users, sign-ins and conversations, as the rebuild job would (issue 28 §1: with the demo the report
has data at once, not after the nightly rebuild); with the keys of what was counted (stat_event), so their events
arriving later count nothing. Runs last: every other demo table is written by then."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core_api.dashboard import stats
from core_api.dashboard.models import StatDaily, StatEvent

DAYS = 90  # the report's longest preset


async def demo(ctx: Any) -> None:
    today = stats.local_day(ctx.now)
    rows: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for back in range(ctx.size("stat_days", DAYS) - 1, -1, -1):
        day = today - timedelta(days=back)
        shops = await stats.recount_orders(day)
        shops[stats.TOTAL] = {**shops[stats.TOTAL], **await stats.people_of(day)}
        rows += [{"day": day, "shop_id": shop, **figures, "update_time": ctx.now} for shop, figures in shops.items()]
        events += [{"key": e.key, "day": e.day, "shop_id": e.shop_id, "amount_fen": e.amount_fen,
                    "create_time": ctx.now} for e in await stats.counted_keys(day, ctx.now)]
    # the people job (every ten minutes) may write today's and yesterday's total rows meanwhile: upserted
    await ctx.upsert(StatDaily, rows, on=("day", "shop_id"))
    await ctx.insert(StatEvent, events)
