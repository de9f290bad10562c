"""Demo points: a sign-up bonus for the first app users, one ledger entry each (the turntable demo then spends
some of it, through the same ledger)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.points.ledger.models import PointsAccount, PointsLedger, PointsLedgerKey


async def demo(ctx: Any) -> None:
    balances: dict[int, int] = {}
    entries = []
    for uid in ctx.uids[: ctx.size("points_users", 200)]:
        amount = ctx.rng.randrange(100, 5001)
        balances[uid] = amount
        entries.append({"uid": uid, "delta": amount, "balance_after": amount, "kind": "credit",
                        "idem_key": f"demo:signup:{uid}", "ref": "signup", "remark": "注册奖励",
                        "create_time": ctx.moment(end=ctx.now - dt.timedelta(days=2))})
    await ctx.insert_ledger(PointsLedger, PointsLedgerKey, entries)
    await ctx.insert(PointsAccount, [{"uid": uid, "balance": b, "version": 1, "update_time": ctx.now}
                                     for uid, b in balances.items()])
    ctx.shared["points"] = balances
