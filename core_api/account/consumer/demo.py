"""Demo data for the friend list: a few friendships per demo consumer, both directions, some remarks."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core_api.account.consumer.models import AccountUserFriend

REMARKS = ["", "", "老同学", "同事", "表哥", "室友", "健身搭子", "邻居"]


async def demo(ctx: Any) -> None:
    uids: list[int] = list(ctx.uids)
    if len(uids) < 2:
        return
    per_user = ctx.size("friends_per_consumer", 3)
    pairs: set[tuple[int, int]] = set()
    for uid in uids:
        for friend in ctx.rng.sample(uids, min(per_user, len(uids) - 1) + 1):
            if friend != uid:
                pairs.add((min(uid, friend), max(uid, friend)))
    rows: list[dict[str, Any]] = []
    for a, b in sorted(pairs):
        since = ctx.now - timedelta(days=ctx.rng.randint(0, 365), minutes=ctx.rng.randint(0, 1440))
        source = str(ctx.rng.randint(0, 5))
        for uid, friend in ((a, b), (b, a)):
            rows.append({"uid": uid, "friend_uid": friend, "remark": ctx.rng.choice(REMARKS), "source": source,
                         "blocked": "1" if ctx.rng.random() < 0.03 else "0", "create_time": since})
    for i in range(0, len(rows), 10_000):
        await ctx.insert(AccountUserFriend, rows[i:i + 10_000])
