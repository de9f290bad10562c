"""Demo data: points-goods categories (mall categories of kind integral) and points-mall goods."""

from __future__ import annotations

from typing import Any

from core_api.demo import images
from core_api.mall.goods.models import MallCategory
from core_api.mall.integral_goods.models import MallIntegralGoods

GOODS = [("保温杯", "生活好物", 2000, 0, 50), ("帆布袋", "生活好物", 800, 0, 200), ("蓝牙耳机", "数码", 15000, 990, 10),
         ("10元话费", "虚拟商品", 1000, 0, 999), ("电影票", "虚拟商品", 3000, 500, 0)]


async def demo(ctx: Any) -> None:
    kinds = [{"kind": "integral", "parent_id": 0, "name": name, "sort": i, "create_by": "demo", "create_time": ctx.now}
             for i, name in enumerate(dict.fromkeys(g[1] for g in GOODS))]
    await ctx.insert(MallCategory, kinds)
    ids = {k["name"]: k["id"] for k in kinds}
    await ctx.insert(MallIntegralGoods, [
        {"name": name, "pics": images.address("integral", i), "category_id": ids[kind],
         "points": points, "cash_fen": cash, "stock": stock, "limit_per_user": 2 if stock < 100 else 0,
         "shelf": "1" if stock else "0", "sort": i, "detail": f"<p>{name}，积分兑换。</p>", "create_by": "demo",
         "create_time": ctx.now} for i, (name, kind, points, cash, stock) in enumerate(GOODS)])
