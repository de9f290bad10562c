"""Demo group buys: an activity on the first approved goods items with SKUs (10 % off each SKU), with an open team
led by an app user and an expired one (teams are formed by orders; these show the screens what they look like)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.mall.goods.models import MallGoods, MallSku
from core_api.mall.market.models import MallGroupActivity, MallGroupSku, MallGroupTeam


async def demo(ctx: Any) -> None:
    activities, skus = [], []
    for goods in await MallGoods.filter(review="approved").order_by("id").limit(ctx.size("group_buys", 3)):
        mine = await MallSku.filter(goods_id=goods.id, price_fen__gt=1)
        if not mine:
            continue
        prices = {s.id: s.price_fen * 9 // 10 for s in mine}
        began = ctx.now - dt.timedelta(days=3)
        activity = {"shop_id": goods.shop_id, "goods_id": goods.id, "goods_name": goods.name, "team_size": 3,
                    "hours": 24, "start_time": began, "end_time": ctx.now + dt.timedelta(days=30),
                    "min_price_fen": min(prices.values()), "create_by": "admin", "create_time": began}
        await ctx.insert(MallGroupActivity, [activity])
        activities.append(activity)
        skus += [{"activity_id": activity["id"], "sku_id": s.id, "spec": s.spec, "sku_price_fen": s.price_fen,
                  "price_fen": prices[s.id]} for s in mine]
    await ctx.insert(MallGroupSku, skus)
    teams = []
    for n, activity in enumerate(activities):
        opened = ctx.now - dt.timedelta(hours=2 + n)
        teams.append({"activity_id": activity["id"], "leader_uid": ctx.uids[n % len(ctx.uids)], "status": "open",
                      "size": 3, "joined": 1, "expires_at": opened + dt.timedelta(hours=24), "create_time": opened})
        gone = ctx.now - dt.timedelta(days=2)
        teams.append({"activity_id": activity["id"], "leader_uid": ctx.uids[(n + 1) % len(ctx.uids)],
                      "status": "expired", "size": 3, "joined": 2, "expires_at": gone + dt.timedelta(hours=24),
                      "create_time": gone})
    await ctx.insert(MallGroupTeam, teams)
