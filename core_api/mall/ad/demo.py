"""Demo data: two ad categories per shop holding a few of the shop's goods (the shops and goods come from
their demos, which run before this one)."""

from __future__ import annotations

from typing import Any

from core_api.mall.ad.models import MallAdCategory, MallAdGoods
from core_api.mall.goods.models import MallGoods
from core_api.mall.shop.models import MallShop


async def demo(ctx: Any) -> None:
    shops = await MallShop.all().order_by("id").limit(ctx.size("ad_shops", 20)).values_list("id", flat=True)
    categories: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    for shop in shops:
        goods = await MallGoods.filter(shop_id=shop).order_by("id").limit(6).values_list("id", flat=True)
        mine = [{"shop_id": shop, "name": name, "sort": i, "status": "1", "create_by": "demo", "create_time": ctx.now}
                for i, name in enumerate(("本周推荐", "新品上架"))]
        await ctx.insert(MallAdCategory, mine)
        categories += mine
        for i, category in enumerate(mine):
            entries += [{"category_id": category["id"], "shop_id": shop, "goods_id": g, "sort": n, "status": "1",
                         "create_by": "demo", "create_time": ctx.now} for n, g in enumerate(goods[i::2])]
    await ctx.insert(MallAdGoods, entries)
