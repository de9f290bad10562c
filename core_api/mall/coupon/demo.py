"""Demo coupons: platform coupons of both kinds, on shelf."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core_api.mall.coupon.models import MallCoupon


async def demo(ctx) -> None:
    if await MallCoupon.exists():
        return
    now = datetime.now(UTC)
    rows = [
        {"name": "新人满100减10", "kind": "amount", "amount_fen": 1000, "threshold_fen": 10000, "validity": "days",
         "valid_days": 30, "total": 1000, "per_user": 1},
        {"name": "全场无门槛5元", "kind": "amount", "amount_fen": 500, "threshold_fen": 0, "validity": "window",
         "valid_start": now, "valid_end": now + timedelta(days=60), "total": 500, "per_user": 2},
        {"name": "全场85折（最多减50元）", "kind": "percent", "discount_bp": 8500, "cap_fen": 5000,
         "validity": "days", "valid_days": 7, "total": 200, "per_user": 1},
    ]
    await ctx.insert(MallCoupon, [{**r, "shop_id": 0, "scope": "all", "shelf": "1", "sort": i, "create_by": "admin",
                                   "create_time": now} for i, r in enumerate(rows)])
