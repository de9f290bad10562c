"""A demo turntable on shelf (its odds total 10 000 with a "no prize" slot, as version 1) and a few days of draws
by the users the points demo credited: each draw debits its points and a points prize credits them, through
the ledger, with the per-user and per-prize day counters the live draw keeps."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.mall.turntable.models import (
    MallTurntable,
    MallTurntableCounter,
    MallTurntableDraw,
    MallTurntableGift,
    MallTurntableVersion,
)
from core_api.mall.turntable.service import today
from core_api.points.ledger.models import PointsAccount, PointsLedger, PointsLedgerKey

GIFTS = [("谢谢参与", "none", 0, 6000, 0, 0), ("10积分", "points", 10, 3000, 100000, 0),
         ("50积分", "points", 50, 900, 10000, 100), ("200积分", "points", 200, 100, 1000, 5)]


async def demo(ctx: Any) -> None:
    table = {"name": "每日幸运大转盘", "points": 20, "daily_limit": 3, "shelf": "1", "version": 1, "create_by": "admin",
             "create_time": ctx.now - dt.timedelta(days=10)}
    await ctx.insert(MallTurntable, [table])
    gifts = [{"turntable_id": table["id"], "name": n, "kind": k, "value": v, "weight": w, "stock": s, "daily_cap": c,
              "sort": i, "create_time": table["create_time"]} for i, (n, k, v, w, s, c) in enumerate(GIFTS)]
    await ctx.insert(MallTurntableGift, gifts)
    await ctx.insert(MallTurntableVersion, [{"turntable_id": table["id"], "version": 1, "create_by": "admin",
                                             "create_time": table["create_time"],
                                             "weights": {str(g["id"]): g["weight"] for g in gifts}}])
    balances: dict[int, int] = ctx.shared.get("points", {})
    draws: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    counters: dict[tuple[str, int, dt.date], int] = {}  # (kind, ref, day) → count
    given = {g["id"]: 0 for g in gifts}
    for n, uid in enumerate(list(balances)[: ctx.size("turntable_users", 30)]):
        for d in range(ctx.rng.randrange(1, 4)):
            at = (ctx.now - dt.timedelta(days=d + 1, minutes=ctx.rng.randrange(600))).replace(microsecond=0)
            if balances[uid] < table["points"]:
                break
            roll, acc, gift = ctx.rng.randrange(10_000), 0, gifts[0]
            for g in gifts:
                acc += g["weight"]
                if roll < acc:
                    gift = g
                    break
            day = today(at)
            request_id = f"demo-{n}-{d}"
            balances[uid] -= table["points"]
            entries.append({"uid": uid, "delta": -table["points"], "balance_after": balances[uid], "kind": "draw",
                            "idem_key": f"draw:{request_id}", "ref": f"turntable:{table['id']}",
                            "remark": f"{table['name']}抽奖", "create_time": at})
            draws.append({"request_id": request_id, "uid": uid, "turntable_id": table["id"], "version": 1,
                          "roll": roll, "picked_gift_id": gift["id"], "gift_id": gift["id"], "gift_name": gift["name"],
                          "kind": gift["kind"], "value": gift["value"], "fell_back": False,
                          "points": table["points"], "day": day, "create_time": at})
            counters[("user", uid, day)] = counters.get(("user", uid, day), 0) + 1
            if gift["kind"] != "none":
                given[gift["id"]] += 1
                if gift["daily_cap"]:
                    counters[("gift", gift["id"], day)] = counters.get(("gift", gift["id"], day), 0) + 1
            if gift["kind"] == "points":
                balances[uid] += gift["value"]
                entries.append({"uid": uid, "delta": gift["value"], "balance_after": balances[uid], "kind": "prize",
                                "idem_key": f"draw:{request_id}:prize", "ref": f"draw:{request_id}",
                                "remark": f"{table['name']}中奖", "create_time": at})
    await ctx.insert(MallTurntableDraw, draws)
    await ctx.insert_ledger(PointsLedger, PointsLedgerKey, entries)
    await ctx.insert(MallTurntableCounter, [{"turntable_id": table["id"], "kind": k, "ref": ref, "day": day,
                                             "count": c} for (k, ref, day), c in counters.items()])
    for gid, count in given.items():
        if count:
            await MallTurntableGift.filter(id=gid).update(stock=next(g["stock"] for g in gifts if g["id"] == gid)
                                                          - count)
    for uid in {e["uid"] for e in entries}:
        await PointsAccount.filter(uid=uid).update(balance=balances[uid], version=2)
