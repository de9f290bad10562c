"""Demo coupons: platform coupons of both kinds and a shop coupon for a few listed goods of the first demo shop,
on shelf, with claims by the first app users (the issued counts match the claims)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.mall.coupon.models import MallCoupon, MallCouponTarget, MallUserCoupon
from core_api.mall.goods.models import MallGoods


async def demo(ctx: Any) -> None:
    now = ctx.now
    rows: list[dict[str, Any]] = [
        {"name": "新人满100减10", "kind": "amount", "amount_fen": 1000, "threshold_fen": 10000, "validity": "days",
         "valid_days": 30, "total": 1000, "per_user": 1},
        {"name": "全场无门槛5元", "kind": "amount", "amount_fen": 500, "threshold_fen": 0, "validity": "window",
         "valid_start": now - dt.timedelta(days=5), "valid_end": now + dt.timedelta(days=60), "total": 500,
         "per_user": 2},
        {"name": "全场85折（最多减50元）", "kind": "percent", "discount_bp": 8500, "cap_fen": 5000,
         "validity": "days", "valid_days": 7, "total": 200, "per_user": 1},
    ]
    rows = [{**r, "shop_id": 0, "scope": "all"} for r in rows]
    goods = await MallGoods.filter(review="approved").order_by("id").limit(3).values("id", "shop_id")
    listed = [g["id"] for g in goods if g["shop_id"] == goods[0]["shop_id"]] if goods else []
    if listed:
        rows.append({"name": "本店精选满200减30", "kind": "amount", "amount_fen": 3000, "threshold_fen": 20000,
                     "validity": "days", "valid_days": 15, "total": 100, "per_user": 1, "scope": "goods",
                     "shop_id": goods[0]["shop_id"], "target_ids": ",".join(map(str, listed))})
    rows = [{**r, "shelf": "1", "sort": i, "create_by": "admin", "create_time": now - dt.timedelta(days=5)}
            for i, r in enumerate(rows)]
    await ctx.insert(MallCoupon, rows)
    await ctx.insert(MallCouponTarget, [{"coupon_id": rows[-1]["id"], "target_id": g} for g in listed])
    claims = []
    for uid in ctx.uids[: ctx.size("coupon_claims", 40)]:
        coupon = rows[ctx.rng.randrange(len(rows))]
        at = ctx.moment(start=now - dt.timedelta(days=4), end=now - dt.timedelta(hours=1))
        start = coupon.get("valid_start") or at
        end = coupon.get("valid_end") or at + dt.timedelta(days=coupon["valid_days"])
        claims.append({"coupon_id": coupon["id"], "uid": uid, "shop_id": coupon["shop_id"], "seq": 1,
                       "status": "unused", "valid_start": start, "valid_end": end, "claim_time": at})
        coupon["issued"] = coupon.get("issued", 0) + 1
    await ctx.insert(MallUserCoupon, claims)
    for coupon in rows:
        if coupon.get("issued"):
            await MallCoupon.filter(id=coupon["id"]).update(issued=coupon["issued"])
